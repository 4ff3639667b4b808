"""PL014: a file cut or dropped by the profile's budget."""

from __future__ import annotations

from collections.abc import Iterator

from promptls.analysis.document import Document
from promptls.analysis.model import Finding, Severity
from promptls.analysis.rules.base import INSTRUCTION_ONLY, Rule
from promptls.analysis.rules.discovered import entries, first_line_span, same_file
from promptls.analysis.rules.pl011_size_budget import over_own_limit
from promptls.discovery.model import EntryStatus


def check(doc: Document) -> Iterator[Finding]:
    """Entries for this file whose status is ``cut`` or ``dropped``."""
    if doc.discovery is None:
        return
    for entry in entries(doc):
        status = entry.status
        if status not in (EntryStatus.CUT, EntryStatus.DROPPED):
            continue
        if not same_file(entry.path, doc.path):
            continue
        if status == EntryStatus.CUT and over_own_limit(doc):
            continue  # PL011 already marks where this file alone crosses the limit
        start, end = first_line_span(doc.text)
        yield RULE.finding(
            f"{status} by the {doc.discovery.profile} profile: {entry.reason}",
            start,
            end,
        )


RULE = Rule(
    code="PL014",
    name="cut-by-budget",
    severity=Severity.WARNING,
    summary="The profile's budget cuts this file or drops it entirely.",
    explanation=(
        "Some agents share one size budget across all instruction files (codex: 32 KiB "
        "for the project files together, the file that crosses it cut at the byte, later "
        "files dropped). A file that is cut or dropped is partly or entirely invisible to "
        "the agent, and which one depends on the files above it in the folder tree. "
        "Reported when the file is checked with a discovery."
    ),
    bad_example="(a 20 KB AGENTS.md in a subfolder below a 30 KB root AGENTS.md, codex)",
    good_example="(instruction files that fit the budget together)",
    fixable=False,
    kinds=INSTRUCTION_ONLY,
    check=check,
)
