"""PL005: a marker with nothing before or nothing after it."""

from __future__ import annotations

from collections.abc import Iterator

from promptls.analysis.document import Document
from promptls.analysis.model import Edit, Finding, Fix, MarkerHit, Severity
from promptls.analysis.rules.base import PROMPTISH, Rule
from promptls.text.lazyre import lazy

_NON_SPACE = lazy(r"\S")


def empty_side(text: str, hit: MarkerHit) -> str | None:
    """``"static"`` or ``"dynamic"`` when only whitespace is on that side of the marker."""
    if _blank(text, 0, hit.start):
        return "static"
    if _blank(text, hit.end, len(text)):
        return "dynamic"
    return None


def _blank(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is only whitespace, without copying a huge slice."""
    match = _NON_SPACE.search(text, start, end)
    return match is None


def check(doc: Document) -> Iterator[Finding]:
    """The first marker at the very start or the very end of the prompt."""
    if not doc.exact:
        return
    hit = doc.exact[0]
    side = empty_side(doc.text, hit)
    if side == "static":
        yield RULE.finding(
            "marker at the start: the static half is empty, so nothing is cached",
            hit.start,
            hit.end,
            fix=Fix(
                "Remove the marker",
                (Edit(0, len(doc.text) - len(doc.text[hit.end :].lstrip()), ""),),
            ),
        )
    elif side == "dynamic" and len(doc.exact) == 1:
        end = len(doc.text[: hit.start].rstrip())
        yield RULE.finding(
            "marker at the end: the dynamic half is empty (join would never produce this)",
            hit.start,
            hit.end,
            fix=Fix("Remove the marker", (Edit(end, hit.end, ""),)),
        )


RULE = Rule(
    code="PL005",
    name="empty-half",
    severity=Severity.WARNING,
    summary="A marker at the very start (nothing cacheable) or end (no dynamic half).",
    explanation=(
        "A marker splits the prompt into a static half (before it, cached) and a dynamic "
        "half (after it). At the start of the text the static half is empty: nothing is "
        "cached and every request pays for the whole prompt. At the end the dynamic half "
        "is empty: join_system_prompt never produces that shape (it drops the marker when "
        "there is no dynamic half), so a host appending dynamic content may add a second "
        "marker. The fix removes the marker (with the whitespace next to it)."
    ),
    bad_example="__ZIDANE_SYSTEM_PROMPT_BOUNDARY__\n\nYou are a coding agent.\n",
    good_example="You are a coding agent.\n\n__ZIDANE_SYSTEM_PROMPT_BOUNDARY__\n\n"
    "Today: {{date}}\n",
    fixable=True,
    kinds=PROMPTISH,
    check=check,
    needs_discovery=False,
    applies_to="prompt files, other text files",
)
