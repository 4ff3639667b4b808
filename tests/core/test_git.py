"""Reading Git's files (``discovery/git.py``, ``discovery/model.py``): the branch from
``HEAD`` and the repository's edges.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.context import DiscoveryCache, discover
from promptls.discovery.git import branch_from_head
from promptls.environment import detect_environment, find_git_dir
from tests.core.helpers import write

# Edges of reading Git's files that the mutation run of ``discovery/git.py`` and
# ``discovery/model.py`` found unpinned: a blank ``.git`` file, ``HEAD`` written without the
# space after ``ref:``, and a change reported for a folder given with a trailing slash.


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


# The branch promptls shows (``promptls context``, the environment block) from ``HEAD``.
#
# ``HEAD`` names a branch (``ref: refs/heads/x``) or holds a detached commit: 40 hex digits
# (SHA-1) or 64 (SHA-256), either case. A ref that Git itself refuses (``git
# check-ref-format``: no control character, space, ``~ ^ : ? * [ \`` or DEL) or a hex run
# of any other length is garbage, shown as no branch rather than a wrong one. Found by
# mutating git.py's patterns (scripts/mutation_patterns.py, docs/mutation.md).


SHA1 = "0123456789abcdef0123456789abcdef01234567"


SHA256 = "fedcba9876543210" * 4


@pytest.mark.parametrize(
    ("head", "shown"),
    [
        (SHA1, "0123456"),
        (SHA1.upper(), "0123456"),
        ("9" * 40, "9999999"),
        ("A" * 40, "aaaaaaa"),
        (SHA256, "fedcba9"),
        (SHA256.upper(), "fedcba9"),
        ("7" * 64, "7777777"),
    ],
)
def test_a_detached_commit_is_shown_short_and_lower_case(head: str, shown: str) -> None:
    assert branch_from_head(head + "\n") == shown


@pytest.mark.parametrize("length", [39, 41, 63, 65])
def test_a_hex_run_of_another_length_is_no_commit(length: int) -> None:
    assert branch_from_head("a" * length + "\n") == ""


@pytest.mark.parametrize(
    "bad", ["\t", "\x01", "\x7f", "~1", "^", ":", "?", "*", "[", "\\"], ids=repr
)
def test_a_ref_git_would_refuse_is_no_branch(bad: str) -> None:
    assert branch_from_head(f"ref: refs/heads/topic{bad}x\n") == ""


def test_a_ref_with_dashes_dots_and_slashes_is_shown_without_refs_heads() -> None:
    assert branch_from_head("ref: refs/heads/feat/x-1.2_y\n") == "feat/x-1.2_y"
