"""PL017: an instruction file the agent loads that is not valid UTF-8."""

from __future__ import annotations

from collections.abc import Iterator

from promptls.analysis.document import Document
from promptls.analysis.model import Finding, Severity
from promptls.analysis.rules.base import INSTRUCTION_ONLY, Rule
from promptls.analysis.rules.discovered import entries, first_line_span, same_file


def check(doc: Document) -> Iterator[Finding]:
    """Loaded entries for this file with a first bad byte; shown at the first U+FFFD."""
    if doc.discovery is None:
        return
    for entry in entries(doc):
        if entry.bad_byte is None or entry.order is None or not same_file(entry.path, doc.path):
            continue
        where = doc.text.find("\ufffd")
        start, end = (where, where + 1) if where >= 0 else first_line_span(doc.text)
        what = entry.reason.split("; ")
        utf16 = next((w for w in what if w.startswith("saved as UTF-16")), "")
        detail = f" ({utf16.split(':')[0]})" if utf16 else ""
        yield RULE.finding(
            f"not valid UTF-8 at byte {entry.bad_byte}{detail}: {doc.discovery.profile} "
            "reads the file as UTF-8 and sends replacement characters in its place",
            start,
            end,
        )


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
        "the first bad byte; save the file as UTF-8. Reported when the file is checked "
        "with a discovery."
    ),
    bad_example="(AGENTS.md saved as UTF-16 with a byte order mark)",
    good_example="(the same text saved as UTF-8)",
    fixable=False,
    kinds=INSTRUCTION_ONLY,
    check=check,
)
