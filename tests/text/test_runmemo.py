"""The run memo: one ``check`` run asks the file system each question once; everyone
else (the language server, library callers) sees the disk as it is at each call."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from promptls.discovery import discover
from promptls.discovery.git import find_git_dir
from promptls.text import runmemo
from promptls.text.fsread import read_bounded


def _answers(folder: Path) -> tuple[object, ...]:
    file = str(folder / "AGENTS.md")
    return (
        runmemo.lexists(file),
        runmemo.isfile(file),
        runmemo.listdir(str(folder)),
        read_bounded(file).data,
        find_git_dir(str(folder)),
    )


def test_outside_a_run_every_call_sees_the_disk(tmp_path: Path) -> None:
    before = _answers(tmp_path)
    (tmp_path / "AGENTS.md").write_text("Use tabs.\n", encoding="utf-8")
    (tmp_path / ".git").mkdir()
    after = _answers(tmp_path)
    assert before == (False, False, (), None, None)
    assert after[:2] == (True, True)
    assert sorted(after[2]) == [".git", "AGENTS.md"]  # type: ignore[call-overload]
    assert after[3] == b"Use tabs.\n"
    assert find_git_dir(str(tmp_path)) == (str(tmp_path), str(tmp_path / ".git"))


def test_inside_a_run_answers_hold_until_forgotten(tmp_path: Path) -> None:
    with runmemo.run_memo():
        before = _answers(tmp_path)
        (tmp_path / "AGENTS.md").write_text("Use tabs.\n", encoding="utf-8")
        assert _answers(tmp_path) == before  # one run, one answer per question
        runmemo.forget()  # what check --fix does after writing a file
        assert _answers(tmp_path)[3] == b"Use tabs.\n"
    (tmp_path / "AGENTS.md").write_text("Use spaces.\n", encoding="utf-8")
    assert read_bounded(str(tmp_path / "AGENTS.md")).data == b"Use spaces.\n"


def test_a_larger_read_answers_a_smaller_cap_only_when_the_file_fits(tmp_path: Path) -> None:
    path = tmp_path / "CLAUDE.md"
    path.write_bytes(b"x" * 100)
    with runmemo.run_memo():
        whole = read_bounded(str(path), 1000)
        assert read_bounded(str(path), 100) == whole
        cut = read_bounded(str(path), 10)
        assert (cut.data, cut.truncated, cut.size) == (b"x" * 10, True, 100)
        assert read_bounded(str(path), 1000) == whole


def test_a_file_met_again_under_a_parent_folder_is_read_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two sibling folders' discoveries read the parent's CLAUDE.md once in a run."""
    (tmp_path / "CLAUDE.md").write_text("Shared rules.\n", encoding="utf-8")
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
    opened: list[str] = []
    real_open = os.open

    def counting_open(path: str, flags: int, *args: int) -> int:
        opened.append(path)
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", counting_open)
    shared = str(tmp_path / "CLAUDE.md")
    with runmemo.run_memo():
        first = discover(tmp_path / "a", "claude", home=tmp_path / "home")
        second = discover(tmp_path / "b", "claude", home=tmp_path / "home")
    assert [f.path for f in first.files] == [f.path for f in second.files] == [shared]
    assert opened.count(shared) == 1
    opened.clear()
    discover(tmp_path / "a", "claude", home=tmp_path / "home")
    discover(tmp_path / "b", "claude", home=tmp_path / "home")
    assert opened.count(shared) == 2


def test_realpath_in_a_run_is_the_systems_answer(tmp_path: Path) -> None:
    """Links at any level, relative and absolute, dangling, looping, missing parts,
    ``..`` after a link: the run's cheaper realpath answers as ``os.path.realpath``."""
    d = str(tmp_path)
    os.makedirs(f"{d}/a/b/c")
    os.symlink(f"{d}/a/b", f"{d}/lnk")
    os.symlink("b/c", f"{d}/a/rel")
    os.symlink(f"{d}/loop1", f"{d}/loop2")
    os.symlink(f"{d}/loop2", f"{d}/loop1")
    os.symlink("../..", f"{d}/a/b/up")
    os.symlink("nope", f"{d}/dangling")
    (tmp_path / "a/b/c/f.md").write_text("x", encoding="utf-8")
    os.symlink("f.md", f"{d}/a/b/c/g.md")
    paths = [
        *(f"{d}/{rel}" for rel in ("a/b/c/f.md", "lnk/c/f.md", "a/rel/f.md", "a/rel/g.md")),
        *(f"{d}/{rel}" for rel in ("loop1/x", "a/b/up/a/rel", "dangling/x", "missing/y")),
        *(f"{d}/{rel}" for rel in ("lnk/up/lnk/c", "a/./b", "a/../lnk", "a/b/up/../lnk")),
        f"{d}/lnk/",
        "/",
        "relative/x",
    ]
    with runmemo.run_memo():
        for _ in range(2):
            assert [runmemo.realpath(p) for p in paths] == [os.path.realpath(p) for p in paths]


# Each kind of question about each path is its own answer, and equals the plain call's:
# a memo keyed by the path or the kind alone would answer a folder's ``isfile`` with its
# ``isdir``; a path starting with ``//`` resolves as ``os.path.realpath`` does.

QUESTIONS = (
    (runmemo.lexists, os.path.lexists),
    (runmemo.exists, os.path.exists),
    (runmemo.isdir, os.path.isdir),
    (runmemo.isfile, os.path.isfile),
    (runmemo.islink, os.path.islink),
    (runmemo.realpath, os.path.realpath),
    (runmemo.abspath, os.path.abspath),
)


def _tree(tmp_path: Path) -> list[str]:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "AGENTS.md").write_text("Use tabs.\n", encoding="utf-8")
    (tmp_path / "link").symlink_to(tmp_path / "sub")
    (tmp_path / "dangling").symlink_to(tmp_path / "gone")
    return [
        str(tmp_path / name)
        for name in ("sub", "sub/AGENTS.md", "link", "link/AGENTS.md", "dangling", "gone")
    ]


def test_every_question_about_every_path_gets_the_plain_answer(tmp_path: Path) -> None:
    paths = _tree(tmp_path)
    expected = [[plain(p) for p in paths] for _, plain in QUESTIONS]
    listings = [os.listdir(p) if os.path.isdir(p) else None for p in paths]
    with runmemo.run_memo():
        for _ in range(2):  # asked again, answered from memory: the same answers
            assert [[memo(p) for p in paths] for memo, _ in QUESTIONS] == expected
            found = [runmemo.listdir(p) for p in paths]
            assert [None if f is None else sorted(f) for f in found] == [
                None if f is None else sorted(f) for f in listings
            ]


def test_a_path_starting_with_two_slashes_resolves_as_realpath_does(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    doubled = "/" + str(tmp_path / "sub")  # `//tmp/...`: POSIX lets `//` mean something else
    with runmemo.run_memo():
        assert runmemo.realpath(doubled) == os.path.realpath(doubled)
        assert runmemo.realpath(doubled) == os.path.realpath(tmp_path / "sub")


def test_two_kinds_with_one_key_keep_their_own_answers() -> None:
    with runmemo.run_memo():
        assert runmemo.remembered("toml", "/repo/x", lambda: "parsed") == "parsed"
        assert runmemo.remembered("comments", "/repo/x", lambda: "stripped") == "stripped"
        assert runmemo.remembered("toml", "/repo/x", lambda: "again") == "parsed"


def test_a_relative_path_is_made_absolute_as_abspath_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    paths = ["AGENTS.md", "./a/../b/CLAUDE.md", "a//b/", ".", "..", "/x/./y"]
    with runmemo.run_memo():
        for _ in range(2):
            assert [runmemo.abspath(p) for p in paths] == [os.path.abspath(p) for p in paths]
