"""Fixtures shared by the core tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.environment import find_git_dir


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """``home/`` (a fake home) and ``ws/`` (a workspace) under a folder outside any repository.

    Discovery walks up to the repository root, so a temporary folder inside one would leak
    the enclosing repository's files into every result: skip rather than assert on those.
    """
    if find_git_dir(tmp_path) is not None:
        pytest.skip("the temporary folder is inside a Git repository")
    (tmp_path / "home").mkdir()
    (tmp_path / "ws").mkdir()
    return tmp_path
