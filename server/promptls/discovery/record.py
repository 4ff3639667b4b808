"""The bookkeeping of one discovery run: the files it keeps and an entry for everything.

Kept apart from the walk so that every way a file can end up (loaded, imported, skipped,
lazy, conditional…) is recorded the same way, with its order in ``files`` and the paths
the result depends on.
"""

from __future__ import annotations

import os

from promptls.discovery.model import ContextFile, ContextScope, Entry, EntryStatus
from promptls.text import runmemo


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
        bad_byte: int | None = None,
        cut_at: int | None = None,
    ) -> None:
        """Append a loaded file and its entry, with its position in ``files`` (and, for a
        cut file, the byte where the cut starts)."""
        self.loaded.add(path)
        link = link_target(path)
        if link:
            reason = f"{reason}; a link to {link}"
        order = len(self.files)
        self.files.append(ContextFile(path, text, scope))
        entry = Entry(path, scope, status, reason, size, order, importer, line, bad_byte, cut_at)
        self.entries.append(entry)

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
        sent_again: int | None = None,
    ) -> None:
        """Record a candidate that is not part of ``files`` (``sent_again``: a second copy
        of the one at that index, ``Entry.sent_again``)."""
        self.entries.append(
            Entry(path, scope, status, reason, size, None, importer, line, sent_again=sent_again)
        )


def link_target(path: str) -> str:
    """Where a symbolic link points, as written (``AGENTS.md``); "" for anything else.

    ``CLAUDE.md -> AGENTS.md`` is the common way to give two agents one source, and a
    reader of the discovered order should see that the two names are one file.
    """
    try:
        return os.readlink(path) if runmemo.islink(path) else ""  # noqa: PTH115
    except (OSError, ValueError):
        return ""


def content_notes(data: bytes, bad: int | None) -> list[str]:
    """What a reader should know about the bytes themselves: bad UTF-8, UTF-16, binary.

    A file saved as UTF-16 by a Windows editor is the common case: every agent reads
    instruction files as UTF-8, so the model gets replacement characters (with a byte
    order mark) or a NUL between every two letters (without one).
    """
    notes = []
    utf16 = utf16_kind(data)
    if utf16:
        notes.append(f"{utf16}: the agent reads UTF-8, so the model sees garbage")
    if bad is not None:
        notes.append(f"not valid UTF-8 at byte {bad}; decoded with replacement characters")
    nul = data.find(b"\x00")
    if nul >= 0 and not utf16:
        notes.append(f"NUL byte at {nul}: this looks like a binary file")
    return notes


def utf16_kind(data: bytes) -> str:
    """Name the UTF-16 shape of ``data`` ("" when it does not look like UTF-16)."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        order = "little" if data[:2] == b"\xff\xfe" else "big"
        return f"saved as UTF-16 ({order}-endian, with a byte order mark)"
    head = data[:64]
    if len(head) >= 8:
        if head[1::2].count(0) == len(head[1::2]) and head[0::2].count(0) == 0:
            return "saved as UTF-16 (little-endian, no byte order mark)"
        if head[0::2].count(0) == len(head[0::2]) and head[1::2].count(0) == 0:
            return "saved as UTF-16 (big-endian, no byte order mark)"
    return ""
