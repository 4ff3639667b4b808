"""PL026 (local-file-not-ignored) beyond its fixtures: exact messages, spans and fixes at
the edges of what it reports.

Its positive and negative cases are files in ``tests/analysis/testdata/PL026/``
(run by ``tests/analysis/test_fixtures.py``); ``scripts/test --rule PL026`` runs
this module, those fixtures and its docs check.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from promptls.analysis import analyze
from promptls.analysis.settings import Settings
from promptls.discovery import discover, gitignore
from promptls.discovery.gitignore import IgnoreVerdict

# PL026 follows Git's ignore rules: which personal files a ``git add .`` would commit.
#
# The fixtures (testdata/PL026) cannot carry a ``.gitignore``: it would hide them from this
# repository's own Git. These cases build the repositories in a temporary folder instead.


ONLY = Settings(select=("PL026",))


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _messages(path: Path, tmp_path: Path) -> list[str]:
    """PL026 messages for a file, checked the way the CLI does (with a discovery)."""
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    discovery = discover(path.parent, "claude", home=home, environ={})
    text = path.read_text(encoding="utf-8")
    analysis = analyze(text, path=str(path), settings=ONLY, discovery=discovery)
    return [f.message for f in analysis.findings]


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / ".git" / "info").mkdir(parents=True)
    return root


@pytest.mark.parametrize(
    ("ignores", "reported"),
    [
        ({}, True),
        ({".gitignore": "CLAUDE.local.md\n"}, False),
        ({".gitignore": "*.local.md\n"}, False),
        ({".gitignore": "# CLAUDE.local.md\n"}, True),  # a comment, not a pattern
        ({".gitignore": "*.local.md\n!CLAUDE.local.md\n"}, True),  # re-included
        ({".gitignore": "/CLAUDE.local.md\n"}, True),  # anchored at the root, file is in pkg/
        ({"pkg/.gitignore": "CLAUDE.local.md\n"}, False),  # nested file covers it
        ({".gitignore": "*.local.md\n", "pkg/.gitignore": "!CLAUDE.local.md\n"}, True),
        ({".git/info/exclude": "CLAUDE.local.md\n"}, False),
        ({".gitignore": "pkg/\n!pkg/CLAUDE.local.md\n"}, False),  # folder excluded: stays out
        ({"other/.gitignore": "CLAUDE.local.md\n"}, True),  # another folder's file
    ],
)
def test_reported_unless_git_ignores_it(
    repo: Path, tmp_path: Path, ignores: dict[str, str], reported: bool
) -> None:
    for rel, text in ignores.items():
        _write(repo / rel, text)
    local = _write(repo / "pkg" / "CLAUDE.local.md", "My sandbox is on port 8081.\n")
    messages = _messages(local, tmp_path)
    assert len(messages) == (1 if reported else 0), messages


def test_the_message_names_the_line_and_the_root_gitignore(repo: Path, tmp_path: Path) -> None:
    local = _write(repo / "a" / "b" / "CLAUDE.local.md", "Mine.\n")
    (message,) = _messages(local, tmp_path)
    assert "add the line `CLAUDE.local.md` to ../../.gitignore" in message


def test_quiet_outside_a_repository(tmp_path: Path) -> None:
    local = _write(tmp_path / "plain" / "CLAUDE.local.md", "Mine.\n")
    assert _messages(local, tmp_path) == []


def test_quiet_without_a_discovery(repo: Path) -> None:
    local = _write(repo / "CLAUDE.local.md", "Mine.\n")
    assert analyze("Mine.\n", path=str(local), settings=ONLY).findings == ()


def test_an_unreadable_gitignore_counts_as_none(repo: Path, tmp_path: Path) -> None:
    (repo / ".gitignore").mkdir()  # a folder where the file should be
    local = _write(repo / "CLAUDE.local.md", "Mine.\n")
    assert len(_messages(local, tmp_path)) == 1


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True)


@pytest.fixture
def real_repo(tmp_path: Path) -> Path:
    """A repository made by Git itself, so its index is in Git's own format."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    root = tmp_path / "real"
    root.mkdir()
    _git(root, "init", "-q")
    return root


@pytest.mark.parametrize("ignored", [False, True])
def test_a_tracked_file_is_reported_even_when_ignored(
    real_repo: Path, tmp_path: Path, ignored: bool
) -> None:
    local = _write(real_repo / "pkg" / "CLAUDE.local.md", "Mine.\n")
    _write(real_repo / "pkg" / "CLAUDE.md", "Shared.\n")
    _git(real_repo, "add", "pkg")
    if ignored:
        _write(real_repo / ".gitignore", "CLAUDE.local.md\n")
    (message,) = _messages(local, tmp_path)
    assert "already tracks it" in message
    assert "`git rm --cached CLAUDE.local.md` here" in message
    assert ("already names it" in message) is ignored


def test_an_untracked_neighbour_is_not_taken_for_tracked(real_repo: Path, tmp_path: Path) -> None:
    _write(real_repo / "x" / "pkg" / "CLAUDE.local.md", "Tracked elsewhere.\n")
    _git(real_repo, "add", "x")
    local = _write(real_repo / "pkg" / "CLAUDE.local.md", "Mine.\n")
    (message,) = _messages(local, tmp_path)
    assert "no .gitignore covers it" in message


def test_an_index_in_version_4_is_read_as_unknown(real_repo: Path, tmp_path: Path) -> None:
    local = _write(real_repo / "CLAUDE.local.md", "Mine.\n")
    _git(real_repo, "add", "CLAUDE.local.md")
    _git(real_repo, "update-index", "--index-version", "4")
    _write(real_repo / ".gitignore", "CLAUDE.local.md\n")
    assert _messages(local, tmp_path) == []  # tracked, but v4 paths are not read


# PL026's whole message in each case a user meets, and the span it marks.
#
# Written from the mutation run of 2026-12-01 (docs/mutation.md, "Rules changed on
# 2026-12-01 (second run)"); the repositories are built as in test_pl026_gitignore.


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


# PL026 on a path written with Windows separators (``C:\work\proj\CLAUDE.local.md``, as
# an editor on Windows sends it): the personal file is recognised by the name after the
# last separator, backslash or slash, as ``document_kind`` names files on every platform.
#
# Written from the mutation run of session 5 (docs/mutation.md): the two mutants of the
# separator replace (``x_check__mutmut_10``, ``11``) were left open before. The suite runs
# on POSIX, so Git's answer for such a path is stubbed; the rule's own reading of the name
# is what is tested.


@pytest.mark.parametrize(
    "path",
    [
        r"C:\work\proj\CLAUDE.local.md",
        r"C:\work\proj/CLAUDE.local.md",
        "C:/work/proj\\CLAUDE.local.md",
    ],
    ids=["backslashes", "slash-last", "backslash-last"],
)
def test_a_windows_path_to_a_personal_file_is_reported(
    path: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []

    def tracked(p: str) -> IgnoreVerdict:
        asked.append(p)
        return IgnoreVerdict(worktree=r"C:\work\proj", ignored=True, tracked=True)

    monkeypatch.setattr(gitignore, "git_ignored", tracked)
    discovery = discover(tmp_path, "claude", home=tmp_path, environ={})
    analysis = analyze("Mine.\n", path=path, settings=ONLY, discovery=discovery)
    assert [(f.message, f.start, f.end) for f in analysis.findings] == [
        (
            "CLAUDE.local.md holds one person's instructions for Claude Code, and Git "
            "already tracks it: every clone's agent loads it (`git rm --cached "
            "CLAUDE.local.md` here, then .gitignore already names it)",
            0,
            5,
        )
    ]
    assert asked == [path]
