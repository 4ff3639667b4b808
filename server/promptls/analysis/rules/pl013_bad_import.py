"""PL013: an ``@import`` that does not resolve, loops or goes too deep."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import PurePath

from promptls.analysis.document import Document
from promptls.analysis.model import Finding, Severity
from promptls.analysis.rules.base import INSTRUCTION_ONLY, Rule
from promptls.analysis.rules.discovered import entries, first_line_span, line_span, same_file
from promptls.discovery.model import EntryStatus
from promptls.text.lazyre import lazy

_IMPORT = lazy(r"@[^\s`'\"()<>\[\]]+")


def _token_span(text: str, start: int, end: int, target: str) -> tuple[int, int]:
    """Narrow a line to the ``@path`` that names the target (else keep the line).

    Claude drops trailing punctuation from a token, gemini keeps it (``@./a.md,`` names
    ``a.md,``), so a token matches with or without it.
    """
    name = PurePath(target).name
    for match in _IMPORT.finditer(text, start, end):
        for token in (match.group(), match.group().rstrip(".,;:!?")):
            if name and PurePath(token[1:]).name == name:
                return match.start(), match.start() + len(token)
    return start, max(start, end)


def check(doc: Document) -> Iterator[Finding]:
    """Import errors the discovery recorded for imports made by this file."""
    for entry in entries(doc):
        if entry.status != EntryStatus.IMPORT_ERROR:
            continue
        if not same_file(entry.imported_from, doc.path):
            continue
        line = entry.line
        start, end = line_span(doc.text, line) if line else first_line_span(doc.text)
        start, end = _token_span(doc.text, start, end, entry.path)
        yield RULE.finding(f"broken import: {entry.reason}", start, end)


RULE = Rule(
    code="PL013",
    name="broken-import",
    severity=Severity.WARNING,
    summary="An @import that does not resolve, loops, or exceeds the profile's depth.",
    explanation=(
        "Claude Code and Gemini CLI expand `@path` references in instruction files "
        "(relative to the importing file; not inside code). A path that does not exist, "
        "a cycle, or a chain deeper than the profile allows (claude: 4 hops, gemini: 5) "
        "is not loaded, so the instructions you meant to include are not there: Claude "
        "skips it silently, Gemini CLI replaces the token with an `Import failed` "
        "comment, and also refuses URLs and paths outside the project root. Only "
        "reported when the file is checked with a discovery (the CLI does this for "
        "instruction files)."
    ),
    bad_example="See @docs/missing-guide.md for the style rules.\n",
    good_example="See @docs/style.md for the style rules.\n",
    fixable=False,
    kinds=INSTRUCTION_ONLY,
    check=check,
)
