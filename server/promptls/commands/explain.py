"""``promptls explain PL001``: one rule in full, with a bad and a good example."""

from __future__ import annotations

import argparse
import textwrap

from promptls.analysis.rules import RULES
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


def run(args: argparse.Namespace) -> int:
    """Print the explanation; an unknown code is a usage error listing the valid ones."""
    wanted = args.rule.strip()
    rule = RULES.get(wanted.upper()) or next(
        (r for r in RULES.values() if r.name == wanted.lower()), None
    )
    if rule is None:
        raise UsageError(f"unknown rule {wanted!r}; valid codes: {', '.join(RULES)}")
    fix = "yes (promptls check --fix)" if rule.fixable else "no"
    print(f"{rule.code} {rule.name}")
    print(f"Default severity: {rule.severity.value}. Fixable: {fix}.")
    print()
    print(textwrap.fill(rule.summary, width=88))
    print()
    print(textwrap.fill(rule.explanation, width=88))
    print()
    print("Bad:")
    print(_indent(rule.bad_example))
    print()
    print("Good:")
    print(_indent(rule.good_example))
    return 0
