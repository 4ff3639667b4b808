"""PL002: a token that looks like a marker but is not one."""

from __future__ import annotations

from collections.abc import Iterator

from promptls.analysis.document import Document
from promptls.analysis.model import DocumentKind, Edit, Finding, Fix, MarkerKind, Severity
from promptls.analysis.rules.base import ALL_KINDS, Rule


def check(doc: Document) -> Iterator[Finding]:
    """Report each near-miss; offer the exact marker except in instruction files and
    after the first real marker (there it would only become a duplicate, PL001)."""
    for hit in doc.markers:
        if hit.kind is not MarkerKind.NEAR_MISS:
            continue
        fix = None
        after_split = bool(doc.exact) and doc.exact[0].start < hit.start
        if doc.kind is not DocumentKind.INSTRUCTION and not after_split:
            fix = Fix(f"Replace with {hit.marker}", (Edit(hit.start, hit.end, hit.marker),))
        yield RULE.finding(hit.reason, hit.start, hit.end, fix=fix)


RULE = Rule(
    code="PL002",
    name="near-miss-marker",
    severity=Severity.ERROR,
    summary="A marker-shaped token that differs from a configured marker will not split.",
    explanation=(
        "The split looks for the configured marker byte for byte. A token that differs by "
        "letter case, the number of underscores, hyphens or spaces instead of underscores, "
        "one or two typos, an invisible character inside, or a line break in the middle is "
        "not a marker: the prompt is not split there, the whole text is treated as static "
        "(or the split happens somewhere else) and the near-miss reaches the model. In a "
        "prompt file the fix replaces it with the exact marker; in an instruction file it "
        "is reported without a fix, because a marker does not belong there either (PL003). "
        "The exact detection criterion is documented in docs/rules.md."
    ),
    bad_example="Doctrine.\n\n__ZIDANE_SYSTEM_PROMPT_BOUNDRY__\n\nTurn state.\n",
    good_example="Doctrine.\n\n__ZIDANE_SYSTEM_PROMPT_BOUNDARY__\n\nTurn state.\n",
    fixable=True,
    kinds=ALL_KINDS,
    check=check,
)
