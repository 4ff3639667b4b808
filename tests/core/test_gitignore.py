"""``git_ignored`` (``discovery/gitignore.py``): how the index is searched and which
ignore rules apply.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from promptls.discovery.gitignore import IgnoreVerdict, git_ignored
from tests.analysis.rules.test_pl026 import real_repo

__all__ = ["real_repo"]  # the fixture, imported for pytest


def _git(repo: Path, *args: str, stdin: str | None = None) -> None:
    subprocess.run(
        ["git", "-C", str(repo), *args], check=True, capture_output=True, input=stdin, text=True
    )


def _write(path: Path, text: str = "Mine.\n") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def repo(real_repo: Path) -> Path:
    """An empty repository made by ``git init`` (skips without Git)."""
    return real_repo


def _verdict(path: Path) -> IgnoreVerdict | None:
    return git_ignored(str(path))


def test_an_entry_whose_path_ends_with_the_asked_path_is_another_file(repo: Path) -> None:
    # The index holds these paths; the asked one (at the root) is not tracked. The bytes
    # just before the asked path inside them ("1/", "b/", "0/x/", "p/") are chosen so
    # that a wrong offset or test of the flags field would take one for its entry.
    asked = "pkg/sub/folder/deeper/more/CLAUDE.local.md"  # 41 bytes
    asked += "x" * (47 - len(asked))
    assert len(asked) == 47
    for tracked in (
        "ab/1/CLAUDE.local.md",
        "0/x/" + asked,
        "p/" + asked,
    ):
        _write(repo / tracked)
        _git(repo, "add", tracked)
    root_file = _write(repo / "CLAUDE.local.md")
    other = _write(repo / asked)
    assert _verdict(root_file) == IgnoreVerdict(str(repo), ignored=False, tracked=False)
    assert _verdict(other) == IgnoreVerdict(str(repo), ignored=False, tracked=False)


def test_the_entry_is_found_between_entries_that_only_end_with_its_path(repo: Path) -> None:
    for tracked in ("0/CLAUDE.local.md", "CLAUDE.local.md", "zz/CLAUDE.local.md"):
        _write(repo / tracked)
        _git(repo, "add", tracked)
    assert _verdict(repo / "CLAUDE.local.md") == IgnoreVerdict(str(repo), False, tracked=True)


def test_an_intent_to_add_entry_counts_as_tracked(repo: Path) -> None:
    # `git add -N` writes an entry with extended flags, in an index of version 3.
    local = _write(repo / "1" / "CLAUDE.local.md")
    _git(repo, "add", "-N", "1/CLAUDE.local.md")
    assert (repo / ".git" / "index").read_bytes()[4:8] == b"\0\0\0\3"
    assert _verdict(local) == IgnoreVerdict(str(repo), ignored=False, tracked=True)


def test_a_version_4_index_answers_not_known_tracked(repo: Path) -> None:
    local = _write(repo / "CLAUDE.local.md")
    _git(repo, "add", "CLAUDE.local.md")
    _git(repo, "update-index", "--index-version", "4")
    assert (repo / ".git" / "index").read_bytes()[4:8] == b"\0\0\0\4"
    assert _verdict(local) == IgnoreVerdict(str(repo), ignored=False, tracked=False)


def test_an_entry_past_the_first_mebibyte_of_a_large_index_is_found(repo: Path) -> None:
    blob = "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"  # the empty blob
    lines = "".join(f"100644 {blob}\tfiller/{n:06d}-a-long-enough-name.md\n" for n in range(16000))
    _git(repo, "update-index", "--add", "--index-info", stdin=lines)
    local = _write(repo / "zz" / "CLAUDE.local.md")
    _git(repo, "add", "zz/CLAUDE.local.md")
    assert (repo / ".git" / "index").stat().st_size > 1024 * 1024
    assert _verdict(local) == IgnoreVerdict(str(repo), ignored=False, tracked=True)


def test_a_gitignore_two_folders_down_is_read(repo: Path) -> None:
    _write(repo / "a" / "b" / ".gitignore", "CLAUDE.local.md\n")
    local = _write(repo / "a" / "b" / "CLAUDE.local.md")
    assert _verdict(local) == IgnoreVerdict(str(repo), ignored=True, tracked=False)


def test_a_gitignore_with_bytes_that_are_not_utf8_still_applies(repo: Path) -> None:
    (repo / ".gitignore").write_bytes(b"# caf\xe9 notes\nCLAUDE.local.md\n")
    local = _write(repo / "CLAUDE.local.md")
    assert _verdict(local) == IgnoreVerdict(str(repo), ignored=True, tracked=False)


@pytest.mark.parametrize("tracked", [False, True])
def test_a_file_in_an_excluded_folder_two_levels_down_stays_ignored(
    repo: Path, tracked: bool
) -> None:
    local = _write(repo / "a" / "b" / "CLAUDE.local.md")
    if tracked:
        _git(repo, "add", "a/b/CLAUDE.local.md")
    _write(repo / ".gitignore", "b/\n!CLAUDE.local.md\n")
    assert _verdict(local) == IgnoreVerdict(str(repo), ignored=True, tracked=tracked)


def test_a_whitelisting_gitignore_re_includes_a_file_at_the_root(repo: Path) -> None:
    _write(repo / ".gitignore", "*\n!CLAUDE.local.md\n")
    local = _write(repo / "CLAUDE.local.md")
    assert _verdict(local) == IgnoreVerdict(str(repo), ignored=False, tracked=False)


def test_a_git_file_whose_folder_is_gone_reads_only_the_worktree(tmp_path: Path) -> None:
    root = tmp_path / "wt"
    _write(root / ".git", "gitdir: /nonexistent/worktrees/wt\n")
    _write(root / ".gitignore", "CLAUDE.local.md\n")
    local = _write(root / "CLAUDE.local.md")
    assert _verdict(local) == IgnoreVerdict(str(root), ignored=True, tracked=False)
    _write(root / ".gitignore", "other.md\n")
    assert _verdict(local) == IgnoreVerdict(str(root), ignored=False, tracked=False)


def test_an_index_with_a_damaged_signature_answers_not_known_tracked(repo: Path) -> None:
    local = _write(repo / "CLAUDE.local.md")
    _git(repo, "add", "CLAUDE.local.md")
    index = repo / ".git" / "index"
    assert _verdict(local) == IgnoreVerdict(str(repo), ignored=False, tracked=True)
    index.write_bytes(b"JUNK" + index.read_bytes()[4:])  # the version field still says 2
    assert _verdict(local) == IgnoreVerdict(str(repo), ignored=False, tracked=False)
