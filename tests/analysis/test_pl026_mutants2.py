"""PL026's whole message in each case a user meets, and the span it marks.

Written from the mutation run of 2026-12-01 (docs/mutation.md, "Rules changed on
2026-12-01 (second run)"); the repositories are built as in test_pl026_gitignore.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.analysis import analyze
from promptls.discovery import discover

from .test_pl026_gitignore import ONLY, _git, _write, real_repo

__all__ = ["real_repo"]  # the fixture, imported for pytest


def _findings(path: Path, tmp_path: Path) -> list[tuple[str, int, int]]:
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    discovery = discover(path.parent, "claude", home=home, environ={})
    text = path.read_text(encoding="utf-8")
    analysis = analyze(text, path=str(path), settings=ONLY, discovery=discovery)
    return [(f.message, f.start, f.end) for f in analysis.findings]


HEAD = "CLAUDE.local.md holds one person's instructions for Claude Code, "


def test_an_untracked_file_gets_the_line_to_add(real_repo: Path, tmp_path: Path) -> None:
    local = _write(real_repo / "pkg" / "CLAUDE.local.md", "Mine.\nMore.\n")
    assert _findings(local, tmp_path) == [
        (
            HEAD + "but no .gitignore covers it: `git add .` will commit it "
            "(add the line `CLAUDE.local.md` to ../.gitignore)",
            0,
            5,
        )
    ]


@pytest.mark.parametrize("ignored", [False, True])
def test_a_tracked_file_gets_git_rm_first(real_repo: Path, tmp_path: Path, ignored: bool) -> None:
    local = _write(real_repo / "CLAUDE.local.md", "Mine.\n")
    _git(real_repo, "add", "CLAUDE.local.md")
    if ignored:
        _write(real_repo / ".gitignore", "CLAUDE.local.md\n")
    then = (
        ".gitignore already names it" if ignored else "add the line `CLAUDE.local.md` to .gitignore"
    )
    assert _findings(local, tmp_path) == [
        (
            HEAD + "and Git already tracks it: every clone's agent loads it "
            f"(`git rm --cached CLAUDE.local.md` here, then {then})",
            0,
            5,
        )
    ]
