"""PL008, PL009 and PL010 after their afternoon changes, at the edges the mutation run of
2026-12-01 (docs/mutation.md, "Fourth round") found unpinned: which ``{{…}}`` is a slot,
placeholder homes and ``apply_patch`` examples, PL009's exact-count finding, and PL010's
grouped and structure-keeping findings.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.analysis import analyze
from promptls.analysis.model import Finding
from promptls.config import Settings
from promptls.discovery import discover
from promptls.tokens import O200K, count_tokens

from .conftest import MARKER

READS = "the model reads it, a reviewer cannot see it"
ZWSP = "invisible character U+200B zero-width space"


def _pl008(static: str, profile: str | None = None) -> list[str]:
    text = f"{static}\n\n{MARKER}\n\nTurn."
    found = analyze(text, path="x.prompt", settings=Settings(select=("PL008",), profile=profile))
    return [text[f.start : f.end] for f in found.findings]


@pytest.mark.parametrize(
    ("body", "slot"),
    [
        ("{{- name -}}", True),
        ("{{~ name ~}}", True),
        ("{{X}}", True),
        ("{{_x}}", True),
        ("{{.}}", True),
        ("{{.Name}}", True),
        ("{{.N}}", True),
        ("{{._x}}", True),
        ("{{./x}}", True),
        ("{{ }}", False),
        ("{{...}}", False),
        ('{{"text"}}', False),
    ],
)
def test_pl008_which_double_braces_are_a_template_slot(body: str, slot: bool) -> None:
    assert _pl008(f"Context: {body} here.") == ([body] if slot else [])


def test_pl008_a_placeholder_home_is_an_example_on_windows_too() -> None:
    static = "Homes: C:\\Users\\username\\x, /Users/someone/p and /home/alice/x."
    assert _pl008(static) == ["/home/alice"]


def test_pl008_values_in_an_apply_patch_example_are_not_volatile() -> None:
    static = (
        "*** Begin Patch\n*** Add File: notes.md\n+Updated 2025-06-01.\n*** End Patch\n"
        "Today is 2025-06-02."
    )
    assert _pl008(static) == ["2025-06-02"]


def test_pl008_a_value_right_after_a_hidden_comment_is_reported() -> None:
    assert _pl008("<!--\nnote\n-->\n2025-06-01 is today.", profile="claude") == ["2025-06-01"]


def test_pl009_the_exact_count_finding_marks_the_marker_and_says_why_it_matters() -> None:
    static = "hello world " * 300 + "\n\n"
    text = f"{static}{MARKER}\n\nTurn."
    settings = Settings(select=("PL009",), model="gpt-4o")
    [found] = analyze(text, path="x.prompt", settings=settings).findings
    count = count_tokens(static, O200K).count
    assert found.message == (
        f"static half is {count} tokens (o200k_base), below the 1024-token minimum cacheable "
        "prefix of gpt-4o: unless tools or earlier blocks make the prefix long enough, "
        "caching silently does nothing"
    )
    assert text[found.start : found.end] == MARKER


def _pl010(text: str) -> list[Finding]:
    return list(analyze(text, path="AGENTS.md", settings=Settings(select=("PL010",))).findings)


def test_pl010_lists_ten_lines_then_an_ellipsis() -> None:
    [ten] = _pl010("".join(f"line {i} a\u200bb\n" for i in range(10)))
    assert ten.message == (
        f"{ZWSP}, 10 times in this file (lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10): {READS}"
    )
    text = "".join(f"line {i} a\u200bb\n" for i in range(11))
    [eleven] = _pl010(text)
    assert eleven.message == (
        f"{ZWSP}, 11 times in this file (lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, …): {READS}"
    )
    assert [r.message for r in eleven.related[:2]] == [
        f"the same {ZWSP} (2 of 11)",
        f"the same {ZWSP} (3 of 11)",
    ]
    assert eleven.fix is not None
    assert eleven.fix.title == "Remove all 11 of them"


def test_pl010_names_unicode_tag_characters() -> None:
    [found] = _pl010("tag \U000e0041\U000e0042 here\n")
    assert found.message == (
        f"invisible characters Unicode tag characters (U+E0000-U+E007F): {READS}"
    )


def test_pl010_sixteen_fence_lines_get_a_fix_the_seventeenth_is_left_by_hand() -> None:
    text = "".join(f"```\nc{i}\n\u200b```\n```\n\n" for i in range(17))
    found = _pl010(text)
    assert [text[f.start : f.end] for f in found] == ["\u200b"] * 17
    fixed = [f for f in found if f.fix is not None]
    assert len(fixed) == 16
    assert {f.fix.title for f in fixed if f.fix} == {
        "Remove the invisible characters and lengthen the enclosing fence"
    }
    assert found[0].message == (
        f"{ZWSP}: {READS}; it keeps this line from closing the enclosing code block, so the "
        "fix also lengthens that block's fences"
    )
    assert found[-1].fix is None
    assert found[-1].message == (
        f"{ZWSP}: {READS}; it keeps this line from acting as a code fence, so removing it "
        "would change the document's structure (no fix: remove it by hand and fix the fences)"
    )


def test_pl008_hidden_comments_follow_the_discovered_agent(tmp_path: Path) -> None:
    # No profile configured: the discovery's agent (claude) hides block comments.
    (tmp_path / ".git").mkdir()
    discovery = discover(tmp_path, "claude", home=tmp_path, environ={})
    text = f"<!--\nReviewed 2025-06-01.\n-->\nYou are an agent.\n\n{MARKER}\n\nTurn."
    found = analyze(
        text,
        path=str(tmp_path / "x.prompt"),
        settings=Settings(select=("PL008",)),
        discovery=discovery,
    )
    assert found.findings == ()


def test_pl010_ordinary_runs_do_not_use_up_the_fence_checks() -> None:
    # Seventeen runs that cannot touch a fence, then one that keeps a fence from closing:
    # that one still gets its structure-keeping fix.
    ordinary = "".join(f"word{i} a\u200bb\n" for i in range(17))
    text = f"{ordinary}```\ncode\n\u200b```\n```\n"
    found = _pl010(text)
    structural = [f for f in found if "code block" in f.message]
    assert len(structural) == 1
    assert structural[0].fix is not None
