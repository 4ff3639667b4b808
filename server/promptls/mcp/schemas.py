"""The output schemas of the MCP tools, built from the shapes ``promptls api-json``
describes (``promptls.apidesc.results``): the tools return what the CLI's ``--json``
prints, so they are described by the same schemas, minus the ``text`` the tools send as
their text content. The SDK's client checks every structured result against them, and
``docs/mcp.md`` prints them (a test fails when the page is stale).
"""

from __future__ import annotations

import copy
from typing import Any

from promptls.apidesc.results import (
    AGENTS_PREVIEW_RESULT,
    CONTEXT_RESULT,
    FINDING,
    RENDERING,
    RULE_ROW,
)
from promptls.apidesc.schema import Schema, leaf, list_of, obj


def _without_text(schema: Schema) -> Schema:
    """A result shape without its ``text`` member (sent as the text content instead)."""
    out = copy.deepcopy(schema)
    out["properties"].pop("text")
    out["required"] = [k for k in out["required"] if k != "text"]
    return out


def _instructions() -> Schema:
    """``context --json`` with each profile's measured ``rendering`` (no wire text)."""
    out = _without_text(CONTEXT_RESULT)
    profile = out["properties"]["profiles"]["items"]
    rendering = copy.deepcopy(RENDERING)
    rendering["properties"].pop("wire")
    rendering["description"] = (
        "What the agent sends of these files: each file's position, bytes and tokens."
    )
    profile["properties"]["rendering"] = rendering
    profile["required"].append("rendering")
    return out


OUTPUT_SCHEMAS: dict[str, Schema] = {
    "instructions_for": _instructions(),
    "preview": _without_text(AGENTS_PREVIEW_RESULT),
    "check": obj(
        {
            "files": leaf("integer", "Files read and analysed."),
            "findings": list_of(FINDING, "Every finding, file by file, in file order."),
        }
    ),
    "explain": obj(
        {
            **RULE_ROW["properties"],
            "explanation": leaf("string"),
            "badExample": leaf("string", "Text the rule reports."),
            "goodExample": leaf("string", "The same text, fixed."),
            "page": leaf("string", "The rule's documentation, as `promptls rule CODE` prints it."),
            "url": leaf("string", "The rule's published page; absent while none is published."),
        },
        "One rule in full: `promptls explain CODE`.",
        optional=("url",),
    ),
}
"""Each tool's structured content, as a JSON Schema."""


def output_schema(name: str) -> dict[str, Any]:
    """A copy the SDK may keep (it is published as given)."""
    return copy.deepcopy(OUTPUT_SCHEMAS[name])
