"""Workspaces the navigation tests share (links, references, completion, rename): a Git
repository with instruction files whose imports sit after emoji, CJK text and CRLF line
breaks, so every range is checked under the client's position encoding."""

from __future__ import annotations

from pathlib import Path


def write(root: Path, name: str, text: str) -> Path:
    """Write ``text`` byte for byte (CRLF kept) at ``root / name``."""
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8"))
    return path


def repository(root: Path) -> Path:
    """A folder Git would call a repository (``.git`` with a ``HEAD``)."""
    root.mkdir(parents=True, exist_ok=True)
    write(root, ".git/HEAD", "ref: refs/heads/main\n")
    return root
