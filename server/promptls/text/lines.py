"""Offsets to line/column for the CLI: a line-start table and a binary search.

Lines are split at ``\\n``, ``\\r\\n`` and a lone ``\\r`` (what editors do). Columns can
be counted in code points (the analysis' unit), UTF-16 code units (SARIF's
``utf16CodeUnits``, LSP's default) or UTF-8 bytes; all 1-based helpers are for humans.
"""

from __future__ import annotations

import re
from bisect import bisect_right

_BREAK = re.compile(r"\r\n|\r|\n")


class LineIndex:
    """Line starts of one text, built once in O(n); each lookup is O(log n)."""

    __slots__ = ("starts", "text")

    def __init__(self, text: str) -> None:
        """Record where every line starts."""
        self.text = text
        self.starts = [0, *(m.end() for m in _BREAK.finditer(text))]

    def line_of(self, offset: int) -> int:
        """0-based line of a code-point offset (clamped into the text)."""
        offset = max(0, min(offset, len(self.text)))
        return bisect_right(self.starts, offset) - 1

    def position(self, offset: int) -> tuple[int, int]:
        """0-based (line, column) in code points."""
        line = self.line_of(offset)
        return line, max(0, min(offset, len(self.text))) - self.starts[line]

    def utf16_position(self, offset: int) -> tuple[int, int]:
        """0-based (line, column) with the column in UTF-16 code units."""
        line = self.line_of(offset)
        offset = max(0, min(offset, len(self.text)))
        segment = self.text[self.starts[line] : offset]
        return line, len(segment) + sum(1 for ch in segment if ord(ch) > 0xFFFF)

    def line_text(self, line: int) -> str:
        """The text of a 0-based line without its line break."""
        start = self.starts[line]
        end = self.starts[line + 1] if line + 1 < len(self.starts) else len(self.text)
        return self.text[start:end].rstrip("\r\n")

    def line_start(self, line: int) -> int:
        """Offset where a 0-based line starts (clamped)."""
        return self.starts[max(0, min(line, len(self.starts) - 1))]

    @property
    def line_count(self) -> int:
        """How many lines the text has (a trailing break opens an empty last line)."""
        return len(self.starts)


def line_col(text: str, offset: int) -> tuple[int, int]:
    """1-based (line, column in code points) of an offset; for one-off lookups."""
    line, column = LineIndex(text).position(offset)
    return line + 1, column + 1
