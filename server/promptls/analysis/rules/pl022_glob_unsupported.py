"""PL022: a scope glob written in syntax the agent's glob dialect does not support."""

from __future__ import annotations

from collections.abc import Iterator

from promptls.agents.registry import PROFILES
from promptls.analysis.document import Document
from promptls.analysis.frontmatter_check import scope_globs, subject, yaml_rejected
from promptls.analysis.frontmatter_kinds import front_kind
from promptls.analysis.model import Finding, Severity
from promptls.analysis.rules.base import ALL_KINDS, Rule
from promptls.text.escape import safe_line


def check(doc: Document) -> Iterator[Finding]:
    """Each scope glob the dialect names a problem for, on the glob; none in a block
    YAML rejects (PL018 reports it, and the agent reads no glob from it)."""
    if front_kind(doc.path) is None:  # no front matter schema: nothing to load
        return

    found = subject(doc)
    if found is None:
        return
    kind, front = found
    if yaml_rejected(kind, front):
        return
    rules = PROFILES[kind.profile].globs
    for glob in scope_globs(doc.text, kind, front):
        problem = rules.problem(glob.pattern)
        if problem is not None:
            yield RULE.finding(f"{safe_line(problem)} ({kind.agent})", glob.start, glob.end)


RULE = Rule(
    code="PL022",
    name="unsupported-glob-syntax",
    severity=Severity.WARNING,
    summary="A scope glob uses syntax the agent's glob matching does not support.",
    explanation=(
        "Each agent matches scope globs with its own engine, and none of them says when "
        "a glob cannot match as written: a backslash separator (`src\\*.ts`), a leading "
        "`!` (not a negation in a scope glob), an extended glob such as `+(a|b)`, an "
        "unclosed `{` or `[`, a leading `/` (relative globs only, except VS Code, which "
        "then matches from the filesystem root) or a leading `./` where the agent keeps "
        "it (VS Code). The checks are each agent's dialect (`rules.py` in its home, "
        "`server/promptls/agents/<agent>/`, with its source), so the finding names the "
        "agent. A glob in front matter that is not "
        'valid YAML for an agent that parses YAML (`applyTo: "\\*\\*/\\*.ts"`, '
        "escaped as Markdown) is PL018's finding, not this rule's: the agent reads no "
        "glob from that block."
    ),
    bad_example='---\napplyTo: "src\\\\**\\\\*.ts"\n---\n',
    good_example='---\napplyTo: "src/**/*.ts"\n---\n',
    fixable=False,
    kinds=ALL_KINDS,
    check=check,
    needs_discovery=False,
    applies_to="front matter of Copilot, Cursor, Claude rule, Qwen rule, Cline rule, Windsurf "
    "rule, Kiro steering and `SKILL.md` files",
)
