"""File-tree builders shared by the core tests."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


def write(path: Path, data: str | bytes) -> Path:
    """Create parents and write text (UTF-8) or bytes, so a test states only the content."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data, encoding="utf-8")
    return path


@dataclass(frozen=True)
class Env:
    """An environment as render reads it (by attribute), with a git repository by default."""

    cwd: str = "/work/app"
    os: str = "linux"
    arch: str = "amd64"
    shell: str = "/bin/bash"
    date: str = "2026-11-30"
    git_repo: bool = True
    git_branch: str = "main"


@dataclass(frozen=True)
class File:
    """A discovered instruction file as render reads it."""

    path: str
    content: str
    scope: str = "project"
    # Not rendered: discovery metadata a caller may carry along.
    size: int = field(default=0, compare=False)
