"""Whether Git would ignore a file, read from the ignore files themselves (no subprocess).

PL026 asks one question about a personal file (``CLAUDE.local.md``): would ``git add``
pick it up? The answer follows gitignore(5): ``.gitignore`` files from the worktree root
down to the file's folder (deeper ones win, and within a file the last matching pattern
wins), below them ``$GIT_DIR/info/exclude``; a file in an excluded folder cannot be
re-included. Pattern matching is ``pathspec``'s gitwildmatch
(``GitIgnoreSpec``), a maintained implementation with Git's edge cases, rather than a
hand-rolled subset. Not read: the user's global excludes (``core.excludesFile``,
``~/.config/git/ignore``): they belong to one machine (in CI, not the user's), and only
the repository's own files protect every clone; nor the index (a tracked file stays
tracked whatever the ignore files say, so ``tracked`` answers that separately from the
index's own bytes: an entry whose path is stored whole (index versions 2 and 3) is found
with its length field; version 4 compresses paths and answers "unknown" (False). Reads
are bounded and never block (``fsread``).
"""

# Plain str paths on purpose: cheap joins and relpaths.
# ruff: noqa: PTH100, PTH118, PTH120

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from promptls import later
from promptls.discovery.git import find_git_dir
from promptls.record import Record
from promptls.text.fsread import read_bounded

if TYPE_CHECKING:
    from pathspec import GitIgnoreSpec

_MAX_IGNORE_BYTES = 1024 * 1024
"""Cap per ignore file; a real one is a few KiB."""
_MAX_INDEX_BYTES = 32 * 1024 * 1024
"""Cap for ``.git/index``; a larger index (a huge monorepo) answers "not known tracked"."""
_NAME_MASK = 0x0FFF
_EXTENDED = 0x4000


class IgnoreVerdict(Record):
    """Whether a file in a repository is ignored, and where its repository starts."""

    worktree: str
    ignored: bool
    tracked: bool = False
    """Git's index already holds the file: it is committed whatever the ignore files say."""


def _spec(path: str) -> GitIgnoreSpec | None:
    """The patterns of one ignore file; None when it is absent, unreadable or empty."""
    data = read_bounded(path, _MAX_IGNORE_BYTES).data
    if not data:
        return None
    lines = data.decode("utf-8", errors="replace").splitlines()

    try:
        return later.pathspec.GitIgnoreSpec.from_lines(lines)
    except Exception:  # a malformed pattern must not stop the lint run
        return None


def _levels(worktree: str, git_dir: str | None, relative: str) -> list[tuple[str, GitIgnoreSpec]]:
    """(folder prefix relative to the worktree, patterns) from lowest to highest priority."""
    levels: list[tuple[str, GitIgnoreSpec]] = []
    exclude = _spec(os.path.join(git_dir, "info", "exclude")) if git_dir else None
    if exclude is not None:
        levels.append(("", exclude))
    parts = relative.split("/")[:-1]
    for depth in range(len(parts) + 1):
        prefix = "".join(f"{part}/" for part in parts[:depth])
        spec = _spec(os.path.join(worktree, prefix, ".gitignore"))
        if spec is not None:
            levels.append((prefix, spec))
    return levels


def _verdict(levels: list[tuple[str, GitIgnoreSpec]], relative: str) -> bool:
    """The last matching pattern of the highest-priority file that matches decides."""
    verdict = False
    for prefix, spec in levels:
        if not relative.startswith(prefix):
            continue
        result = spec.check_file(relative[len(prefix) :])
        if result.include is not None:
            verdict = bool(result.include)
    return verdict


def _length_at(data: bytes, offset: int) -> int:
    """The 12-bit name length of the flags field at ``offset`` (big-endian)."""
    return int.from_bytes(data[offset : offset + 2], "big") & _NAME_MASK


def _tracked(git_dir: str | None, relative: str) -> bool:
    """Whether the index (version 2 or 3) has an entry for ``relative``."""
    if not git_dir:
        return False
    data = read_bounded(os.path.join(git_dir, "index"), _MAX_INDEX_BYTES).data
    if not data or data[:4] != b"DIRC" or data[4:8] not in (b"\0\0\0\2", b"\0\0\0\3"):
        return False
    name = relative.encode("utf-8")
    length = min(len(name), _NAME_MASK)
    found = data.find(name + b"\0", 12)
    while found >= 0:
        flags = int.from_bytes(data[found - 2 : found], "big")
        plain = _length_at(data, found - 2) == length and not flags & _EXTENDED
        extended = _length_at(data, found - 4) == length and bool(
            int.from_bytes(data[found - 4 : found - 2], "big") & _EXTENDED
        )
        if plain or extended:
            return True
        found = data.find(name + b"\0", found + 1)
    return False


def git_ignored(path: str) -> IgnoreVerdict | None:
    """Whether Git ignores ``path``; None when it is not inside a Git worktree."""
    absolute = os.path.abspath(path)
    location = find_git_dir(os.path.dirname(absolute))
    if location is None:
        return None
    relative = os.path.relpath(absolute, location.worktree).replace(os.sep, "/")
    if relative.startswith("../"):
        return None
    levels = _levels(location.worktree, location.git_dir, relative)
    parts = relative.split("/")
    tracked = _tracked(location.git_dir, relative)
    for depth in range(1, len(parts)):
        if _verdict(levels, "/".join(parts[:depth]) + "/"):
            return IgnoreVerdict(location.worktree, ignored=True, tracked=tracked)
    return IgnoreVerdict(location.worktree, _verdict(levels, relative), tracked)
