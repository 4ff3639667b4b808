"""PL004: a marker glued to word characters."""

from __future__ import annotations

from collections.abc import Iterator

from promptls.analysis.document import Document
from promptls.analysis.model import Edit, Finding, Fix, MarkerHit, Severity
from promptls.analysis.rules.base import PROMPTISH, Rule, is_glued


def _run(text: str, start: int, step: int) -> int:
    """Length of the glued run from ``start`` going left (-1) or right (+1)."""
    length = 0
    index = start
    while 0 <= index < len(text) and is_glued(text[index]):
        length += 1
        index += step
    return length


def _fix(text: str, hit: MarkerHit, left: int, right: int) -> Fix:
    """Drop stray underscores/hyphens; move real words away with a blank line."""
    edits: list[Edit] = []
    if left:
        glued = text[hit.start - left : hit.start]
        if glued.strip("_-") == "":
            edits.append(Edit(hit.start - left, hit.start, ""))
        else:
            edits.append(Edit(hit.start, hit.start, "\n\n"))
    if right:
        glued = text[hit.end : hit.end + right]
        if glued.strip("_-") == "":
            edits.append(Edit(hit.end, hit.end + right, ""))
        else:
            edits.append(Edit(hit.end, hit.end, "\n\n"))
    return Fix("Separate the marker from the glued text", tuple(edits))


def check(doc: Document) -> Iterator[Finding]:
    """Markers with letters, digits, ``_`` or ``-`` directly before or after them."""
    for index, hit in enumerate(doc.exact):
        left = _run(doc.text, hit.start - 1, -1) if hit.start else 0
        right = _run(doc.text, hit.end, 1)
        if not left and not right:
            continue
        glued = doc.text[hit.start - left : hit.start] + "…" + doc.text[hit.end : hit.end + right]
        yield RULE.finding(
            f"marker glued to {glued!r}: the split happens at the exact marker and the glued "
            "characters stay in the prompt",
            hit.start - left,
            hit.end + right,
            fix=_fix(doc.text, hit, left, right) if index == 0 else None,
        )


RULE = Rule(
    code="PL004",
    name="glued-marker",
    severity=Severity.ERROR,
    summary="Characters stuck to a marker (x__ZIDANE…, …BOUNDARY___) reach the wire.",
    explanation=(
        "The split matches the exact marker inside whatever surrounds it. Letters, digits, "
        "underscores or hyphens stuck to it are not part of the marker: they stay at the "
        "end of the static half or the start of the dynamic half, and the model reads them "
        "(a stray '_', or half of a word). Usually this is an extra underscore or text "
        "concatenated without a separator. The fix deletes stray underscores/hyphens and "
        "moves real text away from the marker with a blank line."
    ),
    bad_example="Doctrine.\n\n___ZIDANE_SYSTEM_PROMPT_BOUNDARY__\n\nTurn state.\n",
    good_example="Doctrine.\n\n__ZIDANE_SYSTEM_PROMPT_BOUNDARY__\n\nTurn state.\n",
    fixable=True,
    kinds=PROMPTISH,
    check=check,
    needs_discovery=False,
    applies_to="prompt files, other text files",
)
