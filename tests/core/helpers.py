"""File-tree builders shared by the core tests."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from promptls.context import Discovery, EntryStatus, discover


def write(path: Path, data: str | bytes) -> Path:
    """Create parents and write text (UTF-8) or bytes, so a test states only the content."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data, encoding="utf-8")
    return path


def discover_as(
    profile: str, root: Path, *, target: Path | None = None, home: Path | None = None
) -> Discovery:
    """Discover ``root`` as ``profile``, with an empty home next to it by default."""
    home = home or root.parent / "home"
    home.mkdir(exist_ok=True)
    return discover(root, profile, home=home, environ={"HOME": str(home)}, target=target)


def entry_of(found: Discovery, path: Path) -> tuple[EntryStatus, str]:
    """The one entry a discovery recorded for ``path``: its status and reason."""
    [one] = [e for e in found.entries if e.path == str(path)]
    return one.status, one.reason


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
