"""PL015: a file hidden by another one for the profile."""

from __future__ import annotations

from collections.abc import Iterator

from promptls.analysis.document import Document
from promptls.analysis.model import Finding, Severity
from promptls.analysis.rules.base import INSTRUCTION_ONLY, Rule
from promptls.analysis.rules.discovered import entries, first_line_span, same_file
from promptls.discovery.model import EntryStatus


def check(doc: Document) -> Iterator[Finding]:
    """Entries for this file whose status is ``shadowed``."""
    for entry in entries(doc):
        if entry.status != EntryStatus.SHADOWED or not same_file(entry.path, doc.path):
            continue
        start, end = first_line_span(doc.text)
        yield RULE.finding(f"shadowed: {entry.reason}", start, end)


RULE = Rule(
    code="PL015",
    name="shadowed-file",
    severity=Severity.WARNING,
    summary="Another file takes this file's slot, so the agent never reads it.",
    explanation=(
        "Some agents load only one file per directory: codex takes AGENTS.override.md "
        "when it exists (even empty) and ignores AGENTS.md next to it. A shadowed file is "
        "never read, however carefully it is written. Reported when the file is checked "
        "with a discovery."
    ),
    bad_example="(AGENTS.md next to an empty AGENTS.override.md, codex profile)",
    good_example="(only AGENTS.md, or the content merged into AGENTS.override.md)",
    fixable=False,
    kinds=INSTRUCTION_ONLY,
    check=check,
)
