"""The folders each walk rule visits, where it says the project starts, and the candidate
paths it joins (``discovery/dirs.py``).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from promptls.agents.registry import Walk
from promptls.discovery import dirs
from promptls.discovery.dirs import walk_directories

# The folders each walk rule visits and where it says the project starts.
#
# ``walk_directories`` decides which folders discovery reads and the project root that
# ``promptls context`` shows; written against the mutants of ``discovery/dirs.py`` that
# survived the rest of the suite (docs/mutation.md).


def test_below_fs_root_visits_every_ancestor_but_the_filesystem_root() -> None:
    walk = walk_directories(Walk.BELOW_FS_ROOT, "/a/b")
    assert walk == (["/a", "/a/b"], "/a/b", frozenset())
    assert walk_directories(Walk.BELOW_FS_ROOT, "/a") == (["/a"], "/a", frozenset())


def test_below_fs_root_at_the_filesystem_root_visits_it() -> None:
    assert walk_directories(Walk.BELOW_FS_ROOT, "/") == (["/"], "/", frozenset())


def test_the_filesystem_walk_starts_its_project_at_the_filesystem_root() -> None:
    assert walk_directories(Walk.FILESYSTEM, "/a/b") == (["/", "/a", "/a/b"], "/", frozenset())


def test_without_a_marker_the_root_alone_is_the_project(tmp_path: Path) -> None:
    root = str(tmp_path / "ws")
    walk = walk_directories(Walk.MARKER_ROOT, root, ("no-such-marker-here",))
    assert (walk.directories, walk.project_root) == ([root], root)


def test_a_marker_name_the_system_cannot_look_up_is_not_found(tmp_path: Path) -> None:
    root = str(tmp_path / "ws")
    walk = walk_directories(Walk.MARKER_ROOT, root, ("bad\x00name",))
    assert (walk.directories, walk.project_root) == ([root], root)


def test_a_marker_name_the_system_cannot_look_up_does_not_stop_the_search(
    tmp_path: Path,
) -> None:
    (tmp_path / "ws/.git").mkdir(parents=True)
    (tmp_path / "ws/sub").mkdir()
    ws, sub = str(tmp_path / "ws"), str(tmp_path / "ws/sub")
    walk = walk_directories(Walk.MARKER_ROOT, sub, ("bad\x00name", ".git"))
    assert (walk.directories, walk.project_root) == ([ws, sub], ws)


# ``dirs.join``, discovery's fast ``os.path.join``: the candidate paths it makes are the
# ones ``os.path.join`` makes, on the POSIX fast path and on the general one (Windows).
#
# Written from the mutation run of session 5's speed branch (docs/mutation.md): the
# general path's folder was dropped (``x_join__mutmut_2``) and no test took that path.


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
