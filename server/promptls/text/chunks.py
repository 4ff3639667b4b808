"""An open document's text as line-aligned chunks, so a keystroke costs its chunk.

An editor sends each keystroke as an edit at a line and column. Applied to one ``str``,
every keystroke copies the whole text (four bytes a character once it holds an emoji)
and invalidates every table built over it: on a 1 MB prompt with emoji that was 15 ms a
keystroke, more than the 10 ms between keys. Here the text is a list of chunks of
about ``TARGET`` code points, each ending right after a ``\\n`` (the last one excepted),
with each chunk's count of line breaks. A position is found by a bisect over those
counts and then inside its one chunk, by the one position mapper
(:class:`promptls.text.mapper.Mapper`, so the clamping rules are its own); the edit
rewrites that chunk (or the few it spans). The whole ``str`` is joined only when
something reads :attr:`ChunkedText.text`, once per version that is analysed or shown.

Nothing is split until the first edit: a document that is only opened and read costs
nothing here.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate

from promptls.text.mapper import Encoding, Mapper, Position

TARGET = 4096
"""Code points a chunk holds, about: an edit rewrites one (a line longer than this is
a chunk of its own)."""


def _breaks(chunk: str) -> int:
    """Line breaks in ``chunk`` (``\\n``, ``\\r\\n`` and a lone ``\\r``, as the mapper)."""
    return chunk.count("\n") + chunk.count("\r") - chunk.count("\r\n")


def _split(text: str) -> list[str]:
    """``text`` cut right after a ``\\n`` about every ``TARGET`` code points."""
    pieces: list[str] = []
    start = 0
    while len(text) - start > 2 * TARGET:
        cut = text.find("\n", start + TARGET)
        if cut < 0:
            break
        pieces.append(text[start : cut + 1])
        start = cut + 1
    if start < len(text) or not pieces:
        pieces.append(text[start:])
    return pieces


class ChunkedText:
    """A text that takes edits at editor positions without copying all of itself."""

    __slots__ = ("_before", "_breaks", "_chunks", "_text")

    def __init__(self, text: str) -> None:
        """Hold ``text``; it is cut into chunks on the first edit."""
        self._text: str | None = text
        self._chunks: list[str] | None = None
        self._breaks: list[int] = []
        self._before: list[int] | None = None

    @property
    def text(self) -> str:
        """The whole text (joined once per version that is read)."""
        text = self._text
        if text is None:
            assert self._chunks is not None
            text = self._text = "".join(self._chunks)
        return text

    def _cut(self) -> list[str]:
        """The chunks, cut on first need."""
        chunks = self._chunks
        if chunks is None:
            chunks = self._chunks = _split(self.text)
            self._breaks = [_breaks(c) for c in chunks]
        return chunks

    def _locate(self, position: Position, encoding: Encoding) -> tuple[int, int]:
        """(chunk, code point in it) of a position, clamped as the mapper clamps."""
        line, column = position
        chunks = self._cut()
        if line < 0:
            return 0, 0
        before = self._before
        if before is None:
            before = self._before = list(accumulate(self._breaks, initial=0))
        index = min(bisect_right(before, line), len(chunks)) - 1
        chunk = chunks[index]
        line -= before[index]
        if "\r" in chunk:  # lone CRs break lines too: the mapper reads the whole chunk
            return index, Mapper(chunk, encoding).position_to_offset((line, column))
        start = 0
        for _ in range(line):
            start = chunk.find("\n", start) + 1
            if start == 0:  # past the last line: the end of the text
                return index, len(chunk)
        end = chunk.find("\n", start)
        end = len(chunk) if end < 0 else end
        return index, start + Mapper(chunk[start:end], encoding).position_to_offset((0, column))

    def replace(self, start: Position, end: Position, inserted: str, encoding: Encoding) -> None:
        """Replace the text between two positions (in ``encoding``'s columns, start and
        end in either order) with ``inserted``."""
        first = self._locate(start, encoding)
        last = first if end == start else self._locate(end, encoding)
        first, last = min(first, last), max(first, last)
        chunks = self._cut()
        edited = chunks[first[0]][: first[1]] + inserted + chunks[last[0]][last[1] :]
        stop = last[0] + 1
        # Every chunk but the last ends with "\n", so no CRLF is ever cut in two. The
        # edit keeps it so: a position is never past its line's content, so ``edited``
        # still ends with its last chunk's "\n". A small remainder joins its neighbour,
        # so deleting never leaves dust behind.
        while stop < len(chunks) and len(edited) < TARGET // 4:
            edited += chunks[stop]
            stop += 1
        pieces = _split(edited)
        chunks[first[0] : stop] = pieces
        self._breaks[first[0] : stop] = [_breaks(p) for p in pieces]
        self._before = None
        self._text = None
