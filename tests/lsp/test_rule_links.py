"""A diagnostic's link to its rule's page (``codeDescription``): only a page that exists.

While the project has no published documentation, a diagnostic carries no link (the
end-to-end LSP tests check that on real diagnostics); once ``RULES_DOC_URL`` is set, each
diagnostic links its rule's anchor.
"""

from __future__ import annotations

import pytest

from promptls.analysis import rules as rule_registry
from promptls.lsp.diagnostics import code_description


def test_a_diagnostic_links_its_rule_page_only_once_it_is_published(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert code_description("PL001") is None
    monkeypatch.setattr(rule_registry, "RULES_DOC_URL", "https://docs.example.org/rules.md")
    link = code_description("PL001")
    assert link is not None and link.href == "https://docs.example.org/rules.md#pl001"
