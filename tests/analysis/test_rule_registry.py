"""The rule registry as editors and tools meet it: every rule's link and a broken module.

Written against mutation testing (docs/mutation.md).
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from promptls.analysis import rules
from promptls.analysis.rules import RULES, rule_doc_url

RULES_DOC = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def test_each_rule_link_lands_on_its_anchor_in_the_rules_page(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert all(rule_doc_url(code) is None for code in RULES)  # unpublished: no links
    published = "https://docs.example.org/promptls/rules.md"
    monkeypatch.setattr(rules, "RULES_DOC_URL", published)
    page = RULES_DOC.read_text(encoding="utf-8")
    for code in RULES:
        url = rule_doc_url(code)
        assert url is not None
        base, _, anchor = url.partition("#")
        assert base == published
        assert f'<a id="{anchor}"></a>\n\n### {code} ' in page


def test_a_rule_module_is_loaded_by_name_and_a_bad_one_fails_loudly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert rules.load("pl001_duplicate_marker") is RULES["PL001"]
    monkeypatch.setitem(sys.modules, f"{rules.__name__}.pl999_broken", SimpleNamespace(RULE=1))
    with pytest.raises(TypeError, match=r"rules\.pl999_broken\.RULE is not a Rule$"):
        rules.load("pl999_broken")
