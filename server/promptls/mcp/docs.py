"""The generated part of ``docs/mcp.md`` (each tool's description, the resources, every
client's set-up lines) and ``docs/mcp-schemas.json`` (each tool's schemas), from the
objects the server publishes.

``scripts/gen-api`` writes it between the page's markers; the API drift test fails
when the committed page differs, so the page cannot describe another server.
"""

from __future__ import annotations

import json

from promptls.mcp.server import RESOURCES, tools
from promptls.mcp.setup import setup_markdown

START = "<!-- mcp:generated:start -->"
END = "<!-- mcp:generated:end -->"


SCHEMAS_FILE = "mcp-schemas.json"
"""Beside docs/mcp.md: every tool's input and output schema, generated with the page."""


def schemas_json() -> str:
    """Each tool's input and output (structured content) schema, as the server lists them."""
    schemas = {t.name: {"input": t.parameters, "output": t.output_schema} for t in tools()}
    return json.dumps(schemas, indent=2, ensure_ascii=False) + "\n"


def reference() -> str:
    """Tools, resources and set-up lines as Markdown."""
    parts = [
        "## Tools\n",
        f"Each tool's input and output schemas, as the server lists them: [{SCHEMAS_FILE}]"
        f"({SCHEMAS_FILE}).\n",
    ]
    for tool in tools():
        description = " ".join(tool.description.split())
        parts.append(f"### `{tool.name}`\n\n{description}\n")
    parts.append("## Resources\n")
    for uri, (name, description, _read) in RESOURCES.items():
        parts.append(f"- `{uri}` ({name}, JSON): {description}")
    parts.append("\n## Set-up lines\n")
    parts.append(setup_markdown())
    return "\n".join(parts)


def splice(page: str) -> str:
    """``page`` with the text between its markers replaced by :func:`reference`."""
    head, start, rest = page.partition(START)
    _old, end, tail = rest.partition(END)
    if not start or not end:
        raise ValueError(f"docs/mcp.md lacks the {START} / {END} markers")
    return f"{head}{START}\n\n{reference()}\n{END}{tail}"
