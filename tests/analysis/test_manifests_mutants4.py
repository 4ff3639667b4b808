"""PL034 inside a ``check`` run, where manifests are looked up in the folder's listing
first: a folder that cannot be listed (no read permission) still has its lockfile found
by asking for it directly, as outside a run.

Written from the mutation run of session 5's speed branch (docs/mutation.md): with the
listing's None read as a listing (``x__present__mutmut_5``) the rule crashed there.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from promptls.text import runmemo
from tests.analysis.test_pl034_drift import check, repo


def test_a_lockfile_in_a_folder_that_cannot_be_listed_is_still_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = repo(tmp_path / "repo", {"pnpm-lock.yaml": ""})
    listdir = os.listdir

    def unlistable(path: str | os.PathLike[str] = ".") -> list[str]:
        if os.fspath(path) == str(root):
            raise PermissionError(13, "Permission denied", str(path))
        return listdir(path)

    monkeypatch.setattr(os, "listdir", unlistable)
    with runmemo.run_memo():
        [(span, message, _)] = check(root / "AGENTS.md", "`npm install`\n")
    assert span == "npm install"
    assert "(its only lockfile is pnpm-lock.yaml)" in message
