"""``promptls rules``: the rule table (code, name, severity, fixable)."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from promptls.analysis.rules import RULES, Rule

if TYPE_CHECKING:
    from promptls.apidesc.records_check import RuleRow

NAME = "rules"
HELP = "List the rules with their default severity and whether they can be fixed."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``--format json`` for tools."""
    parser.add_argument("--format", choices=("text", "json"), default="text")


def rule_row(rule: Rule) -> RuleRow:
    """One rule as ``promptls rules --format json`` lists it."""
    return {
        "code": rule.code,
        "name": rule.name,
        "severity": rule.severity.value,
        "fixable": rule.fixable,
        "summary": rule.summary,
    }


def run(args: argparse.Namespace) -> int:
    """Print one row per rule."""
    if args.format == "json":
        print(json.dumps([rule_row(r) for r in RULES.values()], indent=2))
        return 0
    width = max(len(r.name) for r in RULES.values())
    print(f"{'code':<6}  {'name':<{width}}  {'severity':<8}  fix  summary")
    for rule in RULES.values():
        fix = "yes" if rule.fixable else "-"
        severity = rule.severity.value
        print(f"{rule.code:<6}  {rule.name:<{width}}  {severity:<8}  {fix:<3}  {rule.summary}")
    return 0
