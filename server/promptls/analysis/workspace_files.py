"""The files of a project, listed once and bounded, for "which files does this glob match?".

A scope glob that matches nothing makes a rule that never applies (PL021), and the glob
hover shows what a glob matches; both need the project's file list. Walking a tree is
the one expensive thing they do, and the server analyses on every keystroke, so:

- the listing is **bounded**: at most ``MAX_FILES`` files and ``MAX_DIRS`` folders are
  visited, and a listing that stopped there says so (``complete`` is False), so a
  caller can tell "matches nothing" from "matches nothing among the first N";
- it is **cached per root** for ``FRESH_SECONDS`` (a clock is injectable for tests), so
  a burst of keystrokes costs one walk, and a file created a moment ago is seen soon;
- it never follows symbolic links to folders, never enters ``.git``, ``node_modules``
  and the usual caches, and never raises: an unreadable folder is skipped.
"""

from __future__ import annotations

import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable

from promptls.record import Record, field

MAX_FILES = 20_000
MAX_DIRS = 4_000
FRESH_SECONDS = 10.0
_CACHED_ROOTS = 8
SKIP_DIRS = frozenset(
    {".git", ".hg", ".svn", "node_modules", ".venv", "venv", "__pycache__", ".tox", ".mypy_cache"}
)


class Listing(Record):
    """Relative ``/``-separated paths of the files found under a root, in walk order."""

    root: str
    files: tuple[str, ...]
    complete: bool
    """False when the walk stopped at a cap: a glob may match a file not listed."""
    memo: dict[object, object] = field(default_factory=dict, compare=False, repr=False)
    """What callers computed from this listing (glob matches), dropped with it."""


def _walk(root: str, max_files: int, max_dirs: int) -> Listing:
    """Breadth-first ``scandir`` walk: shallow files first, so a capped listing keeps
    the files nearest the root."""
    files: list[str] = []
    queue = [""]
    dirs_seen = 0
    while queue:
        if dirs_seen >= max_dirs:
            return Listing(root, tuple(files), complete=False)
        relative = queue.pop(0)
        dirs_seen += 1
        try:
            with os.scandir(os.path.join(root, relative) if relative else root) as entries:  # noqa: PTH118
                listed = sorted(entries, key=lambda e: e.name)
        except OSError:
            continue
        for entry in listed:
            path = f"{relative}/{entry.name}" if relative else entry.name
            try:
                if entry.is_dir(follow_symlinks=False):
                    if entry.name not in SKIP_DIRS:
                        queue.append(path)
                    continue
                if entry.is_symlink() and entry.is_dir():
                    continue  # a linked folder is not followed, nor is it a file
            except OSError:
                continue
            if len(files) >= max_files:
                return Listing(root, tuple(files), complete=False)
            files.append(path)
    return Listing(root, tuple(files), complete=True)


class WorkspaceFiles:
    """A small cache of listings by root; thread-safe (the server analyses off-thread)."""

    def __init__(
        self,
        *,
        max_files: int = MAX_FILES,
        max_dirs: int = MAX_DIRS,
        fresh_seconds: float = FRESH_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """Caps and freshness are parameters so tests can make them small."""
        self.max_files = max_files
        self.max_dirs = max_dirs
        self.fresh_seconds = fresh_seconds
        self.clock = clock
        self.walks = 0
        """How many walks were made (tests check the cache by counting them)."""
        self._cache: OrderedDict[str, tuple[float, Listing]] = OrderedDict()
        self._lock = threading.Lock()

    def listing(self, root: str) -> Listing:
        """The files under ``root``, from the cache while fresh."""
        key = os.path.normcase(os.path.abspath(root))  # noqa: PTH100
        now = self.clock()
        with self._lock:
            cached = self._cache.get(key)
            if cached is not None and now - cached[0] < self.fresh_seconds:
                self._cache.move_to_end(key)
                return cached[1]
        found = _walk(key, self.max_files, self.max_dirs)
        with self._lock:
            self.walks += 1
            self._cache[key] = (now, found)
            self._cache.move_to_end(key)
            while len(self._cache) > _CACHED_ROOTS:
                self._cache.popitem(last=False)
        return found

    def forget(self, root: str | None = None) -> None:
        """Drop one root's listing (or all), e.g. when files were created or deleted."""
        with self._lock:
            if root is None:
                self._cache.clear()
            else:
                self._cache.pop(os.path.normcase(os.path.abspath(root)), None)  # noqa: PTH100


WORKSPACE_FILES = WorkspaceFiles()
"""The process-wide cache the rules and the hover share."""
