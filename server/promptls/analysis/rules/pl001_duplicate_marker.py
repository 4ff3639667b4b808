"""PL001: a second (third, …) marker in a prompt."""

from __future__ import annotations

from collections.abc import Iterator

from promptls.analysis.document import Document
from promptls.analysis.model import Finding, Fix, Related, Severity
from promptls.analysis.rules.base import PROMPTISH, Rule, marker_removal


def check(doc: Document) -> Iterator[Finding]:
    """Every configured marker after the first is folded, not split on."""
    if len(doc.exact) < 2:
        return
    first = doc.exact[0]
    related = (Related(first.start, first.end, "the first marker, where the prompt splits"),)
    for hit in doc.exact[1:]:
        yield RULE.finding(
            "duplicate marker: only the first one splits; this one is folded into the "
            "dynamic half and reaches the model verbatim on cache-aware providers",
            hit.start,
            hit.end,
            related=related,
            fix=Fix("Remove the duplicate marker", marker_removal(doc.text, hit)),
            unnecessary=True,
        )


RULE = Rule(
    code="PL001",
    name="duplicate-marker",
    severity=Severity.ERROR,
    summary="Only the first boundary marker splits; later ones are folded into the dynamic half.",
    explanation=(
        "A prompt is split at its FIRST boundary marker: the text before it is the cacheable "
        "static half, the text after it the dynamic half. Any later marker is not a second "
        "split point — it is folded verbatim into the dynamic half, so on providers that "
        "honour cache control the model reads the raw marker string, and the layout you "
        "meant (two cache layers) does not exist. Remove the extra markers; the fix removes "
        "the marker together with one adjacent blank line."
    ),
    bad_example="Doctrine.\n\n__ZIDANE_SYSTEM_PROMPT_BOUNDARY__\n\nTurn state.\n\n"
    "__ZIDANE_SYSTEM_PROMPT_BOUNDARY__\n\nMore turn state.\n",
    good_example="Doctrine.\n\n__ZIDANE_SYSTEM_PROMPT_BOUNDARY__\n\nTurn state.\n\n"
    "More turn state.\n",
    fixable=True,
    kinds=PROMPTISH,
    check=check,
    needs_discovery=False,
    applies_to="prompt files, other text files",
)
