"""PL027: two agents' copies of one instruction text have drifted apart."""

from __future__ import annotations

import os
from collections.abc import Iterator

from promptls.analysis.document import Document
from promptls.analysis.drift import drifted, summary
from promptls.analysis.drift_gate import SIMILARITY_THRESHOLD, could_drift
from promptls.analysis.model import Finding, Related, Severity
from promptls.analysis.rules.base import INSTRUCTION_ONLY, Rule
from promptls.analysis.rules.discovered import line_span
from promptls.discovery.api import owning_folder


def _agents(names: frozenset[str]) -> str:
    """``claude`` / ``codex and cursor`` / ``codex, cursor and or``."""
    ordered = sorted(names)
    return ordered[0] if len(ordered) == 1 else f"{', '.join(ordered[:-1])} and {ordered[-1]}"


def _reads(names: frozenset[str]) -> str:
    """``claude reads`` / ``codex and cursor read``."""
    return f"{_agents(names)} read{'s' if len(names) == 1 else ''}"


def check(doc: Document) -> Iterator[Finding]:
    """One finding per drifted peer, at this file's first differing line."""
    if doc.discovery is None or doc.path is None:
        return
    folder = owning_folder(os.path.abspath(doc.path))  # noqa: PTH100 (as drift.find asks)
    if not could_drift(folder, doc.discovery.home):
        return

    for mine, peer, diff, there in drifted(doc.path, doc.text, doc.discovery.home, doc.discover):
        other = os.path.relpath(peer.path, owning_folder(doc.path)).replace(os.sep, "/")
        start, end = line_span(doc.text, diff.first_line + 1)
        at = line_span(there, diff.other_line + 1)
        who = [
            f"{_reads(group)} {what}"
            for group, what in (
                (mine.readers - peer.readers, "this copy"),
                (peer.readers - mine.readers, other),
                (mine.readers & peer.readers, "both"),
            )
            if group
        ]
        yield RULE.finding(
            f"drifted from {other} ({int(diff.ratio * 100)}% the same: "
            f"{summary(diff, other)}); {', '.join(who)}",
            start,
            end,
            related=(Related(*at, f"the other copy, read by {_agents(peer.readers)}", peer.path),),
        )


RULE = Rule(
    code="PL027",
    name="drifted-copy",
    severity=Severity.WARNING,
    summary="Two agents' copies of one instruction text differ: each follows its own version.",
    explanation=(
        "Teams copy one set of instructions into AGENTS.md, CLAUDE.md, GEMINI.md, "
        "`.github/copilot-instructions.md` or an always-apply Cursor rule, then edit one "
        "copy and not the other. Each agent silently follows its own version. promptls "
        "asks every agent's discovery which files it loads for the folder; two files read "
        "by different sets of agents, neither importing the other, are compared line "
        "by line with difflib, ignoring blank lines, indentation, front matter, block HTML "
        "comments, a leading `# ` title and the two files' own names. They "
        "have drifted when at least "
        f"{round(SIMILARITY_THRESHOLD * 100)}% of their lines match (difflib's ratio) but "
        "they are not the same. Identical copies, a symbolic link to the other file, a "
        "file that imports the other (`@AGENTS.md` plus its own lines) and different "
        "documents are quiet. The finding is on each copy, at its first differing line, "
        "with the other copy as related information; the hover shows the diff. The quick "
        "fix (editor only) replaces the agent's copy with what makes that agent read "
        "AGENTS.md, keeping the lines only that copy has."
    ),
    bad_example="(CLAUDE.md a copy of AGENTS.md with one line changed)",
    good_example="(CLAUDE.md holds `@AGENTS.md` and Claude-only lines, or is a link to it)",
    fixable=False,
    kinds=INSTRUCTION_ONLY,
    check=check,
)
