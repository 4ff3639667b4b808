"""``promptls explain PL001``: one rule in full, with a bad and a good example."""

from __future__ import annotations

import argparse
import textwrap

from promptls.analysis.rules import RULES, Rule
from promptls.commands import UsageError
from promptls.text.escape import safe_line

NAME = "explain"
HELP = "Explain one rule (e.g. promptls explain PL001)."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The code, or the rule's name."""
    parser.add_argument("rule", metavar="CODE", help="a rule code (PL001) or name")


def _indent(example: str) -> str:
    """Show an example verbatim, indented, with visible escapes for invisible characters."""
    lines = example.rstrip("\n").split("\n")
    return "\n".join("    " + safe_line(line) for line in lines)


def find_rule(wanted: str) -> Rule | None:
    """The rule a code (any case) or a rule name names; None for neither."""
    wanted = wanted.strip()
    return RULES.get(wanted.upper()) or next(
        (r for r in RULES.values() if r.name == wanted.lower()), None
    )


def explain_text(rule: Rule) -> str:
    """The explanation as printed (``promptls explain``; the MCP ``explain`` tool's text)."""
    fix = "yes (promptls check --fix)" if rule.fixable else "no"
    return "\n".join(
        [
            f"{rule.code} {rule.name}",
            f"Default severity: {rule.severity.value}. Fixable: {fix}.",
            "",
            textwrap.fill(rule.summary, width=88),
            "",
            textwrap.fill(rule.explanation, width=88),
            "",
            "Bad:",
            _indent(rule.bad_example),
            "",
            "Good:",
            _indent(rule.good_example),
        ]
    )


def run(args: argparse.Namespace) -> int:
    """Print the explanation; an unknown code is a usage error listing the valid ones."""
    rule = find_rule(args.rule)
    if rule is None:
        raise UsageError(f"unknown rule {args.rule.strip()!r}; valid codes: {', '.join(RULES)}")
    print(explain_text(rule))
    return 0
