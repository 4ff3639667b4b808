"""The one place where core ``str`` offsets meet LSP positions.

The core works in code-point offsets; clients count columns in the negotiated encoding
(UTF-16 by default, UTF-8 or UTF-32 when offered) and break lines on ``\\n``, ``\\r\\n``
and ``\\r`` only (unlike ``str.splitlines``, which also breaks on form feeds and U+2028).

A :class:`LineIndex` exists per document version, and most versions only ever convert a
handful of offsets (the diagnostics of a clean or nearly clean file). So the line table
is not built up front: without a lone ``\\r`` every line break ends in ``\\n``, and a
line number is a C-speed ``str.count`` of ``\\n`` between the previous conversion and
this one (diagnostics arrive sorted, so converting them costs one pass over the text, a
tenth of a regex scan). Once the counting has walked about twice the text, or a position
has to be turned into an offset (hover, edits), the full table is built once and every
later conversion is ``O(log n + B)``: a bisect over line starts, plus a walk of at most
one block of ``B`` code points over a lazily built table of cumulative code units per
block. An ASCII-only text (the common case) skips the unit table entirely.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable
from itertools import accumulate, count, islice, repeat
from operator import add

from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_LINE_BREAK_CHARS = re.compile(r"[\r\n]")
_LONE_CR = re.compile(r"\r(?!\n)")
_BLOCK = 256
"""Code points per block of the unit table: bounds the per-conversion walk."""
_LOCAL = 4 * _BLOCK
"""Lines up to this many code points convert columns directly, without the table."""
_WALK_SLACK = 1 << 16
"""Code points lazy lookups may walk beyond twice the text before the table pays off."""


def encoding_name(encoding: object) -> str:
    """``"utf-8"``/``"utf-16"``/``"utf-32"`` from an lsprotocol enum or a plain string."""
    value = getattr(encoding, "value", encoding)
    return value if value in ("utf-8", "utf-16", "utf-32") else "utf-16"


def _units(text: str, encoding: str) -> int:
    """Count ``text`` in client code units at C speed (same counts as pygls' codec)."""
    if encoding == "utf-8":
        return len(text.encode("utf-8", "surrogatepass"))
    if encoding == "utf-16":
        return len(text.encode("utf-16-le", "surrogatepass")) // 2
    return len(text)


def _lf_ended(text: str) -> bool:
    """Whether every line break ends with ``\\n`` (no lone ``\\r``): then counting
    ``\\n`` counts lines. ``"\\r" in text`` is a fast single-character search."""
    return "\r" not in text or _LONE_CR.search(text) is None


def _scan_tables(text: str, lf_ended: bool) -> tuple[list[int], list[int]]:
    """Line starts and content ends of the whole text.

    Splitting on ``\\n`` and summing lengths runs in C and is three times faster than
    iterating regex matches; it is exact when no lone ``\\r`` exists (a ``\\r\\n``
    line then ends one code point earlier). Otherwise the three-break regex decides.
    """
    if not lf_ended:
        starts = [0]
        ends = []
        for match in _LINE_BREAK.finditer(text):
            ends.append(match.start())
            starts.append(match.end())
        ends.append(len(text))
        return starts, ends
    parts = text.split("\n")
    starts = [0]
    # Line i+1 starts after the i+1 first lines and their i+1 "\n" characters.
    starts += map(add, accumulate(map(len, islice(parts, len(parts) - 1))), count(1))
    if "\r" in text:
        ends = [
            s - 2 if p.endswith("\r") else s - 1
            for p, s in zip(parts[:-1], starts[1:], strict=True)
        ]
    else:
        ends = list(map(add, islice(starts, 1, None), repeat(-1)))
    ends.append(len(text))
    return starts, ends


class LineIndex:
    """Line lookups and code-unit prefix sums for one version of one document."""

    def __init__(self, text: str, encoding: object = "utf-16") -> None:
        """Cheap: the line table and the unit table both wait until they are needed."""
        self.text = text
        self.encoding = encoding_name(encoding)
        self._codec = PositionCodec(self.encoding)
        self._plain = self.encoding == "utf-32" or text.isascii()
        self._lf_ended = _lf_ended(text)
        self._tables: tuple[list[int], list[int]] | None = None
        """(line starts, line content ends); one attribute so readers see both or none."""
        self._cursor = (0, 0, 0)
        """(offset, its line, that line's start) of the last lazy lookup."""
        self._walk_budget = 2 * len(text) + _WALK_SLACK
        self._block_units: list[int] | None = None

    def _lines(self) -> tuple[list[int], list[int]]:
        """The full line table, built on first need."""
        tables = self._tables
        if tables is None:
            self._tables = tables = _scan_tables(self.text, self._lf_ended)
        return tables

    @property
    def line_starts(self) -> list[int]:
        """Offset where each line starts."""
        return self._lines()[0]

    @property
    def line_ends(self) -> list[int]:
        """Offset where each line's content ends (before its line break)."""
        return self._lines()[1]

    @property
    def line_count(self) -> int:
        """Number of lines, counting the (possibly empty) line after a final break."""
        return len(self.line_starts)

    def _table(self) -> list[int]:
        """Cumulative code units at each block boundary, built on first need."""
        if self._block_units is None:
            text, enc = self.text, self.encoding
            sizes = (_units(text[i : i + _BLOCK], enc) for i in range(0, len(text), _BLOCK))
            self._block_units = [0, *accumulate(sizes)]
        return self._block_units

    def _units_before(self, offset: int) -> int:
        """Code units in ``text[:offset]``; the difference of two gives a column."""
        if self._plain:
            return offset
        block = offset // _BLOCK
        base = self._table()[block]
        return base + _units(self.text[block * _BLOCK : offset], self.encoding)

    def _column(self, start: int, offset: int) -> int:
        """Code units in ``text[start:offset]`` (a column when ``start`` is a line start).

        A short span is counted directly, so ordinary lines never need the whole-text
        unit table (which each new version would otherwise rebuild: O(n) per keystroke).
        """
        if self._plain:
            return offset - start
        if offset - start <= _LOCAL:
            return _units(self.text[start:offset], self.encoding)
        return self._units_before(offset) - self._units_before(start)

    def _offset_at_units(self, units: int, limit: int) -> int:
        """The largest offset ``<= limit`` whose unit prefix does not exceed ``units``.

        A column that lands inside a surrogate pair or a UTF-8 sequence rounds down to
        the start of that character, so a client can never split one in two.
        """
        if self._plain:
            return min(units, limit)
        table = self._table()
        block = max(0, bisect.bisect_right(table, units) - 1)
        offset = block * _BLOCK
        done = table[block]
        units_of = self._codec.impl.code_units_for_char
        text = self.text
        while offset < limit:
            step = units_of(text[offset])
            if done + step > units:
                break
            done += step
            offset += 1
        return min(offset, limit)

    def _locate(self, offset: int) -> tuple[int, int]:
        """Line and line start of ``offset`` by counting ``\\n`` from the last lookup.

        Only valid without lone ``\\r``. Walks from the previous lookup or from the
        start of the text, whichever is nearer; the walked distance is charged to a
        budget, and when it runs out the table is built so scattered lookups (many
        hovers, thousands of findings) stay ``O(log n)`` each.
        """
        text = self.text
        at, line, start = self._cursor
        if offset >= at:
            walked = offset - at
            crossed = text.count("\n", at, offset)
            if crossed:
                line += crossed
                start = text.rfind("\n", at, offset) + 1
        elif offset < at - offset:
            line = text.count("\n", 0, offset)
            start = text.rfind("\n", 0, offset) + 1
            walked = 2 * offset - start
        else:
            walked = at - offset
            crossed = text.count("\n", offset, at)
            if crossed:
                line -= crossed
                start = text.rfind("\n", 0, offset) + 1
                walked += offset - start
        self._cursor = (offset, line, start)
        self._walk_budget -= walked
        if self._walk_budget < 0:
            self._lines()
        return line, start

    def line_of(self, offset: int) -> int:
        """The line holding ``offset`` (clamped into the text)."""
        offset = max(0, min(offset, len(self.text)))
        if self._tables is None and self._lf_ended:
            return self._locate(offset)[0]
        return bisect.bisect_right(self._lines()[0], offset) - 1

    def offset_to_position(self, offset: int) -> types.Position:
        """Client position of a code-point offset; out-of-range offsets are clamped."""
        text = self.text
        offset = max(0, min(offset, len(text)))
        tables = self._tables
        if tables is None and self._lf_ended:
            # An offset between "\r" and "\n" belongs to the end of the line's content.
            if 0 < offset < len(text) and text[offset] == "\n" and text[offset - 1] == "\r":
                offset -= 1
            line, start = self._locate(offset)
            return types.Position(line=line, character=self._column(start, offset))
        starts, ends = self._lines()
        line = bisect.bisect_right(starts, offset) - 1
        offset = min(offset, ends[line])
        start = starts[line]
        return types.Position(line=line, character=self._column(start, offset))

    def position_to_offset(self, position: types.Position) -> int:
        """Code-point offset of a client position, clamped like LSP clients expect.

        A line past the end maps to the end of the text; a column past the end of its
        line maps to the end of the line's content (never into its line break).
        """
        if position.line < 0:
            return 0
        starts, ends = self._lines()
        if position.line >= len(starts):
            return len(self.text)
        start = starts[position.line]
        end = ends[position.line]
        character = max(0, position.character)
        if not self._plain and end - start <= _LOCAL:
            return self._local_offset(start, end, character)
        return self._offset_at_units(self._units_before(start) + character, end)

    def _local_offset(self, start: int, end: int, units: int) -> int:
        """Offset ``units`` code units into a short line (rounding down inside a char)."""
        units_of = self._codec.impl.code_units_for_char
        text = self.text
        offset, done = start, 0
        while offset < end:
            step = units_of(text[offset])
            if done + step > units:
                break
            done += step
            offset += 1
        return offset

    def edited(self, start: int, end: int, inserted: str, new_text: str) -> LineIndex:
        """The index of ``new_text`` (``text[:start] + inserted + text[end:]``).

        Typing changes one line: when neither the removed nor the inserted text touches
        a line break, the line table is shifted instead of rescanning the whole text, so
        a keystroke in a 1 MB document costs O(lines) integer additions, not a regex pass.
        Anything else (a break typed or deleted, a CR/LF pair that could merge) rescans,
        and so does an index whose table was never needed (the rescan is lazy too).
        """
        old = self.text
        tables = self._tables
        splits_crlf = start > 0 and end < len(old) and old[start - 1] == "\r" and old[end] == "\n"
        if (
            tables is None
            or splits_crlf
            or _LINE_BREAK_CHARS.search(inserted)
            or _LINE_BREAK_CHARS.search(old, start, end)
        ):
            return LineIndex(new_text, self.encoding)
        delta = len(inserted) - (end - start)
        starts, ends = tables
        line = bisect.bisect_right(starts, start) - 1
        new = LineIndex.__new__(LineIndex)
        new.text = new_text
        new.encoding = self.encoding
        new._codec = self._codec
        new._plain = self._plain and inserted.isascii()
        new._lf_ended = self._lf_ended
        new._tables = (
            starts[: line + 1] + [s + delta for s in starts[line + 1 :]],
            ends[:line] + [e + delta for e in ends[line:]],
        )
        new._cursor = (0, 0, 0)
        new._walk_budget = 2 * len(new_text) + _WALK_SLACK
        new._block_units = None
        return new

    def positions(self, offsets: Iterable[int]) -> dict[int, types.Position]:
        """Positions of many offsets, converted in text order.

        Before the line table exists, each lookup counts line breaks from the previous
        one: in order, converting every finding of a document walks the text once.
        """
        return {offset: self.offset_to_position(offset) for offset in sorted(set(offsets))}

    def span_to_range(self, start: int, end: int) -> types.Range:
        """Client range of ``text[start:end]``."""
        return types.Range(start=self.offset_to_position(start), end=self.offset_to_position(end))

    def range_to_span(self, rng: types.Range) -> tuple[int, int]:
        """Code-point span of a client range, start never after end."""
        start = self.position_to_offset(rng.start)
        end = self.position_to_offset(rng.end)
        return (start, end) if start <= end else (end, start)


def offset_to_position(index: LineIndex, offset: int) -> types.Position:
    """Module-level spelling of :meth:`LineIndex.offset_to_position` (the contract name)."""
    return index.offset_to_position(offset)


def position_to_offset(index: LineIndex, position: types.Position) -> int:
    """Module-level spelling of :meth:`LineIndex.position_to_offset`."""
    return index.position_to_offset(position)


def span_to_range(index: LineIndex, start: int, end: int) -> types.Range:
    """Module-level spelling of :meth:`LineIndex.span_to_range`."""
    return index.span_to_range(start, end)


def apply_change(text: str, index: LineIndex, rng: types.Range | None, new_text: str) -> str:
    """Apply one ``didChange`` content change; a change without range replaces all."""
    if rng is None:
        return new_text
    start, end = index.range_to_span(rng)
    return text[:start] + new_text + text[end:]


def apply_change_indexed(
    index: LineIndex, rng: types.Range | None, new_text: str
) -> tuple[str, LineIndex | None]:
    """Like :func:`apply_change`, also returning the new text's index when it is cheap.

    ``None`` for the index means "build it when needed" (a full replacement).
    """
    if rng is None:
        return new_text, None
    start, end = index.range_to_span(rng)
    text = index.text
    result = text[:start] + new_text + text[end:]
    return result, index.edited(start, end, new_text, result)
