"""The JSON-Schema subset the command descriptions are written in, and its builders.

Type, properties, required, items, enum: enough for the generated TypeScript types, the
reference page and the tests that check the CLI's ``--json`` and the server's answers
against it. The result shapes are typed records (``results``), and :func:`schema_of`
derives their schemas, so the serialisers that build the records (type-checked against
them) and the schema editors read cannot say different things. Arguments and the MCP
wrappers are small enough to be written with the builders directly.
"""

from __future__ import annotations

import types
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, NotRequired, Union, get_args, get_origin, get_type_hints

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


@dataclass(frozen=True)
class OneOf:
    """``Annotated`` metadata: the values a string field may take (a JSON-Schema enum)."""

    values: Sequence[str]


@dataclass(frozen=True)
class Shared:
    """``Annotated`` metadata on a record: the title generated clients declare it under
    once, for a shape several results use."""

    title: str


_LEAVES: Mapping[Any, str] = {str: "string", int: "integer", bool: "boolean"}


def schema_of(record: Any) -> Schema:
    """The schema of a record type: a ``TypedDict`` (its docstring is the description,
    ``NotRequired`` keys are optional), ``list[T]``, ``T | None``, ``str``, ``int``,
    ``bool``, each optionally ``Annotated`` with a description (the outermost, which
    Python lists last, wins), a :class:`OneOf` and, on a record, a :class:`Shared`
    title. Anything else raises, so a record cannot carry a field the schema would
    misdescribe."""
    return _described(*_unwrap(record))


_Meta = tuple[Any, str, "list[str | None] | None", str]


def _unwrap(record: Any) -> _Meta:
    """The bare type under ``Annotated`` wrappers, and the metadata they give."""
    text, values, title = "", None, ""
    while get_origin(record) is Annotated:
        record, *meta = get_args(record)
        for item in meta:
            if isinstance(item, str):
                text = item
            elif isinstance(item, OneOf):
                values = list[str | None](item.values)
            elif isinstance(item, Shared):
                title = item.title
    return record, text, values, title


def _described(record: Any, text: str, values: list[str | None] | None, title: str) -> Schema:
    """The schema of a bare type, with the metadata its ``Annotated`` wrappers gave."""
    if get_origin(record) in (Union, types.UnionType):
        members = [m for m in get_args(record) if m is not type(None)]
        if len(members) != 1 or len(members) == len(get_args(record)):
            raise TypeError(f"only T | None is described, not {record}")
        inner, inner_text, inner_values, inner_title = _unwrap(members[0])
        values = values if values is not None else inner_values
        if values is not None:
            values = [*values, None]
        return nullable(_described(inner, text or inner_text, values, title or inner_title))
    if get_origin(record) is list:
        (item,) = get_args(record)
        return list_of(schema_of(item), text)
    if record in _LEAVES:
        return leaf(_LEAVES[record], text, **({"enum": values} if values is not None else {}))
    if isinstance(record, type) and hasattr(record, "__required_keys__"):
        return _record(record, text, title)
    raise TypeError(f"no JSON schema for {record!r}")


def _record(record: type, text: str, title: str) -> Schema:
    """A ``TypedDict`` as an object schema, its keys in declaration order."""
    props: dict[str, Schema] = {}
    optional: list[str] = []
    for key, hint in get_type_hints(record, include_extras=True).items():
        if get_origin(hint) is NotRequired:
            (hint,) = get_args(hint)
            optional.append(key)
        props[key] = schema_of(hint)
    doc = text or " ".join((record.__doc__ or "").split())
    return obj(props, doc, optional=tuple(optional), title=title)
