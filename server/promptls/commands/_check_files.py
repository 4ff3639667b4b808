"""Which files ``promptls check`` reads: a fast walk with the usual exclusions.

Directories ``.git``, ``node_modules``, ``.venv`` (and similar caches) are never entered;
``exclude`` globs and the top-level ``.gitignore`` (a simple subset: ``*``/``?``/``**``
globs, ``/`` anchoring, trailing ``/`` for directories, ``!`` re-includes, ``#``
comments) prune the walk. A file is checked when it is an instruction file, matches the
prompt globs, or has a text extension (``.md``, ``.markdown``, ``.txt``, ``.prompt``) —
those "other" files are only reported on when they contain a marker-like token (the
analysis has nothing to say otherwise). Symlinked directories are not followed.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from promptls.analysis.engine import document_kind
from promptls.analysis.globs import matches
from promptls.analysis.model import DocumentKind
from promptls.analysis.settings import Settings
from promptls.text.fsread import read_bounded

SKIP_DIRS = frozenset({".git", "node_modules", ".venv", "venv", "__pycache__", ".tox", ".hg"})
TEXT_SUFFIXES = (".md", ".markdown", ".txt", ".prompt", ".mdx")
MAX_BYTES = 64 * 1024 * 1024
GITIGNORE_MAX_BYTES = 1024 * 1024
"""Read cap for the top-level ``.gitignore``."""


@dataclass(frozen=True, slots=True)
class GitIgnore:
    """The top-level ``.gitignore`` as (pattern, negated, dir_only) rules."""

    rules: tuple[tuple[str, bool, bool], ...]

    @classmethod
    def load(cls, root: Path) -> GitIgnore:
        """Read ``root/.gitignore`` if there is one; unreadable means no rules.

        Bounded and non-blocking (``fsread``): a FIFO named ``.gitignore`` hung the run.
        """
        data = read_bounded(str(root / ".gitignore"), GITIGNORE_MAX_BYTES).data
        if data is None:
            return cls(())
        lines = data.decode("utf-8", errors="replace")
        rules = []
        for raw in lines.splitlines():
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            negated = line.startswith("!")
            line = line[1:] if negated else line
            dir_only = line.endswith("/")
            line = line.rstrip("/")
            if not line:
                continue
            if "/" in line and not line.startswith("/"):
                line = "/" + line
            rules.append((line, negated, dir_only))
        return cls(tuple(rules))

    def ignored(self, relative: str, is_dir: bool) -> bool:
        """Last matching rule wins, as in git."""
        verdict = False
        for pattern, negated, dir_only in self.rules:
            if dir_only and not is_dir:
                continue
            if matches(relative, (pattern,)):
                verdict = not negated
        return verdict


def wanted(path: str, kind: DocumentKind) -> bool:
    """Instruction and prompt files always; other files only with a text extension."""
    return kind is not DocumentKind.OTHER or path.lower().endswith(TEXT_SUFFIXES)


def walk(root: Path, settings: Settings, kind_of: object) -> list[Path]:
    """Every file to check under ``root``, sorted, pruning excluded directories early."""
    ignore = GitIgnore.load(root)
    found: list[Path] = []

    def excluded(relative: str, is_dir: bool) -> bool:
        """Config ``exclude`` or the top-level ``.gitignore``."""
        return matches(relative, settings.exclude) or ignore.ignored(relative, is_dir)

    for folder, dirs, files in os.walk(root, onerror=None, followlinks=False):
        base = Path(folder)
        rel_base = os.path.relpath(folder, root)
        rel_base = "" if rel_base == "." else rel_base.replace(os.sep, "/") + "/"
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not excluded(rel_base + d, True))
        for name in sorted(files):
            relative = rel_base + name
            if excluded(relative, False):
                continue
            if wanted(relative, document_kind(relative, settings)):
                found.append(base / name)
    return found


def read_text(path: Path) -> tuple[str, bytes] | None:
    """Decode a file as UTF-8 (errors replaced); None for unreadable or binary files.

    Read through ``fsread.read_bounded``: only regular files, never a blocking open
    (a FIFO named ``x.prompt`` would hang CI) and never past the cap (``/dev/zero``).
    """
    read = read_bounded(str(path), MAX_BYTES)
    data = read.data
    if data is None or read.truncated:
        return None
    if b"\x00" in data[:8192]:
        return None
    return data.decode("utf-8", errors="replace"), data
