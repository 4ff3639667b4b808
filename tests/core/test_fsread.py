"""Reading files (``discovery/fsread.py``): files on a filesystem without inode numbers."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from promptls.context import EntryStatus, discover
from tests.core.helpers import write


def test_files_without_inode_numbers_are_not_taken_for_one_file(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tree / "ws/.git").mkdir(parents=True)
    top = write(tree / "ws/AGENTS.md", "top rules")
    sub = write(tree / "ws/sub/AGENTS.md", "sub rules")
    real_fstat = os.fstat

    def no_inode(fd: int) -> os.stat_result:
        st = list(real_fstat(fd))
        st[1] = 0  # st_ino
        return os.stat_result(st)

    monkeypatch.setattr(os, "fstat", no_inode)
    d = discover(tree / "ws/sub", "codex", home=tree / "home", environ={})
    assert [f.path for f in d.files] == [str(top), str(sub)]
    assert all(e.status is EntryStatus.LOADED for e in d.entries if e.path in {str(top), str(sub)})
