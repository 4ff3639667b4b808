"""PL018: front matter that is not valid YAML, not a mapping, or never closed."""

from __future__ import annotations

from collections.abc import Iterator

from promptls.analysis.document import Document
from promptls.analysis.frontmatter_check import subject, yaml_rejected
from promptls.analysis.frontmatter_kinds import front_kind
from promptls.analysis.model import Finding, Severity
from promptls.analysis.rules.base import ALL_KINDS, Rule


def _rest_of_line(text: str, start: int) -> int:
    """End of the line content from ``start`` (before its line break)."""
    end = text.find("\n", start)
    end = len(text) if end < 0 else end
    return end - 1 if end > start and text[end - 1] == "\r" else end


def check(doc: Document) -> Iterator[Finding]:
    """One finding where YAML stopped reading, or on the unclosed opening fence."""
    if front_kind(doc.path) is None:  # no front matter schema: nothing to load
        return

    found = subject(doc)
    if found is None:
        return
    kind, front = found
    # Claude Code documents `paths: {src,lib}/**/*.ts`, and Cursor's own editor writes
    # `globs: *.ts`: neither is YAML, both agents read them line by line.
    if not yaml_rejected(kind, front) or front.problem_at is None:
        return
    start = front.problem_at
    end = max(_rest_of_line(doc.text, start), min(start + 1, len(doc.text)))
    if front.closed:
        effect = f"{kind.agent} may read none of its keys (quote values starting with * {{ [ !)"
    else:
        effect = f"{kind.agent} does not read it as front matter"
    yield RULE.finding(f"{front.problem}: {effect}", start, end)


RULE = Rule(
    code="PL018",
    name="invalid-front-matter",
    severity=Severity.WARNING,
    summary="Front matter that is not valid YAML, not a mapping, or has no closing ---.",
    explanation=(
        "Copilot `*.instructions.md`, Cursor `.mdc` rules, Claude Code `.claude/rules` "
        "files and `SKILL.md` keep the keys that decide when they apply in a YAML front "
        "matter block between two `---` lines. When the block is not valid YAML (an "
        "unquoted `*` or `{` at the start of a value, a tab, a stray colon), is not a "
        "`key: value` mapping, or has no closing `---`, the agent reads none of its keys "
        "and says nothing: the rule loses its scope, the skill its name and description. "
        "The finding is where YAML stopped reading. Quote values that start with `*`, "
        "`{`, `[` or `!`. Claude Code, Cursor and Windsurf read a block YAML rejects line "
        "by line (Claude documents `paths: {src,lib}/**/*.ts`, Cursor's editor writes "
        "`globs: *.ts`, Windsurf's `globs: *.tsx,*.astro`), so their rules are reported "
        "for it only when no `key: value` "
        "line can be read; a block YAML reads as one string or list (a quote or bracket "
        "that spans lines) is reported for every agent. Copilot "
        "(GitHub's coding agent, Copilot CLI before 1.0.48) and the Agent Skills loaders "
        "parse YAML, so theirs are reported; so are Kiro's steering files, whose "
        "documented examples all quote their patterns."
    ),
    bad_example="---\napplyTo: **/*.ts\n---\nUse strict mode.\n",
    good_example='---\napplyTo: "**/*.ts"\n---\nUse strict mode.\n',
    fixable=False,
    kinds=ALL_KINDS,
    check=check,
    needs_discovery=False,
    applies_to="front matter of Copilot, Cursor, Claude rule, Qwen rule, Cline rule, Windsurf "
    "rule, Kiro steering and `SKILL.md` files",
)
