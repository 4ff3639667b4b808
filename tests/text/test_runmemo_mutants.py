"""The run memo answers exactly what the plain calls answer, for every question asked in
one run: each kind of question about each path is its own answer.

Written from the mutation run of session 5 (docs/mutation.md): a memo keyed by the path
alone (``x_answer__mutmut_1``) or by the kind alone (``x_answer__mutmut_2``) answered a
folder's ``isfile`` with its ``isdir``, or a file's ``isdir`` with its folder's; a path
starting with ``//`` (``x_realpath__mutmut_25``, ``27``) was resolved part by part,
keeping the two slashes ``os.path.realpath`` folds into one.
"""

from __future__ import annotations

import os
from pathlib import Path

from promptls.text import runmemo

QUESTIONS = (
    (runmemo.lexists, os.path.lexists),
    (runmemo.exists, os.path.exists),
    (runmemo.isdir, os.path.isdir),
    (runmemo.isfile, os.path.isfile),
    (runmemo.islink, os.path.islink),
    (runmemo.realpath, os.path.realpath),
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
