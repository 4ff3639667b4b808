"""``promptls rule PL001``: one rule's documentation page, as Markdown.

The page is written here from the ``Rule`` object (summary, explanation, examples, what
it applies to, its ``details``) and is the same text as the rule's section of
``docs/rules.md`` (``scripts/gen-api`` writes that section from :func:`rule_page`) and
as the ``help`` of the rule in ``check --format sarif``. So the documentation ships
with the package and a user reads it offline, with the version they run; no link points
at a page that may not exist (docs/cli.md, "Rule documentation").
"""

from __future__ import annotations

import argparse

from promptls.analysis.model import DocumentKind
from promptls.analysis.rules import RULES, Rule
from promptls.commands import UsageError
from promptls.commands._common import setup_stdout
from promptls.commands.explain import find_rule
from promptls.text.markdown import longest_run

NAME = "rule"
HELP = "Print one rule's documentation as Markdown (e.g. promptls rule PL001)."

_KIND_WORDS = {
    DocumentKind.PROMPT: "prompt",
    DocumentKind.OTHER: "other",
    DocumentKind.INSTRUCTION: "instruction",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The code, or the rule's name."""
    parser.add_argument("rule", metavar="CODE", help="a rule code (PL001) or name")


def _visible(example: str) -> str:
    """An example as a fenced block shows it: invisible characters as ``\\uXXXX``."""
    shown = "".join(c if c.isprintable() or c == "\n" else f"\\u{ord(c):04x}" for c in example)
    return shown if shown.endswith("\n") else shown + "\n"


def _fenced(example: str) -> str:
    """An example in a fence longer than any backtick run inside it (an example may
    itself hold a fence)."""
    fence = "`" * max(3, longest_run(example) + 1)
    return f"{fence}text\n{_visible(example)}{fence}"


def _fix(rule: Rule) -> str:
    answer = "yes" if rule.fixable else "no"
    return f"{answer} ({rule.fix_note})" if rule.fix_note else answer


def _applies(rule: Rule) -> str:
    if rule.applies_to:
        return rule.applies_to
    return ", ".join(f"{_KIND_WORDS[k]} files" for k in _KIND_WORDS if k in rule.kinds)


def rule_page(rule: Rule) -> str:
    """The rule's documentation: heading, severity, fix and scope, summary, explanation,
    a bad and a good example, and the rule's details."""
    parts = [
        f"### {rule.code} `{rule.name}`",
        f"**Default severity:** {rule.severity.value} · **Fix:** {_fix(rule)} · "
        f"**Applies to:** {_applies(rule)}",
        rule.summary,
        rule.explanation,
        f"Bad:\n\n{_fenced(rule.bad_example)}",
        f"Good:\n\n{_fenced(rule.good_example)}",
    ]
    if rule.details.strip():
        parts.append(rule.details.strip())
    return "\n\n".join(parts) + "\n"


def run(args: argparse.Namespace) -> int:
    """Print the page; an unknown code is a usage error listing the valid ones."""
    rule = find_rule(args.rule)
    if rule is None:
        raise UsageError(f"unknown rule {args.rule.strip()!r}; valid codes: {', '.join(RULES)}")
    setup_stdout()
    print(rule_page(rule), end="")
    return 0
