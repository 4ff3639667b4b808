"""The work of one ``promptls check`` run: each path argument as pieces of a walk
(``check_files.pieces``) under its settings, so the files of a large tree can be walked
and analysed by several processes (``_check_jobs``) in the order one process lists them.
"""

from __future__ import annotations

from pathlib import Path

from promptls.analysis.check_files import Piece, Subtree, Tree, pieces
from promptls.analysis.model import Analysis
from promptls.analysis.settings import Settings
from promptls.commands import UsageError

LISTED_FIRST = 256
"""Folders listed before the files are shared out: a tree whose walk goes on past them
is large enough for more processes (about as many folders as ``PARALLEL_FROM`` files)."""

Work = tuple[Tree | None, Settings, Piece]
"""Part of a run: a piece of one path argument's walk (its tree), under its settings."""

Analysed = tuple[str, Analysis | None, str | None]
"""One file of a run: its path as shown, its analysis (None: unreadable or binary) and
its real path when it has findings."""


def path_pieces(raw: str, settings: Settings) -> tuple[list[Piece], Tree | None, bool]:
    """What a path argument names, as pieces of a walk: an explicit file as given, a
    folder's walk, with the tree that walks its subtrees and whether subtrees are left;
    a missing path is a usage error."""
    path = Path(raw)
    if path.is_dir():
        tree = Tree(path, settings)
        found, more = pieces(tree, LISTED_FIRST)
        return found, tree, more
    if path.is_file():
        return [[path]], None, False
    if path.exists():
        raise UsageError(f"not a regular file or folder (a FIFO, device or socket?): {raw}")
    raise UsageError(f"no such file or directory: {raw}")


def files_of(tree: Tree | None, piece: Piece) -> list[Path]:
    """The files of one piece of a walk: listed already, or walked now."""
    if isinstance(piece, Subtree):
        assert tree is not None  # a subtree is always part of a tree's walk
        return [path for batch in tree.below(piece) for path in batch]
    return piece
