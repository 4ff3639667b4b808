"""The shape of a rule and small helpers the rule modules share."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from promptls.analysis.document import Document
from promptls.analysis.model import DocumentKind, Edit, Finding, MarkerHit, Severity
from promptls.record import Record

PROMPTISH = frozenset({DocumentKind.PROMPT, DocumentKind.OTHER})
"""Documents that may legitimately carry a marker (prompt templates, other text)."""
TEXT_KINDS = frozenset({DocumentKind.PROMPT, DocumentKind.INSTRUCTION})
ALL_KINDS = frozenset(DocumentKind)
INSTRUCTION_ONLY = frozenset({DocumentKind.INSTRUCTION})


class Rule(Record):
    """A rule's identity, documentation and check: the one source of its prose, from which
    ``scripts/gen-api`` writes the rule pages of ``docs/rules.md`` and the README's table."""

    code: str
    name: str
    severity: Severity
    summary: str
    explanation: str
    bad_example: str
    good_example: str
    fixable: bool
    kinds: frozenset[DocumentKind]
    check: Callable[[Document], Iterable[Finding]]
    needs_discovery: bool = True
    """Whether the findings can depend on the discovery or coverage the document is
    analysed with (``Document.discovery``, ``.coverage``, ``.discover``). A rule that
    reads only the text, path and settings says False, and then runs once per file
    instead of once per agent the repository is set up for; the default is the safe one."""
    applies_to: str = ""
    """Which files it reads, in words, for the rule's page (the kinds say it for the code)."""
    fix_note: str = ""
    """What the page adds after yes or no on its fix (``a quick fix in the editor``)."""
    details: str = ""
    """Markdown the rule's page gives after the examples: what it recognises and why, its
    sources, the cases it leaves alone."""

    def finding(self, message: str, start: int, end: int, **extra: object) -> Finding:
        """A finding of this rule at its default severity (config may override later)."""
        return Finding(self.code, self.severity, message, start, end, **extra)  # type: ignore[arg-type]


def marker_removal(text: str, hit: MarkerHit) -> tuple[Edit, ...]:
    """Remove a marker with one adjacent blank line so the spacing around stays single."""
    if text.startswith("\n\n", hit.end):
        return (Edit(hit.start, hit.end + 2, ""),)
    if hit.start >= 2 and text[hit.start - 2 : hit.start] == "\n\n":
        return (Edit(hit.start - 2, hit.end, ""),)
    return (Edit(hit.start, hit.end, ""),)


GLUE = frozenset("_-") | frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")


def is_glued(char: str) -> bool:
    """Whether a neighbouring character sticks to a marker (letters, digits, _ and -)."""
    return char in GLUE or (char.isalnum() and not char.isspace())
