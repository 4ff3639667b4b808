"""PL015: a file hidden by another one for the profile."""

from __future__ import annotations

from collections.abc import Iterator

from promptls.analysis.document import Document
from promptls.analysis.model import Finding, Severity
from promptls.analysis.rules.base import INSTRUCTION_ONLY, Rule
from promptls.analysis.rules.discovered import (
    READ_STATUSES,
    entries,
    first_line_span,
)
from promptls.discovery.imports import find_imports, resolve_import
from promptls.discovery.model import EntryStatus
from promptls.text.paths import same_path


def only_imports_of_read_files(doc: Document) -> bool:
    """Whether the file says nothing but ``@path`` imports of files the agent reads anyway
    (a CLAUDE.md of one line, ``@AGENTS.md``): then nothing of it is lost."""
    if doc.path is None:
        return False
    imports = find_imports(doc.text, "claude")
    rest = doc.text
    for ref in reversed(imports):
        rest = rest[: ref.start] + rest[ref.end :]
    if not imports or rest.strip():
        return False
    read = [e.path for e in entries(doc) if e.status in READ_STATUSES]
    for ref in imports:
        target = resolve_import(ref.target, doc.path, None)
        if target is None or not any(same_path(target, path) for path in read):
            return False
    return True


def check(doc: Document) -> Iterator[Finding]:
    """Entries for this file whose status is ``shadowed``, unless all the file holds
    reaches the agent through the files it imports."""
    for entry in entries(doc):
        if entry.status != EntryStatus.SHADOWED or not same_path(entry.path, doc.path):
            continue
        if only_imports_of_read_files(doc):
            continue
        start, end = first_line_span(doc.text)
        reason = entry.reason.removeprefix("shadowed: ")
        yield RULE.finding(f"shadowed: {reason}", start, end)


RULE = Rule(
    code="PL015",
    name="shadowed-file",
    severity=Severity.WARNING,
    summary="Another file takes this file's slot, so the agent never reads it.",
    explanation=(
        "Some agents load only one file per directory: codex takes AGENTS.override.md "
        "when it exists (even empty) and ignores AGENTS.md next to it. A shadowed file is "
        "never read, however carefully it is written. A file that only imports files the "
        "agent reads anyway (a CLAUDE.md holding `@AGENTS.md`, beside the AGENTS.md "
        "opencode loads instead) loses nothing and is not reported. Reported when the "
        "file is checked with a discovery."
    ),
    bad_example="(AGENTS.md next to an empty AGENTS.override.md, codex profile)",
    good_example="(only AGENTS.md, or the content merged into AGENTS.override.md)",
    fixable=False,
    kinds=INSTRUCTION_ONLY,
    check=check,
    applies_to="instruction files",
)
