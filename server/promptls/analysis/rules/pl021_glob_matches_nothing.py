"""PL021: a scope glob that matches no file of the project, so the rule never applies."""

from __future__ import annotations

import os
from collections.abc import Iterator

from promptls.agents.frontmatter import FrontKind
from promptls.agents.registry import PROFILES
from promptls.analysis.document import Document
from promptls.analysis.frontmatter_check import (
    count_files,
    glob_hits,
    scope_globs,
    subject,
    yaml_rejected,
)
from promptls.analysis.frontmatter_kinds import front_kind, scope_root
from promptls.analysis.model import Finding, Severity
from promptls.analysis.rules.base import ALL_KINDS, Rule
from promptls.text.escape import safe_line
from promptls.text.lazyre import lazy

_LITERAL = lazy(r"[^*?\[\]{}!]+")


def _literal(segment: str) -> bool:
    """Whether a path segment is a plain name (no wildcard, class or brace)."""
    return _LITERAL.fullmatch(segment) is not None


def names_nothing(pattern: str) -> bool:
    """A glob made only of dots and slashes (``.``, ``./``): it names no file in any
    project, whatever the project holds."""
    rest = pattern.strip()
    return bool(rest) and set(rest) <= {".", "/"}


def variants(pattern: str, owner: str) -> Iterator[tuple[str, bool]]:
    """The globs the author may have meant, each with whether letters match either case:
    the same glob in any folder (``src/**/*.ts`` for files under ``app/src``), without a
    first folder that names ``owner``, the folder the globs are relative to
    (``pkg/src/*.ts`` in ``pkg/.cursor/rules``), and the glob itself in either case
    (``Docs/**`` for ``docs/``). Only
    globs that still start with a plain folder name: ``lib/**/*.py`` becoming ``**/*.py``
    would match any Python file, which says nothing about what the author meant."""
    raw = pattern.strip()
    segments = raw.split("/")
    if len(segments) < 2 or not _literal(segments[0]):
        return
    yield "**/" + raw, False
    if segments[0] == owner and len(segments) > 1 and segments[1]:
        yield "/".join(segments[1:]), False
    yield raw, True


def _meant(root: str, kind: FrontKind, pattern: str) -> str | None:
    """What the author probably meant by a dead glob, in words, with the files a variant
    of it matches; None when no variant matches a file of the project."""
    for variant, any_case in variants(pattern, os.path.basename(root)):  # noqa: PTH119
        hits = glob_hits(root, kind, variant, any_case=any_case)
        if not hits.count:
            continue
        example = safe_line(hits.examples[0])
        if any_case:
            return f"it matches {count_files(hits.count)} in another case, such as {example}"
        return (
            f"did you mean {safe_line(variant)!r}? it matches {count_files(hits.count)}, "
            f"such as {example}"
        )
    return None


def check(doc: Document) -> Iterator[Finding]:
    """The scope globs of a file none of whose globs matches a file of the (bounded,
    cached) listing, where the author's mistake can be named: a variant of the glob
    matches files (another folder depth, the files' case), or the glob names no file in
    any project (``.``). Quiet when one glob matches or may match; quiet on a dead list
    with no such variant, which is written for files the project does not have (yet),
    or for another project (a template, a rules handbook): nothing to change."""
    if front_kind(doc.path) is None:  # no front matter schema: nothing to load
        return

    found = subject(doc)
    if found is None or doc.path is None:
        return
    kind, front = found
    if yaml_rejected(kind, front):
        return  # PL018: the agent reads no glob from this block
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
    for glob, hits in dead:
        shown = safe_line(glob.pattern)
        if names_nothing(glob.pattern):
            advice = "it names no file; `**` applies to every file"
        else:
            meant = _meant(root, kind, glob.pattern)
            if meant is None:
                continue
            advice = meant
        if hits.complete:
            message = (
                f"{shown!r} matches none of the {count_files(hits.visited)} of the project: "
                f"{kind.agent} never applies this file by it; {advice}"
            )
            yield RULE.finding(message, glob.start, glob.end)
        else:
            message = (
                f"{shown!r} matches none of the first {count_files(hits.visited)} of the project "
                f"(the listing stops there; a file further down may match); {advice}"
            )
            yield Finding(RULE.code, Severity.INFO, message, glob.start, glob.end)


RULE = Rule(
    code="PL021",
    name="glob-matches-nothing",
    severity=Severity.WARNING,
    summary="No scope glob of the file matches a file in the project, and a close variant does.",
    explanation=(
        "A path-scoped rule (Copilot `applyTo`, Cursor `globs`, Claude Code `paths`, "
        "Windsurf `globs`, Kiro `fileMatchPattern`) "
        "applies only when a file it works on matches one of its globs. When none of its "
        "globs matches a file of the project and promptls can name what the author "
        "meant, each such glob is reported with the fix: the same glob in any folder "
        "(`src/**/*.ts` where the files sit under `app/src/`), without a first folder the "
        "rule's own folder already gives (`pkg/src/*.ts` in `pkg/.cursor/rules`), or in "
        "the files' case (`Docs/**` for `docs/`); a glob that names no file at all "
        "(`.`) is reported too. A dead glob with no such variant is not reported: "
        "on real repositories those are rules written ahead for files the project does "
        "not have yet, instruction packs for another stack, templates and rule "
        "handbooks kept for other projects, and nobody acts on them. A list with one "
        "glob that matches applies, so a dead glob beside it is not reported. A Cursor "
        "glob without a `/` (`*.py`) is never reported: Cursor does not document whether "
        "it matches a file name in any folder, and its own rule editor writes such globs "
        "(nor are Windsurf's and Kiro's, whose docs show `*.js` and `*.tsx` without saying "
        "how they match). Windsurf reads `globs` only with `trigger: glob` and Kiro "
        "`fileMatchPattern` only with `inclusion: fileMatch`, so globs in another mode "
        "(a Cursor rule copied into `.windsurf/rules`) are not judged. "
        "Globs are matched as the agent matches them (relative to the folder holding "
        "`.github`, `.cursor`, `.claude` or `.windsurf`, Kiro's relative to the workspace; "
        "VS Code's `**/` prefix and ignored case for "
        "`applyTo`). The project is listed once per few seconds, without `.git`, "
        "`node_modules` and caches, and at most 20,000 files: when the listing stops at "
        "that cap the finding says so and is only informational. User-level rules (under "
        "the home folder) are not checked: their globs apply to whatever project is open. "
        "A block that is not valid YAML for an agent that parses YAML is PL018's finding."
    ),
    bad_example='---\npaths: "src/**/*.py"\n---\n(the Python files are under app/src/)\n',
    good_example='---\npaths: "**/src/**/*.py"\n---\n',
    fixable=False,
    kinds=ALL_KINDS,
    check=check,
    needs_discovery=False,
    applies_to="front matter of Copilot, Cursor, Claude rule, Qwen rule, Cline rule, Windsurf "
    "rule, Kiro steering and `SKILL.md` files",
)
