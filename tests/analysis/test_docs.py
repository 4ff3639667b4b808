"""docs/rules.md stays in step with the rule registry (editors link to its anchors)."""

from __future__ import annotations

from pathlib import Path

from promptls.analysis import RULES, analyze

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def test_every_rule_has_an_anchor_heading_and_its_severity() -> None:
    text = DOC.read_text(encoding="utf-8")
    for code, rule in RULES.items():
        assert f'<a id="{code.lower()}"></a>' in text, code
        section = text.split(f"### {code} `{rule.name}`", 1)
        assert len(section) == 2, f"no heading for {code}"
        assert f"**Default severity:** {rule.severity.value}" in section[1][:300], code
        assert rule.explanation in section[1], f"{code}: explanation out of date"


def test_the_rules_page_lints_clean() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert analyze(text, path="docs/rules.md").findings == ()
