"""PL028: an agent the repository is set up for loads none of its instructions."""

# Plain str paths on purpose: discovery's paths are str, compared as they are.
# ruff: noqa: PTH119, PTH120

from __future__ import annotations

import os
from collections.abc import Iterator

from promptls.analysis.coverage import fix_hint, reads
from promptls.analysis.document import Document
from promptls.analysis.model import Finding, Related, Severity
from promptls.analysis.rules.base import INSTRUCTION_ONLY, Rule
from promptls.analysis.rules.discovered import first_line_span, relative_to
from promptls.text import runmemo


def check(doc: Document) -> Iterator[Finding]:
    """On a file other agents load, one finding per set-up agent that loads nothing."""
    if not doc.coverage or doc.path is None or _sibling_link(doc.path):
        return  # no hole first: most folders have none, and then no link is resolved

    for hole in doc.coverage:
        agents = hole.agents_loading(doc.path)
        if not agents:
            continue
        start, end = first_line_span(doc.text)
        shared = os.path.basename(doc.path)
        marker = relative_to(hole.marker, os.path.dirname(doc.path))
        causes = "".join(f" ({cause})" for cause in hole.causes)
        yield RULE.finding(
            f"the repository is set up for {hole.profile} ({marker}), but {hole.profile} "
            f"loads no project instructions: it reads {reads(hole.profile)}{causes}, while "
            f"{shared} reaches {', '.join(agents)}; {fix_hint(hole.profile, shared)}",
            start,
            end,
            related=(Related(0, 0, f"{hole.profile} is set up here", hole.marker),),
        )


def _sibling_link(path: str) -> bool:
    """A symlinked copy of a file in the same folder: the file itself gets the finding."""
    try:
        folder = runmemo.realpath(os.path.dirname(path) or ".")
        return runmemo.islink(path) and os.path.dirname(runmemo.realpath(path)) == folder
    except (OSError, ValueError):
        return False


DETAILS = """\
The set-up markers are data, per profile (`setup_markers` in
`server/promptls/discovery/profiles.py`), looked for in the checked file's folder and in
its repository root (the nearest folder above holding `.git`): `.claude/` (claude),
`.codex/` (codex), `.gemini/` (gemini), `.github/copilot-instructions.md` and
`.github/instructions/` (copilot), `.cursor/` (cursor), `opencode.json`,
`opencode.jsonc` and `.opencode/` (opencode), `.qwen/` (qwen). An agent's own instruction file
(`CLAUDE.md`, `GEMINI.md`, `QWEN.md`, `AGENTS.override.md`, `AGENTS.md` for codex, `.cursorrules`) also marks the
repository as set up for it when choosing the default agents (below), but never makes a
PL028: whether the agent loads that file is PL014's and PL015's business. "Another
agent" is any profile but the `or` reference agent; only files of the folder the
marker was found in are reported (its own files and its `.github/copilot-instructions.md`
or rules folders; a nested AGENTS.md is not): one finding per hole, on the shared files
in the folder itself, or, when only rules-folder files reach the other agents, on the
first of them (twenty rule files would repeat one fact twenty times). The related information
points at the marker. In the editor the finding appears in the shared file (open the
AGENTS.md); `promptls check` reports it with that file. The reported fixes, per agent:
gemini `"context": {"fileName": ["AGENTS.md", "GEMINI.md"]}` in `.gemini/settings.json`
or a GEMINI.md holding `@AGENTS.md`; claude a CLAUDE.md holding `@AGENTS.md`; codex
`project_doc_fallback_filenames` in `.codex/config.toml` or an AGENTS.md; copilot and
cursor an AGENTS.md (cursor: or an `alwaysApply: true` rule); opencode
`"instructions": [...]` in `opencode.json`; qwen the shared file's name added to
`context.fileName` in `.qwen/settings.json` or a QWEN.md holding `@AGENTS.md`.
"""


RULE = Rule(
    code="PL028",
    name="agent-without-instructions",
    severity=Severity.WARNING,
    summary="An agent the repository is set up for loads no project instructions.",
    explanation=(
        "A repository set up for an agent (its folder or settings exist: .claude/, "
        ".gemini/, .cursor/, .codex/, opencode.json, .github/copilot-instructions.md or "
        ".github/instructions/) whose discovery loads no project file, while another "
        "agent loads one in the same folder, has a team member whose agent silently "
        "works without the instructions everyone else follows (path-scoped rules count "
        "as instructions: Cursor `globs`, Claude `paths` or Copilot `applyTo` rules load "
        "with the files they name, as their authors chose): Gemini CLI reads "
        "GEMINI.md, not AGENTS.md, unless context.fileName says so. Reported on the "
        "file the other agents load (first line), naming the agent, what it reads, a "
        "settings problem that explains it (a leftover `contextFileName` beside gemini's "
        "nested `context` settings) and the cheapest way to make it read the shared file."
    ),
    bad_example="(.gemini/settings.json without context.fileName, and only AGENTS.md)",
    good_example="(the same, with a GEMINI.md that holds `@AGENTS.md`)",
    fixable=False,
    kinds=INSTRUCTION_ONLY,
    check=check,
    applies_to="instruction files",
    details=DETAILS,
)
