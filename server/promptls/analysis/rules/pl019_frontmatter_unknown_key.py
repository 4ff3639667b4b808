"""PL019: a front-matter key the file's agent does not read."""

from __future__ import annotations

from collections.abc import Iterator

from promptls.agents.frontmatter import FrontKind
from promptls.analysis.document import Document
from promptls.analysis.frontmatter_check import subject, suggestions
from promptls.analysis.frontmatter_kinds import front_kind
from promptls.analysis.frontmatter_nodes import Front
from promptls.analysis.model import Edit, Finding, Fix, Severity
from promptls.analysis.rules.base import ALL_KINDS, Rule
from promptls.text.escape import safe_line


def own_word(key: str, options: tuple[str, ...]) -> bool:
    """Whether ``key`` is a known key joined to a word of its own (``zh_name``,
    ``name-en``, ``description_short``): a key of the author's, not a misspelling."""
    words = [w.lower() for w in key.replace("-", "_").split("_") if w]
    return len(words) > 1 and any(o.lower() in words for o in options)


def always_loaded(kind: FrontKind, front: Front) -> bool:
    """Whether the file loads in every session whatever its globs (``alwaysApply: true``
    in a Cursor rule): a misspelt scope key there changes nothing."""
    if kind.always_key is None:
        return False
    key = front.get(kind.always_key)
    return key is not None and key.value is True


def check(doc: Document) -> Iterator[Finding]:
    """Each key that is a near miss of a key the file's agent reads, with a rename when
    unambiguous. A key no agent reads changes nothing and is not reported; nor is
    another agent's scope key beside this agent's own (one file kept for both)."""
    if front_kind(doc.path) is None:  # no front matter schema: nothing to load
        return

    found = subject(doc)
    if found is None:
        return
    kind, front = found
    present = {k.name for k in front.keys}
    for key in front.keys:
        if key.name in kind.keys:
            continue
        options = tuple(o for o in suggestions(kind, key.name) if o != key.name)
        if not options or own_word(key.name, options):
            continue
        if key.name in kind.foreign_keys and options[0] in present:
            continue  # `globs:` beside `paths:`: written for the other agent too
        if options[0] == kind.scope_key and always_loaded(kind, front):
            continue  # `glob:` in an always-applied rule: the globs would be ignored
        shown = safe_line(key.name)
        message = f"{kind.agent} does not read the key {shown!r}"
        message += f"; did you mean {' or '.join(repr(o) for o in options)}?"
        fix = None
        if len(options) == 1 and options[0] not in present:
            fix = Fix(f"Rename to {options[0]!r}", (Edit(key.start, key.end, options[0]),))
        yield RULE.finding(message, key.start, key.end, fix=fix)


RULE = Rule(
    code="PL019",
    name="unknown-front-matter-key",
    severity=Severity.WARNING,
    summary="A front-matter key that misspells one the agent reads, or is another agent's.",
    explanation=(
        "Each agent reads a few front-matter keys and ignores the rest without a word: "
        "Copilot reads `applyTo`, `description`, `name` and `excludeAgent`; Cursor reads "
        "`description`, `globs` and `alwaysApply`; a Claude Code rule reads only `paths`; "
        "a Windsurf rule reads `trigger`, `globs` and `description`; a Kiro steering file "
        "reads `inclusion`, `fileMatchPattern`, `name` and `description`. "
        "A misspelt key (`applyto`, `alwaysapply`) or another agent's key (`globs:` in a "
        "Claude rule, which then loads in every session instead of for its files; `globs:` "
        "in a Kiro steering file, whose key is `fileMatchPattern`) changes "
        "when the file applies. The finding names the likely key; the fix renames it when "
        "there is exactly one and it is not already present. Only such near misses are "
        "reported: a key no agent reads (`name:` in a Cursor rule, `metadata:` in a "
        "Copilot file) changes nothing; a known key joined to a word of the author's "
        "(`zh_name`) is the author's own key; another agent's scope key beside this "
        "agent's (`applyTo:` and `paths:` in one file kept for both agents) is read by "
        "the other agent; a misspelt scope key (`glob:`) in a Cursor rule with "
        "`alwaysApply: true` changes nothing, since Cursor then ignores the globs; and "
        "`SKILL.md` accepts the keys of every agent that reads "
        "skills (VS Code's `user-invokable` among them)."
    ),
    bad_example='---\nglobs: "src/**/*.ts"\n---\nUse strict mode.\n',
    good_example='---\npaths: "src/**/*.ts"\n---\nUse strict mode.\n',
    fixable=True,
    kinds=ALL_KINDS,
    check=check,
    needs_discovery=False,
    applies_to="front matter of Copilot, Cursor, Claude rule, Qwen rule, Cline rule, Windsurf "
    "rule, Kiro steering and `SKILL.md` files",
)
