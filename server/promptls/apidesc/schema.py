"""The JSON-Schema subset the command descriptions are written in, and its builders.

Type, properties, required, items, enum: enough for the generated TypeScript types, the
reference page and the tests that check the CLI's ``--json`` and the server's answers
against it. Kept apart from the shapes so each description module reads as data.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

Schema = dict[str, Any]


def leaf(kind: str | list[str], text: str = "", **more: Any) -> Schema:
    """A leaf schema with a description."""
    out: Schema = {"type": kind, **more}
    if text:
        out["description"] = text
    return out


def obj(
    props: Mapping[str, Schema],
    text: str = "",
    *,
    optional: tuple[str, ...] = (),
    title: str = "",
) -> Schema:
    """An object schema; every property is required unless named in ``optional``. A
    ``title`` names a shape used in several results (generated clients declare it once)."""
    out: Schema = {"title": title} if title else {}
    out |= {
        "type": "object",
        "properties": dict(props),
        "required": [k for k in props if k not in optional],
    }
    if text:
        out["description"] = text
    return out


def nullable(schema: Schema) -> Schema:
    """``schema`` or null."""
    return {**schema, "type": [schema["type"], "null"]}


def list_of(items: Schema, text: str = "") -> Schema:
    """An array schema."""
    return leaf("array", text, items=items)
