"""``dirs.join``, discovery's fast ``os.path.join``: the candidate paths it makes are the
ones ``os.path.join`` makes, on the POSIX fast path and on the general one (Windows).

Written from the mutation run of session 5's speed branch (docs/mutation.md): the
general path's folder was dropped (``x_join__mutmut_2``) and no test took that path.
"""

from __future__ import annotations

import os

import pytest

from promptls.discovery import dirs

CASES = [
    ("/repo", "AGENTS.md"),
    ("/repo/", "AGENTS.md"),
    ("/", "CLAUDE.md"),
    ("", "GEMINI.md"),
    ("/repo", "/etc/agents.md"),
    ("repo/sub", ".claude/CLAUDE.md"),
    ("/repo//", "x"),
]


@pytest.mark.parametrize("posix", [True, False], ids=["fast", "general"])
@pytest.mark.parametrize(("folder", "name"), CASES)
def test_join_is_os_path_join(
    monkeypatch: pytest.MonkeyPatch, posix: bool, folder: str, name: str
) -> None:
    monkeypatch.setattr(dirs, "_POSIX", posix)
    assert dirs.join(folder, name) == os.path.join(folder, name)
