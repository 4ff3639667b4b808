"""PL011: an instruction file larger than its profile's budget."""

from __future__ import annotations

from collections.abc import Iterator

from promptls.analysis.document import Document
from promptls.analysis.model import Finding, Severity
from promptls.analysis.rules.base import INSTRUCTION_ONLY, Rule
from promptls.discovery.profiles import DEFAULT_PROFILE

SIZE_LIMITS: dict[str, tuple[int, str, str]] = {
    # profile: (limit, unit, consequence)
    "codex": (32 * 1024, "bytes", "codex cuts its instruction files at 32 KiB in total"),
    "claude": (
        40_000,
        "characters",
        "Claude Code warns that a memory file over 40k characters hurts performance",
    ),
}
"""Per-profile single-file limits (codex: project_doc_max_bytes; claude: /doctor warning),
checked 2026-11-30. Profiles without one (or, gemini) are not checked."""


def _offset_at_bytes(text: str, limit: int) -> int:
    """The first character that lies beyond ``limit`` UTF-8 bytes."""
    if text.isascii():
        return min(limit, len(text))
    used = 0
    for index, char in enumerate(text):
        used += len(char.encode("utf-8", "surrogatepass"))
        if used > limit:
            return index
    return len(text)


def _profile(doc: Document) -> str:
    """The discovery's profile, else the configured one."""
    if doc.discovery is not None and doc.discovery.profile:
        return doc.discovery.profile
    return doc.settings.profile or DEFAULT_PROFILE


def _size(doc: Document, unit: str) -> int:
    """The file's size in the unit its profile counts."""
    if unit == "bytes":
        return len(doc.utf8) if doc.utf8 is not None else len(doc.text)
    return len(doc.text)


def over_own_limit(doc: Document) -> bool:
    """Whether this file alone is over its profile's limit (PL014 defers to PL011)."""
    limit = SIZE_LIMITS.get(_profile(doc))
    return limit is not None and _size(doc, limit[1]) > limit[0]


def check(doc: Document) -> Iterator[Finding]:
    """Compare the file with the limit of the discovery's profile (else the setting)."""
    profile = _profile(doc)
    limit = SIZE_LIMITS.get(profile)
    if limit is None:
        return
    amount, unit, consequence = limit
    size = _size(doc, unit)
    if size <= amount:
        return
    start = _offset_at_bytes(doc.text, amount) if unit == "bytes" else amount
    yield RULE.finding(
        f"file is {size} {unit}, over the {profile} profile's limit of {amount} {unit}: "
        f"{consequence} (from here on)",
        start,
        len(doc.text),
    )


RULE = Rule(
    code="PL011",
    name="instruction-file-too-large",
    severity=Severity.WARNING,
    summary="An instruction file over its profile's size limit is cut or slows the agent.",
    explanation=(
        "Agents do not read unbounded instruction files. Codex reads at most 32 KiB of "
        "AGENTS.md text in total and silently drops the rest; Claude Code warns when a "
        "CLAUDE.md is over 40,000 characters. The finding starts where the limit is "
        "crossed, so you can see what the agent will not read. The profile is the one of "
        "the discovery (in `check`, the `--profile`/`profile` setting). Split the file, "
        "move details into linked documents, or cut repetition."
    ),
    bad_example="(an AGENTS.md of 50 KB, with the profile set to codex)",
    good_example="(an AGENTS.md of 8 KB that links to docs/ for the details)",
    fixable=False,
    kinds=INSTRUCTION_ONLY,
    check=check,
)
