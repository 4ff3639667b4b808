"""File-tree builders shared by the core tests."""

from __future__ import annotations

from pathlib import Path


def write(path: Path, data: str | bytes) -> Path:
    """Create parents and write text (UTF-8) or bytes, so a test states only the content."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data, encoding="utf-8")
    return path
