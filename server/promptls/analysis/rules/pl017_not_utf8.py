"""PL017: an instruction file the agent loads that is not valid UTF-8.

Two ways in: a file a profile's discovery loads at launch (its entry records the first
bad byte), and a file an agent reads when it is used rather than at launch — a skill, a
slash command, a subagent or custom agent (``analysis.loaded_paths``) — which no
discovery lists, so its bytes are read here (once per ``check`` run, through the bounded
reader) when its text holds a replacement character.
"""

# Plain str paths on purpose: the path is the one the caller gave.
# ruff: noqa: PTH100

from __future__ import annotations

import os
from collections.abc import Iterator

from promptls.analysis.document import Document
from promptls.analysis.loaded_paths import is_loaded_path
from promptls.analysis.model import Finding, Severity
from promptls.analysis.rules.base import INSTRUCTION_ONLY, Rule
from promptls.analysis.rules.discovered import entries, first_line_span
from promptls.discovery.record import utf16_kind
from promptls.text.fsread import decode, read_bounded
from promptls.text.paths import same_path


def check(doc: Document) -> Iterator[Finding]:
    """Loaded entries for this file with a first bad byte; shown at the first U+FFFD."""
    if doc.discovery is not None:
        for entry in entries(doc):
            if entry.bad_byte is None or entry.order is None:
                continue
            if not same_path(entry.path, doc.path):
                continue
            what = entry.reason.split("; ")
            utf16 = next((w for w in what if w.startswith("saved as UTF-16")), "")
            yield _finding(
                doc, entry.bad_byte, utf16, f"{doc.discovery.profile} reads the file as UTF-8"
            )
            return
    yield from _used_file(doc)


def _used_file(doc: Document) -> Iterator[Finding]:
    """A skill, command or agent file with bad bytes on disk: its agent reads it as
    UTF-8 whenever it is used."""
    if doc.path is None or "\ufffd" not in doc.text:
        return
    path = os.path.abspath(doc.path)
    if not is_loaded_path(path.replace(os.sep, "/")):
        return
    data = read_bounded(path).data
    if data is None:
        return
    _, bad = decode(data)
    if bad is not None:
        yield _finding(
            doc, bad, utf16_kind(data), "the agent reads it as UTF-8 whenever it is used"
        )


def _finding(doc: Document, bad: int, utf16: str, reader: str) -> Finding:
    """The finding at the first replacement character (else the first line)."""
    where = doc.text.find("\ufffd")
    start, end = (where, where + 1) if where >= 0 else first_line_span(doc.text)
    detail = f" ({utf16.split(':')[0]})" if utf16 else ""
    return RULE.finding(
        f"not valid UTF-8 at byte {bad}{detail}: {reader} and sends replacement "
        "characters in its place",
        start,
        end,
    )


DETAILS = """\
Codex's own test `project_doc_invalid_utf8_warns_and_uses_lossy_text` (codex-rs
`agents_md_tests.rs`) pins its lossy decoding and the warning.
"""


RULE = Rule(
    code="PL017",
    name="not-utf8",
    severity=Severity.WARNING,
    summary="The agent loads this file, but its bytes are not valid UTF-8.",
    explanation=(
        "Every agent reads instruction files as UTF-8: codex decodes them lossily and "
        "warns at start-up, the others replace bad bytes silently. A file saved as UTF-16 "
        "by a Windows editor, or with one stray Latin-1 byte, reaches the model as "
        "replacement characters (or a NUL between every two letters). The finding names "
        "the first bad byte; save the file as UTF-8. Reported for a file a profile's "
        "discovery loads, and for a skill, slash command, subagent or custom agent "
        "(`.claude/commands/`, `.claude/agents/`, `SKILL.md`, …), which the agent reads "
        "when it is used."
    ),
    bad_example="(AGENTS.md saved as UTF-16 with a byte order mark)",
    good_example="(the same text saved as UTF-8)",
    fixable=False,
    kinds=INSTRUCTION_ONLY,
    check=check,
    applies_to="instruction files",
    details=DETAILS,
)
