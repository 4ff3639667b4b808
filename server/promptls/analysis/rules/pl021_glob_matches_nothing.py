"""PL021: a scope glob that matches no file of the project, so the rule never applies."""

from __future__ import annotations

import os
from collections.abc import Iterator

from promptls.agents.registry import PROFILES
from promptls.analysis.document import Document
from promptls.analysis.frontmatter_check import count_files, glob_hits, scope_globs, subject
from promptls.analysis.frontmatter_kinds import front_kind, scope_root
from promptls.analysis.model import Finding, Severity
from promptls.analysis.rules.base import ALL_KINDS, Rule
from promptls.text.escape import safe_line


def no_folder(pattern: str) -> bool:
    """A glob that names only a kind or a name of file (``**/*.cs``, ``*.{ts,tsx}``,
    ``**/Program.cs``), no folder of the project. When nothing matches it, the project
    has no such file yet, which is no mistake in the rule (``.`` names nothing at all)."""
    rest = pattern.strip()
    while rest.startswith("**/"):
        rest = rest[3:]
    return "/" not in rest and any(c.isalnum() or c == "*" for c in rest)


def check(doc: Document) -> Iterator[Finding]:
    """The scope globs of a file none of whose globs matches a file of the (bounded,
    cached) listing: the agent never applies it by path. Quiet when one glob matches or
    may match, and when every glob only names kinds or names of files the project lacks."""
    if front_kind(doc.path) is None:  # no front matter schema: nothing to load
        return

    found = subject(doc)
    if found is None or doc.path is None:
        return
    kind, front = found
    globs = list(scope_globs(doc.text, kind, front))
    if not globs:
        return
    root = scope_root(doc.path, kind)
    if root is None or not os.path.isdir(root):  # noqa: PTH112
        return
    rules = PROFILES[kind.profile].globs
    dead = []
    for glob in globs:
        if rules.problem(glob.pattern) is not None:
            continue  # PL022 says why
        if rules.bare_name_unsettled and "/" not in glob.pattern:
            return  # may match a file name anywhere: the file may apply
        hits = glob_hits(root, kind, glob.pattern)
        if hits.count:
            return  # the file applies by this glob; a dead one beside it costs nothing
        dead.append((glob, hits))
    if all(no_folder(glob.pattern) for glob, _ in dead):
        return
    for glob, hits in dead:
        shown = safe_line(glob.pattern)
        if hits.complete:
            message = (
                f"{shown!r} matches none of the {count_files(hits.visited)} of the project: "
                f"{kind.agent} never applies this file by it"
            )
            yield RULE.finding(message, glob.start, glob.end)
        else:
            message = (
                f"{shown!r} matches none of the first {count_files(hits.visited)} of the project "
                "(the listing stops there; a file further down may match)"
            )
            yield Finding(RULE.code, Severity.INFO, message, glob.start, glob.end)


RULE = Rule(
    code="PL021",
    name="glob-matches-nothing",
    severity=Severity.WARNING,
    summary="No scope glob of the file matches a file in the project: it never applies.",
    explanation=(
        "A path-scoped rule (Copilot `applyTo`, Cursor `globs`, Claude Code `paths`) "
        "applies only when a file it works on matches one of its globs. When none of its "
        "globs matches a file of the project (a renamed folder, `src/` for `lib/`, "
        "`src/**/*.tsx` where the files are `.ts`), the rule is dead weight, and nothing "
        "says so; each glob is reported. A list with one glob that matches applies, so a "
        "dead glob beside it is not reported. Nor is a list whose globs name no folder, "
        "only kinds or names of files (`**/*.cs`, `*.{clj,edn}`, `**/Program.cs`): the "
        "project has no such files yet, and an instruction pack for another language is "
        "harmless. A Cursor glob without a `/` "
        "(`*.py`) is never reported: Cursor does not document whether it matches a file "
        "name in any folder, and its own rule editor writes such globs. "
        "Globs are matched as the agent matches them (relative to the folder holding "
        "`.github`, `.cursor` or `.claude`; VS Code's `**/` prefix and ignored case for "
        "`applyTo`). The project is listed once per few seconds, without `.git`, "
        "`node_modules` and caches, and at most 20,000 files: when the listing stops at "
        "that cap the finding says so and is only informational. User-level rules (under "
        "the home folder) are not checked: their globs apply to whatever project is open."
    ),
    bad_example='---\npaths: "src/legacy/**/*.py"\n---\n(the project has no src/legacy folder)\n',
    good_example='---\npaths: "src/**/*.py"\n---\n',
    fixable=False,
    kinds=ALL_KINDS,
    check=check,
    needs_discovery=False,
    applies_to="front matter of Copilot, Cursor, Claude rule and `SKILL.md` files",
)
