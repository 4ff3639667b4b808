"""PL011: an instruction file larger than its profile's size limit.

With a discovery, only a file the profile actually reads is judged (an AGENTS.md Claude
skips, a CLAUDE.md codex never opens, or a link to a file read under its other name are
not), and a byte budget that discovery applies is left to PL014, which reports the cut
where discovery makes it; one cut, one finding, one byte everywhere.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from promptls.agents.model import SizeLimit
from promptls.agents.registry import DEFAULT_PROFILE, PROFILES
from promptls.analysis.document import Document
from promptls.analysis.model import Finding, Severity
from promptls.analysis.rules.base import INSTRUCTION_ONLY, Rule
from promptls.analysis.rules.discovered import offset_at_byte, read_entry
from promptls.discovery.globs import DEFAULT


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


def _limited(doc: Document, globs: tuple[str, ...]) -> bool:
    """Whether the file is one the limit is documented for (``SizeLimit.applies_to``,
    relative to the discovery's root; without one, the path's own tail is matched)."""
    if doc.path is None:
        return False
    root = doc.discovery.root if doc.discovery is not None else None
    relative = os.path.relpath(doc.path, root) if root else doc.path
    relative = relative.replace(os.sep, "/")
    return any(DEFAULT.match(g, relative) or DEFAULT.match(f"**/{g}", relative) for g in globs)


def check(doc: Document) -> Iterator[Finding]:
    """Compare a file the profile reads with the limit of the discovery's profile (else
    the setting's, when there is no discovery to ask)."""
    profile = _profile(doc)
    known = PROFILES.get(profile)
    limit = known.size_limit if known is not None else None
    if limit is None:
        return
    if doc.discovery is not None and (limit.budget or read_entry(doc) is None):
        return
    if limit.applies_to and not _limited(doc, limit.applies_to):
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


def _limit_text(limit: SizeLimit) -> str:
    """A limit as the table shows it: the amount, and the files it is documented for."""
    text = f"{limit.amount:,} {limit.unit}"
    if limit.budget:
        text += ", in total (a budget discovery applies)"
    if limit.applies_to:
        text += ", only " + ", ".join(f"`{glob}`" for glob in limit.applies_to)
    return text


def _details() -> str:
    """The limits table, from each profile's ``size_limit``: one place for the numbers."""
    rows = [
        f"| {name} | {_limit_text(p.size_limit)} | {p.size_limit.source} | {p.size_limit.checked} |"
        for name, p in PROFILES.items()
        if p.size_limit is not None
    ]
    return (
        "The limits are data in each agent's profile (`size_limit` in\n"
        "`server/promptls/agents/<agent>/__init__.py`), each with its source and the day it was\n"
        "last checked:\n\n"
        "| profile | limit | source | checked |\n|---|---|---|---|\n"
        + "\n".join(rows)
        + "\n\n"
        + _MOVED
    )


_MOVED = """\
Claude Code's number moved: it printed "Large CLAUDE.md will impact performance (… >
40.0k)" up to 2.1.168; since 2.1.169 the threshold scales with the model's context window
(CHANGELOG), and 2.1.259 prints "is over the 150.0k-char limit" (anthropics/claude-code
issue #92980). A model with a smaller context window may warn earlier; promptls checks
the number the current release prints.
"""

DETAILS = _details()


RULE = Rule(
    code="PL011",
    name="instruction-file-too-large",
    severity=Severity.WARNING,
    summary="An instruction file over its profile's size limit is cut or slows the agent.",
    explanation=(
        "Agents do not read unbounded instruction files. Claude Code warns at start-up "
        "when a CLAUDE.md is over 150,000 characters (2.1.259; the threshold scales with "
        "the model's context window since 2.1.169, and was 40,000 before); codex reads at"
        " most 32 KiB of AGENTS.md text in total and silently drops the rest. Each limit "
        "is data with its source and the day it was checked (docs/profiles.md). Only "
        "files the profile's discovery reads are judged (loaded, imported, lazy, "
        "path-scoped or on request), each real file once. Where discovery applies a byte "
        "budget (codex), PL014 reports the cut at the byte discovery cuts, with the "
        "configured budget and what the files above used; PL011 then speaks only for text"
        " checked without a discovery (stdin). The finding starts where the limit is "
        "crossed. Split the file, move details into linked documents, or cut repetition."
    ),
    bad_example="(a CLAUDE.md of 160,000 characters, with the profile set to claude)",
    good_example="(a CLAUDE.md of 8 KB that links to docs/ for the details)",
    fixable=False,
    kinds=INSTRUCTION_ONLY,
    check=check,
    applies_to="instruction files",
    details=DETAILS,
)
