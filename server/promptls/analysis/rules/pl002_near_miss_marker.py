"""PL002: a token that looks like a marker but is not one."""

from __future__ import annotations

from collections.abc import Iterator

from promptls.analysis.document import Document
from promptls.analysis.model import DocumentKind, Edit, Finding, Fix, MarkerKind, Severity
from promptls.analysis.rules.base import ALL_KINDS, Rule


def check(doc: Document) -> Iterator[Finding]:
    """Report each near-miss; offer the exact marker only where that is safe.

    Not in instruction files (a marker does not belong there, PL003), and not when the
    text already has a real marker: the replacement would either become a duplicate
    (PL001) or move the split to an earlier place, changing what is cached.
    """
    for hit in doc.markers:
        if hit.kind is not MarkerKind.NEAR_MISS:
            continue
        fix = None
        if doc.kind is not DocumentKind.INSTRUCTION and not doc.exact:
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
        "is reported without a fix, because a marker does not belong there either (PL003), and "
        "so is a near-miss in a prompt that already has a real marker (the replacement "
        "would be a duplicate or would move the split). "
        "The exact detection criterion is documented in docs/rules.md."
    ),
    bad_example="Doctrine.\n\n__ZIDANE_SYSTEM_PROMPT_BOUNDRY__\n\nTurn state.\n",
    good_example="Doctrine.\n\n__ZIDANE_SYSTEM_PROMPT_BOUNDARY__\n\nTurn state.\n",
    fixable=True,
    kinds=ALL_KINDS,
    check=check,
    needs_discovery=False,
    applies_to="prompt files, other text files, instruction files",
)
