"""PL019: a front-matter key the file's agent does not read."""

from __future__ import annotations

from collections.abc import Iterator

from promptls.analysis.document import Document
from promptls.analysis.frontmatter_kinds import front_kind
from promptls.analysis.model import Edit, Finding, Fix, Severity
from promptls.analysis.rules.base import ALL_KINDS, Rule
from promptls.text.escape import safe_line


def check(doc: Document) -> Iterator[Finding]:
    """Each unknown top-level key, with the likely key and a rename when unambiguous."""
    if front_kind(doc.path) is None:  # no front matter schema: nothing to load
        return
    # deferred: the front matter parser and checks load for files that have a schema
    from promptls.analysis.frontmatter_check import subject, suggestions

    found = subject(doc)
    if found is None:
        return
    kind, front = found
    present = {k.name for k in front.keys}
    for key in front.keys:
        if key.name in kind.keys:
            continue
        options = tuple(o for o in suggestions(kind, key.name) if o != key.name)
        if not options and not kind.report_all_unknown:
            continue
        shown = safe_line(key.name)
        message = f"{kind.agent} does not read the key {shown!r}"
        fix = None
        if options:
            message += f"; did you mean {' or '.join(repr(o) for o in options)}?"
            if len(options) == 1 and options[0] not in present:
                fix = Fix(f"Rename to {options[0]!r}", (Edit(key.start, key.end, options[0]),))
        else:
            message += f" (it reads {', '.join(kind.keys)})"
        yield RULE.finding(message, key.start, key.end, fix=fix)


RULE = Rule(
    code="PL019",
    name="unknown-front-matter-key",
    severity=Severity.WARNING,
    summary="A front-matter key the agent does not read, often another agent's name for it.",
    explanation=(
        "Each agent reads a few front-matter keys and ignores the rest without a word: "
        "Copilot reads `applyTo`, `description`, `name` and `excludeAgent`; Cursor reads "
        "`description`, `globs` and `alwaysApply`; a Claude Code rule reads only `paths`. "
        "A misspelt key (`applyto`, `alwaysapply`) or another agent's key (`globs:` in a "
        "Claude rule, which then loads in every session instead of for its files) changes "
        "when the file applies. The finding names the likely key; the fix renames it when "
        "there is exactly one and it is not already present. In `SKILL.md`, where tools "
        "add keys of their own, only near misses of the documented keys are reported "
        "(`allowed_tools` for `allowed-tools`)."
    ),
    bad_example='---\nglobs: "src/**/*.ts"\n---\nUse strict mode.\n',
    good_example='---\npaths: "src/**/*.ts"\n---\nUse strict mode.\n',
    fixable=True,
    kinds=ALL_KINDS,
    check=check,
    needs_discovery=False,
)
