"""PL026 on a path written with Windows separators (``C:\\work\\proj\\CLAUDE.local.md``, as
an editor on Windows sends it): the personal file is recognised by the name after the
last separator, backslash or slash, as ``document_kind`` names files on every platform.

Written from the mutation run of session 5 (docs/mutation.md): the two mutants of the
separator replace (``x_check__mutmut_10``, ``11``) were left open before. The suite runs
on POSIX, so Git's answer for such a path is stubbed; the rule's own reading of the name
is what is tested.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.analysis import analyze
from promptls.discovery import discover, gitignore
from promptls.discovery.gitignore import IgnoreVerdict

from .test_pl026_gitignore import ONLY


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
