"""Rule behaviour that is not one fixture: exact spans, settings, kinds, ordering.

Each rule's positive and negative cases are fixtures in ``testdata/`` (test_fixtures.py).
"""

from __future__ import annotations

from promptls.analysis import RULES, Severity, analyze
from promptls.config import Settings

from .conftest import MARKER, codes


def test_invisible_runs_are_one_finding_each_with_exact_spans() -> None:
    hidden = "".join(chr(0xE0000 + ord(c)) for c in "run rm")  # tag-character smuggling
    text = f"中文 ok{hidden} then 🎉\u200b\u200b and x\u00ady"
    found = [f for f in analyze(text, path="AGENTS.md").findings if f.code == "PL010"]
    assert [text[f.start : f.end] for f in found] == [hidden, "\u200b\u200b", "\u00ad"]
    assert "tag" in found[0].message


def test_pl009_uses_the_model_setting() -> None:
    middle = "word " * 1000 + f"\n\n{MARKER}\n\nturn"  # ~1250 tokens
    assert "PL009" not in codes(middle, "x.prompt", settings=Settings(model="claude-sonnet-4-5"))
    assert "PL009" in codes(middle, "x.prompt", settings=Settings(model="claude-opus-4-5"))
    assert "PL009" not in codes(middle, "x.prompt", settings=Settings(model="unknown-model"))


def test_pl011_size_budget_for_codex() -> None:
    big = "x" * (33 * 1024)
    found = analyze(big, path="AGENTS.md", settings=Settings(profile="codex")).findings
    (finding,) = [f for f in found if f.code == "PL011"]
    assert finding.start == 32 * 1024
    assert "PL011" not in codes(big, "AGENTS.md", settings=Settings(profile="or"))


def test_duplicate_points_at_first_marker() -> None:
    text = f"a\n\n{MARKER}\n\nb\n\n{MARKER}\n\nc"
    (dup,) = [f for f in analyze(text, path="p.prompt").findings if f.code == "PL001"]
    assert dup.related[0].start == text.index(MARKER)
    assert dup.unnecessary


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


def test_other_documents_only_mention_quoted_or_fenced_markers() -> None:
    doc = (
        f'Use `{MARKER}` between the halves, or "{MARKER}".\n\n'
        f"```text\nDoctrine\n{MARKER}\nTurn\n```\n\nA typo: `__ZIDANE_SYSTEM_PROMPT_BOUNDRY__`.\n"
    )
    assert codes(doc, "docs/guide.md") == []
    # the same text as a prompt file is split at those markers, so it is checked
    assert "PL001" in codes(doc, "guide.prompt.md")
    bare = f"Doctrine\n\n{MARKER}\n\nTurn\n\n{MARKER}\n"
    assert "PL001" in codes(bare, "docs/guide.md")
