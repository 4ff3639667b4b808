"""The one position mapper: every notation for a place in a text, and the conversions.

The analysis speaks code-point offsets; the CLI prints lines and columns for humans;
SARIF and LSP clients count columns in code units; the scanner searches UTF-8 bytes. All
of these conversions live here, once, so the CLI, the suppression comments and the
server cannot disagree about where a finding is. The module is pure (no LSP library):
``lsp/positions.py`` only wraps its tuples in lsprotocol types.

Notations (0-based unless said otherwise)
-----------------------------------------
offset
    A code-point offset into a ``str`` (``text[offset]``): findings, fixes, markers and
    suppressions are spans ``(start, end)`` of offsets.
utf8
    A byte offset into the UTF-8 encoding of the text (lone surrogates, which editors can
    send, encoded with ``surrogatepass``).
line
    A line number. Lines break at ``\\n``, ``\\r\\n`` and a lone ``\\r`` only, as in LSP
    (``str.splitlines`` also breaks at form feed, U+2028 and others: those are ordinary
    characters here). A final line break opens an empty last line.
column
    Code units from the start of the line, in the mapper's *encoding*: ``"utf-8"``
    (bytes), ``"utf-16"`` (code units: LSP's default and SARIF's ``utf16CodeUnits``) or
    ``"utf-32"`` (code points, what a terminal shows).
position
    ``(line, column)``, both 0-based: an LSP ``Position`` as a tuple.
1-based line:col
    What the CLI prints: ``line + 1`` and ``column + 1``, code-point columns in text,
    JSON and GitHub output, UTF-16 columns in SARIF. The mapper never adds the 1; the
    output formats do (``commands/_check_output.py``).

Naming rule (after gopls' ``protocol.Mapper``): a conversion is named
``source_to_target`` and takes the source notation: :meth:`Mapper.offset_to_line`,
:meth:`Mapper.offset_to_position`, :meth:`Mapper.offsets_to_positions`,
:meth:`Mapper.position_to_offset`, :func:`text_to_utf8`, :func:`utf8_to_offsets`.

Edge rules: offsets and lines out of range are clamped; the offset between the ``\\r``
and the ``\\n`` of a CRLF is the end of its line's content; a column past the end of a
line is the end of its content (never inside its break); a column inside a character (a
surrogate pair, a UTF-8 sequence) rounds down to the start of that character.

Cost: a :class:`Mapper` exists per document version, and most versions only convert a
handful of offsets. So the line table is not built up front: without a lone ``\\r`` a
line number is a C-speed ``str.count`` of ``\\n`` since the previous lookup (lookups in
text order walk the text once). Once that walking has covered about twice the text, or
a position has to become an offset, the table is built once and each later lookup is a
bisect plus a walk of at most one block of code points over a lazily built table of
code units per block. ASCII texts (and UTF-32) skip the unit table. An open document
that takes keystrokes is kept as chunks (``text/chunks.py``): a mapper is made for the
chunk an edit falls in, and for the whole text only when a version is analysed.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from itertools import accumulate, count, islice, repeat
from operator import add
from typing import Literal

Encoding = Literal["utf-8", "utf-16", "utf-32"]
"""The code unit a column counts."""
Position = tuple[int, int]
"""``(line, column)``, 0-based, the column in the mapper's encoding."""

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_LINE_BREAK_CHARS = re.compile(r"[\r\n]")
_LONE_CR = re.compile(r"\r(?!\n)")
_SURROGATE = re.compile("[\ud800-\udfff]")
_BLOCK = 256
"""Code points per block of the unit table: bounds the walk of one conversion."""
_LOCAL = 4 * _BLOCK
"""Lines up to this many code points convert columns directly, without the table."""
_WALK_SLACK = 1 << 16
"""Code points lazy lookups may walk beyond twice the text before the table pays off."""
_CHUNK = 1 << 16
"""Code points encoded at a time for large texts."""
_LARGE = 1 << 21
"""From this many code points on, :func:`text_to_utf8` encodes by chunks."""
_PIECE = 1 << 10
"""Code points per piece of :func:`utf8_pieces`: what one offset conversion decodes at most."""


def _units(text: str, encoding: Encoding) -> int:
    """Length of ``text`` in code units, at C speed."""
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


class Mapper:
    """Offsets ↔ lines and positions for one version of one text, in one encoding."""

    def __init__(self, text: str, encoding: Encoding = "utf-16") -> None:
        """Cheap: the line table and the unit table both wait until they are needed."""
        self.text = text
        self.encoding: Encoding = encoding
        self._plain = encoding == "utf-32" or text.isascii()
        """Columns are code points (ASCII text or UTF-32): no unit counting at all."""
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

    def _walk(self, offset: int, done: int, units: int, limit: int) -> int:
        """From ``offset`` with ``done`` units behind it, the furthest offset ``<= limit``
        with at most ``units`` behind it: a column inside a character rounds down.

        Counted in C: the span is encoded and cut after the units wanted; the code
        points before the cut are its whole characters (a long line with emoji took
        ~0.2 µs a character walked one by one, 100 µs for a keystroke at its end)."""
        want = units - done
        if want <= 0 or offset >= limit:
            return min(offset, limit)
        if self.encoding == "utf-32":
            return min(offset + want, limit)
        span = self.text[offset:limit]
        if self.encoding == "utf-16":
            if _SURROGATE.search(span) is not None:  # two lone halves would decode as one
                return self._walk_by_character(offset, done, units, limit)
            data = span.encode("utf-16-le", "surrogatepass")
            if len(data) <= 2 * want:
                return limit
            head = data[: 2 * want].decode("utf-16-le", "surrogatepass")
            # A pair cut in two decodes to its lone first half: not a whole character.
            whole = len(head) - (head[-1] != span[len(head) - 1])
            return offset + whole
        encoded = span.encode("utf-8", "surrogatepass")
        if len(encoded) <= want:
            return limit
        cut = encoded[:want]
        started = len(cut) - len(cut.translate(None, _NOT_CONTINUATION))
        return offset + started - (0x80 <= encoded[want] < 0xC0)

    def _walk_by_character(self, offset: int, done: int, units: int, limit: int) -> int:
        """``_walk`` one code point at a time (UTF-16 text holding lone surrogates)."""
        text = self.text
        while offset < limit:
            done += 2 if ord(text[offset]) > 0xFFFF else 1
            if done > units:
                break
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

    def _line_and_start(self, offset: int) -> tuple[int, int, int]:
        """(line, its start, the offset moved out of a CRLF) of a clamped offset."""
        text = self.text
        offset = max(0, min(offset, len(text)))
        if self._tables is None and self._lf_ended:
            # An offset between "\r" and "\n" belongs to the end of the line's content.
            if 0 < offset < len(text) and text[offset] == "\n" and text[offset - 1] == "\r":
                offset -= 1
            line, start = self._locate(offset)
            return line, start, offset
        starts, ends = self._lines()
        line = bisect_right(starts, offset) - 1
        return line, starts[line], min(offset, ends[line])

    def offset_to_line(self, offset: int) -> int:
        """The line holding ``offset`` (clamped into the text)."""
        return self._line_and_start(offset)[0]

    def offset_to_position(self, offset: int) -> Position:
        """``(line, column)`` of an offset (clamped into the text)."""
        line, start, offset = self._line_and_start(offset)
        return line, self._column(start, offset)

    def offsets_to_positions(self, offsets: Iterable[int]) -> dict[int, Position]:
        """Positions of many offsets, converted in text order.

        Before the line table exists each lookup counts line breaks from the previous
        one: in order, converting every finding of a document walks the text once.
        """
        return {offset: self.offset_to_position(offset) for offset in sorted(set(offsets))}

    def position_to_offset(self, position: Position) -> int:
        """Offset of ``(line, column)``, clamped the way LSP clients expect.

        A line before the text maps to 0, a line past the end to the end of the text;
        a column past the end of its line maps to the end of the line's content.
        """
        line, column = position
        if line < 0:
            return 0
        starts, ends = self._lines()
        if line >= len(starts):
            return len(self.text)
        start, end = starts[line], ends[line]
        column = max(0, column)
        if self._plain:
            return min(start + column, end)
        if end - start <= _LOCAL:
            return self._walk(start, 0, column, end)
        units = self._units_before(start) + column
        table = self._table()
        block = max(0, bisect_right(table, units) - 1)
        return self._walk(block * _BLOCK, table[block], units, end)


def text_to_utf8(text: str) -> bytes:
    """UTF-8 bytes of any ``str`` (lone surrogates from editors pass through).

    The scanner searches bytes, where a big character class becomes a few literal-led
    alternatives (about five times faster) and ASCII case-folding is one C call.
    CPython sizes its output buffer for the worst case, four bytes per code point of a
    text holding an emoji: for a 10 MB prompt that is a fresh 40 MB allocation on every
    analysis, and encoding it costs twice as much per megabyte as encoding 1 MB. Large
    texts are therefore encoded in chunks that reuse warm memory, then joined once.
    """
    if len(text) < _LARGE:
        return text.encode("utf-8", "surrogatepass")
    return b"".join(
        [text[i : i + _CHUNK].encode("utf-8", "surrogatepass") for i in range(0, len(text), _CHUNK)]
    )


def utf8_pieces(text: str) -> tuple[bytes, list[int]]:
    """``text_to_utf8(text)``, and where each piece of :data:`_PIECE` code points starts
    in those bytes (``starts[k]`` is the byte offset of ``text[k * _PIECE]``).

    Encoding by pieces costs what encoding the whole costs, plus a few hundred
    instructions a piece, and keeps the worst-case buffers small (no 40 MB allocation for
    a 10 MB text with an emoji). The starts make :func:`utf8_to_offsets` local: a byte
    offset is found in its piece, not by counting every byte before it.
    """
    pieces = [
        text[i : i + _PIECE].encode("utf-8", "surrogatepass") for i in range(0, len(text), _PIECE)
    ]
    return b"".join(pieces), list(accumulate(map(len, pieces[:-1]), initial=0))


def utf8_to_offsets(
    data: bytes, utf8_offsets: Iterable[int], starts: Sequence[int] | None = None
) -> list[int]:
    """Offsets of sorted UTF-8 byte offsets (each at a character boundary) into ``data``.

    With ``starts`` (from :func:`utf8_pieces` for these bytes, or bytes of the same
    layout such as their ASCII-lowered copy), each offset is counted from the previous
    one, or from its piece's first code point when that is nearer: what is decoded is at
    most one piece per hit. Without, from hit to hit, the
    characters between are the bytes between less their continuation bytes
    (``0b10xxxxxx``), which one ``translate`` keeps: a pass over every byte before the
    last hit, which costs as much as encoding the text.
    """
    result: list[int] = []
    previous_byte = previous_char = 0
    if starts is not None:
        for offset in utf8_offsets:
            piece = bisect_right(starts, offset) - 1
            if starts[piece] > previous_byte or not result:
                previous_byte, previous_char = starts[piece], piece * _PIECE
            elif offset < previous_byte:
                raise ValueError("byte offsets must be sorted")
            between = data[previous_byte:offset]
            previous_char += len(between.decode("utf-8", "surrogatepass"))
            previous_byte = offset
            result.append(previous_char)
        return result
    for offset in utf8_offsets:
        if offset < previous_byte:
            raise ValueError("byte offsets must be sorted")
        between = data[previous_byte:offset]
        previous_char += len(between) - len(between.translate(None, _NOT_CONTINUATION))
        previous_byte = offset
        result.append(previous_char)
    return result


_NOT_CONTINUATION = bytes(b for b in range(256) if not 0x80 <= b < 0xC0)
"""Every byte that starts a UTF-8 character (ASCII and lead bytes)."""
