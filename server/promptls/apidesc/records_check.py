"""The records of ``promptls check --format json`` and ``promptls rules --format json``
(snake_case, as those formats have it); see ``records`` for what a record is."""

from typing import Annotated, NotRequired, TypedDict

from promptls.analysis.model import Severity
from promptls.apidesc.schema import OneOf, Shared

Offset = Annotated[int, "Code points from the start of the file."]
_SEVERITIES = OneOf([s.value for s in Severity])


class Edit(TypedDict):
    start: Offset
    end: Offset
    new_text: str


class Fix(TypedDict):
    """The safe fix; null when there is none."""

    title: str
    edits: list[Edit]


class RelatedSpan(TypedDict):
    start: Offset
    end: Offset
    message: str
    path: NotRequired[Annotated[str, "Another file, when the span is not in this one."]]


class _Finding(TypedDict):
    """One finding of `promptls check --format json` (snake_case, as that format has it)."""

    path: Annotated[str, "The file, as given or as the walk found it."]
    code: Annotated[str, "The rule code, PL001…"]
    name: Annotated[str, "The rule's name."]
    severity: Annotated[str, _SEVERITIES]
    message: str
    line: Annotated[int, "1-based line."]
    column: Annotated[int, "1-based column, in code points."]
    end_line: int
    end_column: int
    start: Offset
    end: Offset
    fixable: Annotated[bool, "Whether `check --fix` applies a fix."]
    fix: Fix | None
    related: list[RelatedSpan]
    agents: Annotated[list[str], "The agents it applies to; empty: every agent."]


Finding = Annotated[_Finding, Shared("Finding")]


class _RuleRow(TypedDict):
    """One rule of `promptls rules --format json`."""

    code: str
    name: str
    severity: Annotated[str, "Default severity.", _SEVERITIES]
    fixable: bool
    summary: str


RuleRow = Annotated[_RuleRow, Shared("Rule")]
