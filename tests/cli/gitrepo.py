"""A real git history for the tests of ``diff`` and ``check --since``: commits made with
the git on the machine, in a temporary folder."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest


def git(repo: Path, *args: str) -> str:
    """Run git in ``repo`` as a fixed author; its output."""
    done = subprocess.run(
        ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t", *args],
        check=True,
        capture_output=True,
        text=True,
    )
    return done.stdout


def new_repo(root: Path, files: dict[str, str]) -> Path:
    """A repository at ``root`` whose first commit holds ``files``."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    root.mkdir(parents=True)
    git(root, "init", "-q", "-b", "main")
    write(root, files)
    commit(root, "base")
    return root


def write(root: Path, files: dict[str, str]) -> None:
    """Write each file (parents made)."""
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def commit(root: Path, message: str) -> None:
    """Commit everything in the working tree."""
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", message)
