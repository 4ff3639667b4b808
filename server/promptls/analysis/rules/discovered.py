"""Helpers for the rules that read a ``promptls.discovery.Discovery`` (PL011, PL013–PL015)."""

from __future__ import annotations

import os
from collections.abc import Iterator

from promptls.analysis.document import Document
from promptls.discovery.model import Entry


def same_file(a: str | None, b: str | None) -> bool:
    """Compare two paths as absolute, normalised paths (no filesystem access)."""
    if not a or not b:
        return False
    return os.path.normcase(os.path.abspath(a)) == os.path.normcase(os.path.abspath(b))  # noqa: PTH100


def entries(doc: Document) -> Iterator[Entry]:
    """Discovery entries, or nothing when the caller did not pass a discovery."""
    return iter(doc.discovery.entries if doc.discovery is not None else ())


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
