"""PL026: a personal instruction file (``CLAUDE.local.md``) that Git would commit.

Agents read a ``*.local.md`` beside the shared file for one person's preferences (their
sandbox URLs, their test data, sometimes tokens); the agents' docs say to keep it out of
version control. When no ignore file covers it, the next ``git add .`` publishes it and
every teammate's agent loads it. The names come from the profiles' ``local_files``, so a
new agent's local file is checked without touching this rule. ``AGENTS.override.md`` is
not one of them: codex documents it as a project file a directory may commit.
"""

# Plain str paths on purpose: the path is the one the caller gave.
# ruff: noqa: PTH100, PTH118, PTH119, PTH120

from __future__ import annotations

import os
from collections.abc import Iterator
from functools import lru_cache

from promptls.agents.registry import PROFILES
from promptls.analysis.document import Document
from promptls.analysis.model import Finding, Severity
from promptls.analysis.rules.base import INSTRUCTION_ONLY, Rule
from promptls.analysis.rules.discovered import first_line_span
from promptls.discovery import gitignore as ignore_rules


@lru_cache(maxsize=1)
def local_names() -> dict[str, str]:
    """Base name of every profile's personal file, with the agent that reads it."""
    names: dict[str, str] = {}
    for profile in PROFILES.values():
        for rel in profile.local_files:
            names.setdefault(os.path.basename(rel), profile.title)
    return names


def check(doc: Document) -> Iterator[Finding]:
    """The file itself, when it is a personal file in a worktree that Git tracks or
    would pick up (nothing ignores it)."""
    if doc.path is None or doc.discovery is None:
        return
    name = os.path.basename(doc.path.replace("\\", "/"))
    agent = local_names().get(name)
    if agent is None:
        return

    verdict = ignore_rules.git_ignored(doc.path)
    if verdict is None or (verdict.ignored and not verdict.tracked):
        return
    folder = os.path.dirname(os.path.abspath(doc.path))
    gitignore = os.path.relpath(os.path.join(verdict.worktree, ".gitignore"), folder)
    line = f"the line `{name}` to {gitignore.replace(os.sep, '/')}"
    if verdict.tracked:
        problem = "and Git already tracks it: every clone's agent loads it"
        advice = f"`git rm --cached {name}` here, then " + (
            ".gitignore already names it" if verdict.ignored else f"add {line}"
        )
    else:
        problem = "but no .gitignore covers it: `git add .` will commit it"
        advice = f"add {line}"
    start, end = first_line_span(doc.text)
    yield RULE.finding(
        f"{name} holds one person's instructions for {agent}, {problem} ({advice})",
        start,
        end,
    )


DETAILS = """\
Sources: Claude Code's memory docs list `CLAUDE.local.md` as personal project
instructions to keep out of version control (Claude Code used to add it to `.gitignore`
itself); the `or` profile's `AGENTS.local.md` is the same idea. Codex's AGENTS.md guide
(developers.openai.com/codex/guides/agents-md, read 2026-12-01) describes
`AGENTS.override.md` as the file a directory uses in place of `AGENTS.md`, also in
projects, so committing it is normal and PL026 leaves it alone (PL015 reports the
`AGENTS.md` it hides). Git's rules come from gitignore(5), matched by `pathspec`'s
`GitIgnoreSpec`. Whether Git already tracks the file comes from `.git/index` itself
(versions 2 and 3 store each path whole; a version 4 index, with compressed paths, is
read as "not known to be tracked").

Why no code action: the fix would edit another file (`.gitignore`), and a finding's fix
only ever edits the file it is in, so `check --fix` can never change a file you did not
name. An editor could offer it as a workspace edit the user accepts explicitly; that is
left for later, the message says which line to add where.
"""


RULE = Rule(
    code="PL026",
    name="local-file-not-ignored",
    severity=Severity.WARNING,
    summary="A personal instruction file (CLAUDE.local.md) Git tracks or no .gitignore covers.",
    explanation=(
        "`CLAUDE.local.md` (Claude Code) and `AGENTS.local.md` are for one person's "
        "instructions (their sandbox, their test accounts), loaded beside the shared "
        "file; the agents' docs say to keep them out of Git. When no ignore file covers "
        "one, the next `git add .` commits it, and every teammate's agent then follows "
        "one person's notes. The rule reads the repository's `.gitignore` files (root "
        "and nested, with negation) and `.git/info/exclude` the way Git does; it does "
        "not read your global excludes file (it is one machine's, and in CI not yours), "
        "so the advice is the line that protects every clone. A file Git already tracks "
        "(read from `.git/index`) is committed whatever `.gitignore` says: it is reported "
        "with `git rm --cached` as the first step. Only reported inside a "
        "Git worktree, for files checked with a discovery. `AGENTS.override.md` is a "
        "project file codex documents for committing, so it is not reported. No in-file "
        "fix (`check --fix` edits only the file it checks): the message names the line and "
        "the `.gitignore` to add it to, and in the editor a quick fix adds it (creating "
        "the `.gitignore` when the client can create files)."
    ),
    bad_example="(CLAUDE.local.md in a repository whose .gitignore does not name it)\n",
    good_example="(the same file, with `CLAUDE.local.md` in the repository's .gitignore)\n",
    fixable=False,
    kinds=INSTRUCTION_ONLY,
    check=check,
    applies_to="instruction files",
    details=DETAILS,
)
