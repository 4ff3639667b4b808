"""PL016: a suppression comment names a code that is not a rule."""

from __future__ import annotations

from collections.abc import Iterator

from promptls.analysis.document import Document
from promptls.analysis.model import Finding, Severity
from promptls.analysis.rules.base import ALL_KINDS, Rule


def check(doc: Document) -> Iterator[Finding]:
    """Unknown codes recorded while parsing suppression comments."""
    for start, end, token in doc.suppressions.unknown:
        yield RULE.finding(
            f"unknown rule code {token!r} in a suppression comment: it suppresses nothing",
            start,
            end,
        )


RULE = Rule(
    code="PL016",
    name="invalid-suppression",
    severity=Severity.WARNING,
    summary="A promptls-disable/enable/noqa comment names a code that does not exist.",
    explanation=(
        "Suppression comments take rule codes (PL001 … PL026). A misspelt code suppresses "
        "nothing, and the finding you meant to silence keeps appearing — or worse, you "
        "stop looking. promptls reports every unknown code at the code itself. "
        "`promptls rules` lists the valid codes."
    ),
    bad_example="<!-- promptls-disable PL08 -->\n",
    good_example="<!-- promptls-disable PL008 -->\n",
    fixable=False,
    kinds=ALL_KINDS,
    check=check,
    needs_discovery=False,
    applies_to="prompt files, other text files, instruction files",
)
