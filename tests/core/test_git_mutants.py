"""Edges of reading Git's files that the mutation run of ``discovery/git.py`` and
``discovery/model.py`` found unpinned: a blank ``.git`` file, ``HEAD`` written without the
space after ``ref:``, and a change reported for a folder given with a trailing slash."""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.context import DiscoveryCache, discover
from promptls.environment import detect_environment, find_git_dir
from tests.core.helpers import write


@pytest.mark.parametrize("content", [b"", b"\n\n", b"   \n"])
def test_a_blank_git_file_is_a_repository_without_branch(tmp_path: Path, content: bytes) -> None:
    (tmp_path / ".git").write_bytes(content)
    location = find_git_dir(tmp_path)
    assert location is not None
    assert (location.worktree, location.git_dir) == (str(tmp_path), None)
    env = detect_environment(tmp_path, environ={})
    assert (env.git_repo, env.git_branch) == (True, "")


def test_a_git_file_without_gitdir_leads_nowhere(tmp_path: Path) -> None:
    # "garbage: sub" would lead to ./sub if the first line's prefix were not checked.
    (tmp_path / "sub").mkdir()
    (tmp_path / ".git").write_text("garbage sub\n")
    location = find_git_dir(tmp_path)
    assert location is not None and location.git_dir is None


def test_head_without_a_space_after_ref_names_the_branch(tmp_path: Path) -> None:
    # git's own reader skips "ref:" and then any whitespace, none required.
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "HEAD").write_text("ref:refs/heads/main\n")
    assert detect_environment(tmp_path, environ={}).git_branch == "main"


def test_a_change_to_a_folder_given_with_a_trailing_slash(tree: Path) -> None:
    home, ws = tree / "home", tree / "ws"
    write(ws / "docs" / "AGENTS.md", "nested")
    result = discover(ws / "docs", "codex", home=home, environ={})
    assert result.depends_on(f"{ws}/")
    assert result.depends_on(f"{ws / 'docs'}/")
    assert not result.depends_on(f"{tree / 'elsewhere'}/")


def test_a_change_at_the_file_system_root_drops_every_result(tree: Path) -> None:
    home, ws = tree / "home", tree / "ws"
    write(ws / "AGENTS.md", "x")
    cache = DiscoveryCache()
    cache.discover(ws, "codex", home=home, environ={})
    assert cache.invalidate("/") == 1
