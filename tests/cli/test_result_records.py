"""The command contract is written once: the typed records of ``promptls.apidesc.records``.

Strict mypy checks each serialiser's output against the record it is typed to return; these
tests check the other half: that the schema every front end publishes (``api-json``, the
generated clients, the MCP output schemas) is the one derived from the very record the
serialiser returns, so a serialiser retyped to a plain dict, or a command described by a
record its handler does not return, fails here. The golden and conformance tests check
the bytes users get.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, NotRequired, TypedDict

import pytest

from promptls.apidesc import records, records_check, records_preview
from promptls.apidesc.commands import COMMANDS
from promptls.apidesc.ids import (
    CONTEXT_REVISION,
    PREVIEW_DIFF,
    PREVIEW_PROMPT,
    RENDER_WIRE,
    SHOW_CONTEXT_FILES,
    SHOW_ENVIRONMENT,
    SHOW_LOADERS,
)
from promptls.apidesc.results import AGENTS_PREVIEW_RESULT, FINDING, RULE_ROW
from promptls.apidesc.schema import OneOf, Shared, schema_of
from promptls.commands import _check_output, rules
from promptls.lsp import commands as lsp_commands
from promptls.views import diff, loaders, shapes

_NAMES = {"rec": records, "recp": records_preview, **vars(records), **vars(records_check)}
_NAMES |= vars(records_preview)


def _returns(fn: Callable[..., Any]) -> Any:
    """The declared return type of ``fn``, with its type-checking-only imports resolved
    (the other annotations name types this module need not import)."""
    declared = fn.__annotations__["return"]
    return eval(declared, {**fn.__globals__, **_NAMES}) if isinstance(declared, str) else declared


HANDLERS: dict[str, Callable[..., Any]] = {
    SHOW_CONTEXT_FILES: lsp_commands.show_context_files,
    SHOW_ENVIRONMENT: lsp_commands.show_environment,
    PREVIEW_PROMPT: lsp_commands.preview_prompt,
    PREVIEW_DIFF: lsp_commands.cache_diff,
    RENDER_WIRE: lsp_commands.render_wire,
    CONTEXT_REVISION: lsp_commands.context_revision,
    SHOW_LOADERS: lsp_commands.show_loaders,
}
"""Each public command's handler in the language server."""

SERIALISERS: dict[str, Callable[..., Any]] = {
    SHOW_CONTEXT_FILES: shapes.context_result,
    SHOW_ENVIRONMENT: shapes.environment_result,
    PREVIEW_PROMPT: shapes.preview_result,
    PREVIEW_DIFF: diff.difference_json,
    RENDER_WIRE: shapes.wire_result,
    CONTEXT_REVISION: shapes.revision_result,
    SHOW_LOADERS: loaders.loaders_result,
}
"""The serialiser the handler and the CLI's ``--json`` share."""


def test_every_public_command_has_a_typed_handler_and_serialiser() -> None:
    assert set(HANDLERS) == set(SERIALISERS) == {c["id"] for c in COMMANDS}


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c["id"])
def test_a_commands_described_result_is_the_record_its_serialiser_returns(
    command: dict[str, Any],
) -> None:
    record = _returns(SERIALISERS[command["id"]])
    assert _returns(HANDLERS[command["id"]]) == record
    assert command["result"] == schema_of(record)


def test_the_cli_only_shapes_are_the_records_their_serialisers_return() -> None:
    assert schema_of(_returns(shapes.agents_preview_result)) == AGENTS_PREVIEW_RESULT
    assert schema_of(_returns(rules.rule_row)) == RULE_ROW
    assert schema_of(_returns(_check_output.findings_json)) == {
        "type": "array",
        "items": FINDING,
    }


class _Inner(TypedDict):
    """An inner record."""

    n: Annotated[int, "A count."]


class _Sample(TypedDict):
    """A record with
    a docstring over two lines."""

    kind: Annotated[str | None, "What it is.", OneOf(["a", "b"])]
    inner: Annotated[_Inner, Shared("Inner")]
    renamed: Annotated[Annotated[int, "Inner text."], "Outer text."]
    items: Annotated[list[_Inner], "The items."]
    later: NotRequired[bool]


def test_schema_of_a_record_keeps_order_optionality_descriptions_and_null() -> None:
    schema = schema_of(_Sample)
    assert schema["description"] == "A record with a docstring over two lines."
    assert list(schema["properties"]) == ["kind", "inner", "renamed", "items", "later"]
    assert schema["required"] == ["kind", "inner", "renamed", "items"]
    assert schema["properties"]["kind"] == {
        "type": ["string", "null"],
        "enum": ["a", "b", None],
        "description": "What it is.",
    }
    assert schema["properties"]["inner"]["title"] == "Inner"
    assert schema["properties"]["inner"]["description"] == "An inner record."
    assert schema["properties"]["renamed"]["description"] == "Outer text."
    assert schema["properties"]["items"]["items"]["properties"]["n"] == {
        "type": "integer",
        "description": "A count.",
    }


class _Undescribable(TypedDict):
    ratio: float


class _AnyUnion(TypedDict):
    value: int | str


@pytest.mark.parametrize("record", [_Undescribable, _AnyUnion, dict[str, int]])
def test_a_field_the_schema_cannot_state_is_refused(record: Any) -> None:
    with pytest.raises(TypeError):
        schema_of(record)
