"""Check a JSON value against a shape of ``promptls.apidesc`` (a small JSON-Schema subset).

Used by the CLI and the LSP command tests: both front ends must produce exactly the
described fields (no missing required field, no undescribed field, right JSON types).
"""

from __future__ import annotations

from typing import Any

_JSON_TYPES = {
    type(None): "null",
    bool: "boolean",
    int: "integer",
    float: "number",
    str: "string",
    list: "array",
    dict: "object",
}


def problems(value: Any, schema: dict[str, Any], where: str = "$") -> list[str]:
    """Every way ``value`` departs from ``schema``; empty when it conforms."""
    kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
    kind = _JSON_TYPES.get(type(value), type(value).__name__)
    if kind not in kinds:
        return [f"{where}: {kind}, expected {' or '.join(kinds)}"]
    if "enum" in schema and value not in schema["enum"]:
        return [f"{where}: {value!r} not in {schema['enum']}"]
    out: list[str] = []
    if kind == "object" and "properties" in schema:
        props = schema["properties"]
        out += [f"{where}: missing {k!r}" for k in schema.get("required", ()) if k not in value]
        out += [f"{where}: undescribed {k!r}" for k in value if k not in props]
        for key, sub in value.items():
            if key in props:
                out += problems(sub, props[key], f"{where}.{key}")
    elif kind == "object" and "additionalProperties" in schema:
        for key, sub in value.items():
            out += problems(sub, schema["additionalProperties"], f"{where}.{key}")
    elif kind == "array":
        for index, item in enumerate(value):
            out += problems(item, schema["items"], f"{where}[{index}]")
    return out


def result_schema(command_id: str) -> dict[str, Any]:
    """The described result of one ``workspace/executeCommand`` command."""
    from promptls.apidesc.commands import COMMANDS

    return next(c["result"] for c in COMMANDS if c["id"] == command_id)
