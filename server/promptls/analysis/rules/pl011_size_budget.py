"""PL011: an instruction file larger than its profile's size limit.

With a discovery, only a file the profile actually reads is judged (an AGENTS.md Claude
skips, a CLAUDE.md codex never opens, or a link to a file read under its other name are
not), and a byte budget that discovery applies is left to PL014, which reports the cut
where discovery makes it; one cut, one finding, one byte everywhere.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from promptls.analysis.document import Document
from promptls.analysis.model import Finding, Severity
from promptls.analysis.rules.base import INSTRUCTION_ONLY, Rule
from promptls.analysis.rules.discovered import offset_at_byte, read_entry


class SizeLimit(NamedTuple):
    """One profile's single-file limit; ``budget``: discovery applies it (as a shared
    byte budget), so with a discovery PL014 reports it instead."""

    amount: int
    unit: str
    consequence: str
    budget: bool


SIZE_LIMITS: dict[str, SizeLimit] = {
    "codex": SizeLimit(
        32 * 1024, "bytes", "codex cuts its instruction files at 32 KiB in total", budget=True
    ),
    "claude": SizeLimit(
        40_000,
        "characters",
        "Claude Code warns that a memory file over 40k characters hurts performance",
        budget=False,
    ),
}
"""Per-profile single-file limits (codex: project_doc_max_bytes; claude: /doctor warning),
checked 2026-11-30. Profiles without one (or, gemini) are not checked."""


def _profile(doc: Document) -> str:
    """The discovery's profile, else the configured one."""
    if doc.discovery is not None and doc.discovery.profile:
        return doc.discovery.profile
    return doc.settings.profile


def _size(doc: Document, unit: str) -> int:
    """The file's size in the unit its profile counts."""
    if unit == "bytes":
        return len(doc.utf8) if doc.utf8 is not None else len(doc.text)
    return len(doc.text)


def check(doc: Document) -> Iterator[Finding]:
    """Compare a file the profile reads with the limit of the discovery's profile (else
    the setting's, when there is no discovery to ask)."""
    profile = _profile(doc)
    limit = SIZE_LIMITS.get(profile)
    if limit is None:
        return
    if doc.discovery is not None and (limit.budget or read_entry(doc) is None):
        return
    size = _size(doc, limit.unit)
    if size <= limit.amount:
        return
    amount, unit = limit.amount, limit.unit
    start = offset_at_byte(doc.text, amount) if unit == "bytes" else amount
    yield RULE.finding(
        f"file is {size} {unit}, over the {profile} profile's limit of {amount} {unit}: "
        f"{limit.consequence} (from here on)",
        start,
        len(doc.text),
    )


RULE = Rule(
    code="PL011",
    name="instruction-file-too-large",
    severity=Severity.WARNING,
    summary="An instruction file over its profile's size limit is cut or slows the agent.",
    explanation=(
        "Agents do not read unbounded instruction files. Claude Code warns when a "
        "CLAUDE.md is over 40,000 characters; codex reads at most 32 KiB of AGENTS.md "
        "text in total and silently drops the rest. Only files the profile's discovery "
        "reads are judged (loaded, imported, lazy, path-scoped or on request), each real "
        "file once. Where discovery applies a byte budget (codex), PL014 reports the cut "
        "at the byte discovery cuts, with the configured budget and what the files above "
        "used; PL011 then speaks only for text checked without a discovery (stdin). The "
        "finding starts where the limit is crossed. Split the file, move details into "
        "linked documents, or cut repetition."
    ),
    bad_example="(a CLAUDE.md of 50,000 characters, with the profile set to claude)",
    good_example="(a CLAUDE.md of 8 KB that links to docs/ for the details)",
    fixable=False,
    kinds=INSTRUCTION_ONLY,
    check=check,
)
