"""The bookkeeping of one discovery run: the files it keeps and an entry for everything.

Kept apart from the walk so that every way a file can end up (loaded, imported, skipped,
lazy, conditional…) is recorded the same way, with its order in ``files`` and the paths
the result depends on.
"""

from __future__ import annotations

from promptls.discovery.model import ContextFile, ContextScope, Entry, EntryStatus


class Recorder:
    """Collects ``files``, ``entries`` and the paths a result depends on."""

    def __init__(self) -> None:
        """Start empty."""
        self.files: list[ContextFile] = []
        self.entries: list[Entry] = []
        self.watched: set[str] = set()
        self.watched_dirs: set[str] = set()
        self.loaded: set[str] = set()

    def keep(
        self,
        path: str,
        text: str,
        scope: ContextScope,
        status: EntryStatus,
        reason: str,
        size: int | None,
        *,
        importer: str | None = None,
        line: int | None = None,
    ) -> None:
        """Append a loaded file and its entry, with its position in ``files``."""
        self.loaded.add(path)
        order = len(self.files)
        self.files.append(ContextFile(path, text, scope))
        self.entries.append(Entry(path, scope, status, reason, size, order, importer, line))

    def skip(self, path: str, scope: ContextScope, reason: str, size: int | None = None) -> None:
        """Record a candidate that exists (or should) but was not loaded."""
        self.add(path, scope, EntryStatus.SKIPPED, reason, size)

    def add(
        self,
        path: str,
        scope: ContextScope,
        status: EntryStatus,
        reason: str,
        size: int | None,
        *,
        importer: str | None = None,
        line: int | None = None,
    ) -> None:
        """Record a candidate that is not part of ``files``."""
        self.entries.append(Entry(path, scope, status, reason, size, None, importer, line))


def content_notes(data: bytes, bad: int | None) -> list[str]:
    """What a reader should know about the bytes themselves: bad UTF-8, binary data."""
    notes = []
    if bad is not None:
        notes.append(f"not valid UTF-8 at byte {bad}; decoded with replacement characters")
    nul = data.find(b"\x00")
    if nul >= 0:
        notes.append(f"NUL byte at {nul}: this looks like a binary file")
    return notes
