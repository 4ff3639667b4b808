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
from promptls.text import runmemo


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
    folder = owning_folder(runmemo.abspath(doc.path))  # as drift.find asks
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


DETAILS = """\
**Which files are compared.** For the folder a file belongs to (its own folder; the folder
holding `.github/` or `.cursor/rules/` for the Copilot file and Cursor rules), promptls runs
every profile's discovery and keeps the project files each agent loads *for that folder*
(not a parent's, not the user's). Two of them are compared when they are different files
(a symbolic link and its target are one file), different sets of agents read them, and
neither imports the other. So CLAUDE.md and AGENTS.md are compared (Claude reads one,
codex the other), `.github/copilot-instructions.md` and AGENTS.md too (Copilot reads both
and gets two versions), a CLAUDE.md that is `@AGENTS.md` plus its own lines is not, and
nested files of different folders never are. The other copy is read from disk.

**Similarity.** Both texts become their non-blank lines, stripped, leaving out what
mirrors change on purpose and no agent is instructed by: front matter, block HTML
comments (where mirrors keep their "edit the other copy too" note), a leading `# ` title
(`# CLAUDE.md` / `# AGENTS.md`); the two files' names count as one word, so "see
CLAUDE.md" and "see AGENTS.md" are the same line; when the two files end differently
(a Claude rule `.md`, its Cursor copy `.mdc`), a name ending in either ending counts as
one word too, so a link to `contracts.md` in one and to `contracts.mdc` in the other (each
copy pointing at the sibling of its own folder) is the same line. `difflib.SequenceMatcher` (no
auto-junk) matches the lines and its `ratio()` (twice the matched lines over the lines
of both) must be at least **0.6**. At 0.6 more than half of the lines of the two files
are shared: a copy with a Claude-only section two thirds as long as the shared text
(ratio 0.75), or with one line in five rewritten (0.8), is reported; a short CLAUDE.md
of its own next to a long AGENTS.md is not. Unrelated instruction files are far below:
over the 2,211 pairs of the shared corpus's 67 files the highest ratio is 0.16, the
99th percentile 0.06, and the two AGENTS.md of one repository at different levels
(sentry's root and `src/`) score 0.12.
Real drift is far above: the drifted CLAUDE.md/AGENTS.md pairs in the history of
mloda-ai/mloda (its issue #902: five lines only in CLAUDE.md) and
aaddrick/claude-desktop-debian (its pull request #797: five spots) score 0.97 to 0.99.
So the threshold leaves a wide margin on both sides.

**Message.** `drifted from AGENTS.md (80% the same: 1 line changed, 1 line only here);
claude reads this copy, codex, cursor, opencode and or read AGENTS.md, copilot reads
both`: the similarity (rounded down), the changed lines (a replaced block counts its
shorter side), the lines only in this copy and only in the other, and which agents read
which, from their discovery. The range is this file's first differing line (for lines
only in the other copy, the line where they would be); the related information points
at the same place in the other copy, and the hover on the finding shows the unified diff
(the other copy read from disk, this one as in the editor). An editor re-checks open
instruction files when a watched file changes, so saving either copy updates both.

**The shim (quick fix).** The editor offers to replace the agent's copy with what makes
that agent read the shared file, the way its documentation says; the shared file is the
copy more agents read (AGENTS.md), and the agents that read the copy and not AGENTS.md
decide how:

| agent | what the fix writes | documented in |
|---|---|---|
| Claude Code | CLAUDE.md becomes `@AGENTS.md`, then the lines only CLAUDE.md had | code.claude.com/docs/en/memory (imports, AGENTS.md) |
| Gemini CLI | GEMINI.md becomes `@AGENTS.md`, then its own lines (the in-file import: it needs no second file, and `context.fileName` in `.gemini/settings.json` would change what Gemini loads in every folder) | gemini-cli docs/reference/memport.md |
| Qwen Code | discovery shows Qwen Code reads AGENTS.md itself (its default names are QWEN.md and AGENTS.md), so QWEN.md keeps only its own lines, or is deleted when it has none | its bundled memory-constants.ts (0.24.4, read 2026-12-06) |
| GitHub Copilot | discovery shows Copilot reads AGENTS.md itself, so `.github/copilot-instructions.md` keeps only its own lines, or is deleted when it has none | docs.github.com … add-custom-instructions (AGENTS.md) |
| Cursor | the same for an always-apply `.cursor/rules/*.mdc` (its front matter kept) or `.cursorrules`: Cursor reads AGENTS.md at the root | cursor.com/docs/context/rules (AGENTS.md) |

Every line of the copy that is not in AGENTS.md survives (each block of the copy that
difflib does not match is kept, in order; a property test checks it on generated copies).
The one thing a fix removes that AGENTS.md lacks is the front matter of a Copilot or
Cursor copy with no line of its own, deleted with the file it describes. Afterwards the
agent's discovery sends AGENTS.md's text once and PL027 is quiet (tested per agent). An
agent that reads both files and inlines an import again sends AGENTS.md twice after an
import shim (Copilot CLI reads CLAUDE.md and AGENTS.md and inlines CLAUDE.md's imports):
the fix's title names it, so the user weighs that against the drift.
Deleting a file is offered only to clients that declare `delete` resource operations.
The fix is never applied by `check --fix`: it decides that AGENTS.md is the version to
keep, which only the user can decide after reading the diff, so it exists only as an
editor code action, a preview by nature.
"""


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
    applies_to="instruction files, checked with a discovery",
    fix_note="a quick fix in the editor",
    details=DETAILS,
)
