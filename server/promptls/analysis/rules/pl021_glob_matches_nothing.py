"""PL021: a scope glob that matches no file of the project, so the rule never applies."""

from __future__ import annotations

import os
from collections.abc import Iterator

from promptls.analysis.document import Document
from promptls.analysis.frontmatter_kinds import front_kind, scope_root
from promptls.analysis.model import Finding, Severity
from promptls.analysis.rules.base import ALL_KINDS, Rule
from promptls.discovery.globs import dialect
from promptls.text.escape import safe_line


def check(doc: Document) -> Iterator[Finding]:
    """Each well-formed scope glob with no match in the (bounded, cached) file listing."""
    if front_kind(doc.path) is None:  # no front matter schema: nothing to load
        return
    # deferred: the front matter parser and checks load for files that have a schema
    from promptls.analysis.frontmatter_check import count_files, glob_hits, scope_globs, subject

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
    rules = dialect(kind.profile)
    for glob in globs:
        if rules.problem(glob.pattern) is not None:
            continue  # PL022 says why
        hits = glob_hits(root, kind, glob.pattern)
        if hits.count:
            continue
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
    summary="A scope glob that matches no file in the project: the rule never applies.",
    explanation=(
        "A path-scoped rule (Copilot `applyTo`, Cursor `globs`, Claude Code `paths`) "
        "applies only when a file it works on matches one of its globs. A glob that "
        "matches no file of the project (a renamed folder, `src/` for `lib/`, `*.tsx` "
        "where the files are `.ts`) makes the rule dead weight, and nothing says so. "
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
)
