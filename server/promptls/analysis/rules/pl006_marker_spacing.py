"""PL006: the marker is not surrounded by exactly one blank line."""

from __future__ import annotations

from collections.abc import Iterator

from promptls.analysis.document import Document
from promptls.analysis.model import Edit, Finding, Fix, Severity
from promptls.analysis.rules.base import PROMPTISH, Rule, is_glued
from promptls.analysis.rules.pl005_empty_half import empty_side
from promptls.text.lazyre import lazy

_AFTER = lazy(r"[ \t\r\n]*")
_SPACE = frozenset(" \t\r\n")


def _gap_start(text: str, end: int) -> int:
    """Start of the whitespace run that ends at ``end`` (a backward scan, not a regex
    search from the start of the text, which would be linear in the static half)."""
    start = end
    while start > 0 and text[start - 1] in _SPACE:
        start -= 1
    return start


def _describe(gap: str) -> str:
    """Say what is wrong with one side's whitespace."""
    if "\r" in gap:
        return "CRLF line breaks (the split only trims \\n\\n, so \\r stays in the prompt)"
    breaks = gap.count("\n")
    if breaks == 0:
        return "no line break"
    if breaks == 1:
        return "a single line break (no blank line; the newline stays in the prompt)"
    if gap != "\n\n":
        if breaks == 2:
            return "spaces or tabs around the blank line"
        return f"{breaks - 1} blank lines (only one is trimmed by the split)"
    return ""


def check(doc: Document) -> Iterator[Finding]:
    """Only the first marker: duplicates are removed by PL001, edges are PL005's."""
    if not doc.exact:
        return
    hit = doc.exact[0]
    if empty_side(doc.text, hit) is not None:
        return
    text = doc.text
    edits: list[Edit] = []
    problems: list[str] = []
    if hit.start and not is_glued(text[hit.start - 1]):
        gap_start = _gap_start(text, hit.start)
        gap = text[gap_start : hit.start]
        if gap != "\n\n":
            edits.append(Edit(gap_start, hit.start, "\n\n"))
            problems.append(f"before it: {_describe(gap)}")
    if hit.end < len(text) and not is_glued(text[hit.end]):
        after = _AFTER.match(text, hit.end)
        assert after is not None
        gap = after.group()
        if gap != "\n\n":
            edits.append(Edit(hit.end, after.end(), "\n\n"))
            problems.append(f"after it: {_describe(gap)}")
    if edits:
        yield RULE.finding(
            "marker not surrounded by exactly one blank line — " + "; ".join(problems),
            hit.start,
            hit.end,
            fix=Fix("Put exactly one blank line around the marker", tuple(edits)),
        )


RULE = Rule(
    code="PL006",
    name="marker-spacing",
    severity=Severity.WARNING,
    summary="The marker should stand alone with exactly one blank line (\\n\\n) on each side.",
    explanation=(
        "split_system_prompt trims exactly one '\\n\\n' on each side of the marker. With no "
        "blank line (or a single newline, or spaces) the leftover whitespace becomes part "
        "of the halves: the static half ends with a newline or space and the dynamic half "
        "starts with one, so the text is not what join_system_prompt would produce and "
        "re-joining changes the cached prefix. CRLF blank lines ('\\r\\n\\r\\n') are not "
        "trimmed at all. Extra blank lines survive the split. The fix replaces the "
        "whitespace on each side with exactly '\\n\\n'."
    ),
    bad_example="Doctrine.\n__ZIDANE_SYSTEM_PROMPT_BOUNDARY__\nTurn state.\n",
    good_example="Doctrine.\n\n__ZIDANE_SYSTEM_PROMPT_BOUNDARY__\n\nTurn state.\n",
    fixable=True,
    kinds=PROMPTISH,
    check=check,
    needs_discovery=False,
    applies_to="prompt files, other text files",
)
