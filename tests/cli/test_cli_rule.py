"""``promptls rule CODE``: a rule's documentation, shipped with the package.

The page is what docs/rules.md shows for the rule (that page is generated from the same
function), so a user without the repository, or offline, reads the documentation of the
version they run.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.analysis.rules import RULES
from promptls.commands.rule import rule_page
from tests.cli.conftest import run_cli

RULES_MD = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


@pytest.mark.parametrize("asked", ["PL013", "pl013", "broken-import"])
def test_rule_prints_the_rules_page_section(asked: str) -> None:
    result = run_cli("rule", asked, home=None)
    assert result.code == 0 and result.err == ""
    assert result.text.startswith(f"### PL013 `{RULES['PL013'].name}`\n")
    section = RULES_MD.read_text(encoding="utf-8").split('<a id="pl013"></a>\n\n', 1)[1]
    assert section.startswith(result.text)
    assert "Bad:" in result.text and "Good:" in result.text


def test_every_rule_has_a_page_with_its_severity_and_examples() -> None:
    for code, rule in RULES.items():
        page = rule_page(rule)
        assert page.startswith(f"### {code} ")
        assert f"**Default severity:** {rule.severity.value}" in page
        assert rule.explanation in page


def test_an_unknown_rule_is_a_usage_error_naming_the_valid_codes() -> None:
    result = run_cli("rule", "PL404", home=None)
    assert result.code == 2 and result.text == ""
    assert "unknown rule 'PL404'" in result.err and "PL001" in result.err
