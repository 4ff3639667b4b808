"""Where the core's positions become lsprotocol ``Position`` and ``Range``.

All arithmetic (line breaks, code units, clamping, the lazy line table)
is :class:`promptls.text.mapper.Mapper`'s; this module negotiates the encoding name and
wraps the mapper's ``(line, column)`` tuples in the client's types, so no feature module
ever counts code units itself.
"""

from __future__ import annotations

from collections.abc import Iterable

from lsprotocol import types

from promptls.text.mapper import Encoding, Mapper, Position


def encoding_name(encoding: object) -> Encoding:
    """``"utf-8"``/``"utf-16"``/``"utf-32"`` from an lsprotocol enum or a plain string."""
    value = getattr(encoding, "value", encoding)
    if value == "utf-8" or value == "utf-32":
        return value
    return "utf-16"


def _position(pair: Position) -> types.Position:
    """An lsprotocol position of a mapper tuple."""
    return types.Position(line=pair[0], character=pair[1])


class ClientMapper:
    """One document version's :class:`Mapper` in the client's encoding and types."""

    __slots__ = ("mapper",)

    def __init__(self, text: str, encoding: object = "utf-16") -> None:
        """``encoding`` is the negotiated position encoding (enum or string)."""
        self.mapper = Mapper(text, encoding_name(encoding))

    @property
    def text(self) -> str:
        """The text this version maps."""
        return self.mapper.text

    @property
    def encoding(self) -> Encoding:
        """The negotiated column unit."""
        return self.mapper.encoding

    @property
    def line_starts(self) -> list[int]:
        """Offset where each line starts."""
        return self.mapper.line_starts

    @property
    def line_ends(self) -> list[int]:
        """Offset where each line's content ends (before its line break)."""
        return self.mapper.line_ends

    @property
    def line_count(self) -> int:
        """Number of lines, counting the (possibly empty) line after a final break."""
        return self.mapper.line_count

    def positions(self, offsets: Iterable[int]) -> dict[int, types.Position]:
        """Client positions of many offsets, converted in text order (one walk)."""
        placed = self.mapper.offsets_to_positions(offsets)
        return {offset: _position(pair) for offset, pair in placed.items()}

    def span_to_range(self, start: int, end: int) -> types.Range:
        """Client range of ``text[start:end]``."""
        mapper = self.mapper
        return types.Range(
            start=_position(mapper.offset_to_position(start)),
            end=_position(mapper.offset_to_position(end)),
        )

    def position_to_offset(self, position: types.Position) -> int:
        """Offset of a client position, clamped as :meth:`Mapper.position_to_offset`."""
        return self.mapper.position_to_offset((position.line, position.character))

    def range_to_span(self, rng: types.Range) -> tuple[int, int]:
        """Offsets of a client range, start never after end."""
        start = self.position_to_offset(rng.start)
        end = self.position_to_offset(rng.end)
        return (start, end) if start <= end else (end, start)
