"""A set of code points, and where a text's first member is: one pass over the ``str``.

A text holding one character above U+FFFF is stored by CPython at 4 bytes a character,
and no ``str`` method finds any of several characters in one pass: a regex class tests
every character in the regex engine's general loop (3 ms per MB), ``find`` per character
is ``memchr`` of its low byte (U+2061's is ``a``), and encoding the text to search its
bytes costs ~10 instructions a character before the search starts. The optional C
speedup (``_speedups.c``, built with the wheel; PyYAML's ``_yaml`` is the same kind of
thing) reads the code points in place: a table lookup per 128 code points, with no
branch per character, and a look at each character only in a stretch that holds a
candidate, under 1 ms per MB of emoji text. Without it (a platform without a compiler,
the editor bundle) the callers keep their byte searches (``invisible.has_invisible``),
and :meth:`CodeSet.first` answers with the regex class: the same answers, slower.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable, Iterator
from functools import cached_property

try:
    from promptls.text._speedups import ascii_bytes as _built_ascii
    from promptls.text._speedups import first_of as _built
except ImportError:  # pragma: no cover - only where the C speedup was not built
    _built = _built_ascii = None  # type: ignore[assignment]

_first_of: Callable[[str, bytes, bytes, int, int], int] | None = _built
_ascii_bytes: Callable[[str], bytes] | None = _built_ascii

NATIVE = _first_of is not None
"""Whether the C speedup is present (built by the install where a compiler is at hand)."""

NON_ASCII = 0x80
"""The byte :func:`ascii_view` puts for every code point above ASCII."""

BLOCK = 128
"""Code points per entry of a set's block table (the C scan's first check)."""


class CodeSet:
    """Code points given as inclusive ``(low, high)`` ranges."""

    __slots__ = ("__dict__", "ranges")

    def __init__(self, ranges: Iterable[tuple[int, int]]) -> None:
        self.ranges = tuple(sorted(ranges))
        if any(not 0 <= low <= high <= sys.maxunicode for low, high in self.ranges):
            raise ValueError(f"code point ranges out of order or range: {self.ranges}")

    @cached_property
    def tables(self) -> tuple[bytes, bytes]:
        """``(blocks, bits)`` for the C scan: one byte per :data:`BLOCK` code points of
        all of Unicode, non-zero where the block holds a member (8.5 KB, so a lookup
        needs no bounds check), and one bit per code point up to the highest member."""
        top = max((high for _, high in self.ranges), default=0)
        bits = bytearray(top // 8 + 1)
        blocks = bytearray((sys.maxunicode >> 7) + 1)
        for low, high in self.ranges:
            for code in range(low, high + 1):
                bits[code >> 3] |= 1 << (code & 7)
                blocks[code // BLOCK] = 1
        return bytes(blocks), bytes(bits)

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        """The set as a regex class, for the pure-Python answers."""
        body = "".join(
            re.escape(chr(low)) if low == high else f"{re.escape(chr(low))}-{re.escape(chr(high))}"
            for low, high in self.ranges
        )
        return re.compile(f"[{body}]" if body else "(?!)")

    def first(self, text: str, start: int = 0, end: int = sys.maxsize) -> int:
        """The offset of the first member in ``text[start:end]`` (``start``, ``end``
        clipped to the text, never counted from its end), or -1."""
        start, end = max(start, 0), max(end, 0)
        if _first_of is not None:
            blocks, bits = self.tables
            found: int = _first_of(text, blocks, bits, start, end)
            return found
        return self.first_pure(text, start, end)

    def first_pure(self, text: str, start: int = 0, end: int = sys.maxsize) -> int:
        """:meth:`first` without the C speedup (the reference the tests compare it to)."""
        match = self.pattern.search(text, max(start, 0), max(end, 0))
        return -1 if match is None else match.start()

    def offsets(self, text: str) -> Iterator[int]:
        """The offset of every member in ``text``, in order."""
        at = self.first(text)
        while at >= 0:
            yield at
            at = self.first(text, at + 1)


def ascii_view(text: str) -> bytes | None:
    """One byte per code point of ``text``: an ASCII one as itself, any other
    :data:`NON_ASCII`; None without the C speedup (a Python loop would cost more than
    any search it saves).

    A pattern of ASCII literals and ASCII classes (no ``\\w``, ``\\d``, ``\\s``, ``.``
    or negated class, which a non-ASCII character can match) matches these bytes exactly
    where it matches the text, at the same offsets: every non-ASCII code point is one
    byte that no literal or class of it matches, as the character is. A text stored at
    4 bytes a character is searched in a quarter of the memory."""
    if _ascii_bytes is None:
        return None
    return _ascii_bytes(text)


def ascii_view_pure(text: str) -> bytes:
    """:func:`ascii_view` without the C speedup (the reference the tests compare it to)."""
    return bytes(ord(ch) if ord(ch) < NON_ASCII else NON_ASCII for ch in text)
