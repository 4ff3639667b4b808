"""Discoveries of one run share what an ancestor folder adds to a walk
(``discovery.shared_folders``); every result is the one a walk of its own gives."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from promptls.agents.registry import PROFILES
from promptls.discovery import discover
from promptls.discovery.model import EntryStatus
from promptls.text import runmemo
from tests import examples

FOLDERS = ["", "a", "a/b", "a/b/c", "a/d", "e", "a/.claude", "a/b/.github", "a/.claude/rules/deep"]
NAMES = [
    "AGENTS.md",
    "CLAUDE.md",
    "CLAUDE.local.md",
    ".claude/CLAUDE.md",
    "AGENTS.override.md",
    "GEMINI.md",
    ".github/copilot-instructions.md",
    ".claude/rules/style.md",
    ".claude/rules/deep/paths.md",
    ".cursor/rules/r.mdc",
    ".github/instructions/ts.instructions.md",
    ".clinerules",
    ".claude/rules/deep/x.md",
]
TEXTS = [
    "Use tabs.\n",
    "",
    "   \n",
    "Same text everywhere.\n",
    "See @AGENTS.md and @missing.md.\n",
    "@CLAUDE.md\n",
    "---\npaths:\n  - '**/*.ts'\n---\nTypeScript rules.\n",
    "---\nalwaysApply: true\n---\nAlways.\n",
    "x" * 20_000,  # two of these spend codex's 32 KiB budget
]


@settings(max_examples=examples(40), deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(FOLDERS), st.sampled_from(NAMES), st.sampled_from(TEXTS)),
        max_size=14,
    )
)
def test_a_run_shares_ancestor_visits_and_every_result_is_its_own_walks(
    files: list[tuple[str, str, str]],
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "repo"
        home = Path(tmp) / "home"
        home.mkdir()
        for folder in FOLDERS:
            (root / folder).mkdir(parents=True, exist_ok=True)
        (root / ".git").mkdir()
        for folder, name, text in files:
            path = root / folder / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        folders = [str(root / f) if f else str(root) for f in FOLDERS]
        env = {"HOME": str(home)}
        plain = [discover(f, p, home=home, environ=env) for p in PROFILES for f in folders]
        with runmemo.run_memo():
            for _ in range(3):  # the second round records every shareable visit, the third replays
                shared = [discover(f, p, home=home, environ=env) for p in PROFILES for f in folders]
                assert shared == plain


def test_siblings_share_their_parents_visit(tmp_path: Path) -> None:
    """Three packages' Claude walks in one run: the third replays the root's rules."""
    rules = tmp_path / ".claude" / "rules"
    rules.mkdir(parents=True)
    for n in range(3):
        (rules / f"r{n}.md").write_text(f"Rule {n}.\n", encoding="utf-8")
    (tmp_path / "CLAUDE.md").write_text("Root.\n", encoding="utf-8")
    names = ("a", "b", "c")
    for name in names:
        (tmp_path / "pkg" / name).mkdir(parents=True)
    home = tmp_path / "home"
    alone = [discover(tmp_path / "pkg" / n, "claude", home=home) for n in names]
    with runmemo.run_memo():
        together = [discover(tmp_path / "pkg" / n, "claude", home=home) for n in names]
        kept = (runmemo.current() or {}).get("ancestor folder visits", {})
    assert together == alone
    assert [os.path.basename(f.path) for f in together[2].files] == [
        "CLAUDE.md",
        "r0.md",
        "r1.md",
        "r2.md",
    ]
    assert any(kept.values())  # the visits above the packages were recorded once


def test_a_root_inside_a_rules_folder_walks_that_folder_itself(tmp_path: Path) -> None:
    """A rule's imports expand for a root beside its rules folder, not for a root inside
    it (the rule is then an ancestor's file): the two visits of ``a`` differ, and a run
    gives each root its own."""
    rules = tmp_path / "a" / ".claude" / "rules"
    (rules / "deep").mkdir(parents=True)
    (rules / "style.md").write_text("Read @../../AGENTS.md first.\n", encoding="utf-8")
    (tmp_path / "a" / "AGENTS.md").write_text("Package rules.\n", encoding="utf-8")
    (tmp_path / "a" / "b").mkdir()
    roots = [tmp_path / "a" / "b", rules / "deep"]
    home = tmp_path / "home"
    alone = [discover(r, "claude", home=home) for r in roots]
    with runmemo.run_memo():
        for _ in range(3):  # met, recorded, replayed where shareable
            assert [discover(r, "claude", home=home) for r in roots] == alone
    assert [e.status for e in alone[0].entries] != [e.status for e in alone[1].entries]


def test_an_ancestors_import_names_each_walks_own_working_folder(tmp_path: Path) -> None:
    """Claude Code asks before it loads an import outside the working folder, and the
    entry says which folder: a visit that expands imports is not replayed for another."""
    (tmp_path / ".git").mkdir()
    claude = tmp_path / "a" / ".claude"
    claude.mkdir(parents=True)
    (claude / "CLAUDE.md").write_text("See @AGENTS.md and @missing.md.\n", encoding="utf-8")
    (claude / "AGENTS.md").write_text("Use tabs.\n", encoding="utf-8")
    roots = [tmp_path / "a" / p for p in ("b", "b/c", "d")]
    for root in roots:
        root.mkdir(parents=True, exist_ok=True)
    home = tmp_path / "home"
    alone = [discover(r, "claude", home=home) for r in roots]
    with runmemo.run_memo():
        for _ in range(3):  # met, recorded, replayed where shareable
            assert [discover(r, "claude", home=home) for r in roots] == alone
    imported = [e for e in alone[2].entries if e.status is EntryStatus.IMPORTED]
    assert [(e.path, str(roots[2]) in e.reason) for e in imported] == [
        (str(claude / "AGENTS.md"), True)
    ]
