"""Rule behaviour shared by several rules: settings, kinds, ordering.

Each rule's own cases live in ``tests/analysis/rules/test_plNNN.py`` and its fixtures in
``testdata/PLNNN/`` (test_fixtures.py).
"""

from __future__ import annotations

from promptls.analysis import RULES, Severity, analyze
from promptls.config import Settings
from tests.analysis.conftest import MARKER, codes


def test_marker_rules_do_not_run_on_instruction_files_except_pl002_pl003() -> None:
    text = f"{MARKER}\n\nx\n\n{MARKER}"
    assert set(codes(text, "CLAUDE.md")) == {"PL003"}


def test_findings_sorted_and_config_applies() -> None:
    text = f"Hi {{{{u}}}}\n{MARKER}\nb\n\n__ZIDANE_SYSTEM_PROMPT_BOUNDRY__"
    found = analyze(text, path="x.prompt").findings
    assert [(f.start, f.code) for f in found] == sorted((f.start, f.code) for f in found)
    settings = Settings(ignore=("PL008",), severity={"PL006": Severity.ERROR})
    found = analyze(text, path="x.prompt", settings=settings).findings
    assert "PL008" not in [f.code for f in found]
    assert [f.severity for f in found if f.code == "PL006"] == [Severity.ERROR]
    only = analyze(text, path="x.prompt", settings=Settings(select=("PL002",))).findings
    assert {f.code for f in only} == {"PL002"}


def test_every_rule_is_documented() -> None:
    for code, rule in RULES.items():
        assert rule.code == code and rule.name and rule.explanation and rule.summary
        assert rule.bad_example != rule.good_example


def test_document_kinds() -> None:
    from promptls.analysis import DocumentKind, document_kind

    assert document_kind("repo/.claude/rules/style.md") is DocumentKind.INSTRUCTION
    assert document_kind("a/b/AGENTS.override.md") is DocumentKind.INSTRUCTION
    assert document_kind("prompts/AGENTS.md") is DocumentKind.INSTRUCTION
    assert document_kind("src/prompts/review/main.md") is DocumentKind.PROMPT
    assert document_kind("x.system.md") is DocumentKind.PROMPT
    assert document_kind("docs/guide.md") is DocumentKind.OTHER
    assert document_kind(".github/copilot-instructions.md") is DocumentKind.INSTRUCTION
    assert document_kind("repo/.cursor/rules/db.mdc") is DocumentKind.INSTRUCTION
    assert document_kind(".github/instructions/py.instructions.md") is DocumentKind.INSTRUCTION
    assert document_kind(".github/instructions/notes.md") is DocumentKind.OTHER
    custom = Settings(instruction_files=("docs/agent-rules.md",), prompt_files=("*.tpl",))
    assert document_kind("docs/agent-rules.md", custom) is DocumentKind.INSTRUCTION
    assert document_kind("a.tpl", custom) is DocumentKind.PROMPT
    assert document_kind("x.prompt", custom) is DocumentKind.OTHER
