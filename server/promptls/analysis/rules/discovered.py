"""Helpers for the rules that read a ``promptls.discovery.Discovery`` (PL011, PL013–PL015)."""

from __future__ import annotations

import os
from collections.abc import Iterator

from promptls.agents.model import ImportStyle
from promptls.agents.registry import PROFILES
from promptls.analysis.document import Document
from promptls.discovery.model import Entry, EntryStatus
from promptls.text.paths import same_path

READ_STATUSES = frozenset(
    {
        EntryStatus.LOADED,
        EntryStatus.CUT,
        EntryStatus.IMPORTED,
        EntryStatus.LAZY,
        EntryStatus.CONDITIONAL,
        EntryStatus.ON_REQUEST,
    }
)
"""Outcomes in which the agent reads the file's text at some point (at launch, with a
file in its folder, for matching paths, or when asked): what size rules may judge."""


def entries(doc: Document) -> Iterator[Entry]:
    """Discovery entries, or nothing when the caller did not pass a discovery."""
    return iter(doc.discovery.entries if doc.discovery is not None else ())


def read_entry(doc: Document) -> Entry | None:
    """The entry in which the agent reads this very path; None when the profile never
    reads it here. Matched by path, not by real file: a link to a file read under its
    own name is that entry's business (discovery skips the second name), so the same
    bytes are judged once."""
    return next(
        (e for e in entries(doc) if e.status in READ_STATUSES and same_path(e.path, doc.path)),
        None,
    )


def offset_at_byte(text: str, byte: int) -> int:
    """The character that holds UTF-8 byte ``byte`` of ``text`` (a byte inside a
    character counts as that character: the agent sees it broken from there on)."""
    if text.isascii():
        return min(byte, len(text))
    used = 0
    for index, char in enumerate(text):
        used += len(char.encode("utf-8", "surrogatepass"))
        if used > byte:
            return index
    return len(text)


def first_line_span(text: str) -> tuple[int, int]:
    """The first non-empty line, where file-level findings are shown."""
    start = len(text) - len(text.lstrip())
    end = text.find("\n", start)
    end = len(text) if end < 0 else end
    if end > start and text[end - 1] == "\r":
        end -= 1
    return (start, end) if end > start else (0, min(len(text), 1))


def line_span(text: str, line: int) -> tuple[int, int]:
    """Span of a 1-based line, trimmed of surrounding whitespace."""
    start = 0
    for _ in range(max(0, line - 1)):
        nxt = text.find("\n", start)
        if nxt < 0:
            return first_line_span(text)
        start = nxt + 1
    end = text.find("\n", start)
    end = len(text) if end < 0 else end
    segment = text[start:end]
    left = len(segment) - len(segment.lstrip())
    return start + left, start + len(segment.rstrip())


def relative_to(path: str, start: str) -> str:
    """``path`` as written from the checked file's folder, in ``/`` form (as given on
    another Windows drive, where there is no relative path)."""
    try:
        return os.path.relpath(path, start or ".").replace(os.sep, "/")
    except ValueError:
        return path


def import_style_of(doc: Document) -> ImportStyle | None:
    """The ``@path`` dialect the discovery's agent reads this file's imports with; None
    when it has none or follows no imports here (Copilot CLI follows them only in
    ``AGENTS.md``, ``CLAUDE.md`` and the files those import)."""
    profile = PROFILES.get(doc.discovery.profile) if doc.discovery is not None else None
    style = profile.imports if profile is not None else None
    if style is None or doc.path is None or style.follows_in(doc.path):
        return style
    return style if doc.discovery is not None and doc.discovery.imported(doc.path) else None
