"""Position arithmetic shared by the mapper, CLI, LSP and reliability tests.

Written independently of ``promptls.text.mapper`` so the tests check it rather than
repeat it: LSP's three line breaks found by a regex over the whole prefix, and columns
counted by encoding that prefix (no line table, no blocks, no laziness).
"""

from __future__ import annotations

import re

from hypothesis import strategies as st

LINE_BREAK = re.compile(r"\r\n|\r|\n")
"""The line breaks LSP recognises; CRLF first so it counts as one break."""
ENCODINGS = ("utf-8", "utf-16", "utf-32")
"""Every position encoding a client can negotiate."""
PIECES = ["a", "Z", " ", "\t", "é", "漢", "字", "😀", "👩\u200d💻", "x\u0301", "\ud83d"]
PIECES += ["\n", "\r\n", "\r", "\u2028", "\x0c"]
"""Astral emoji (2 UTF-16 units, 4 UTF-8 bytes), CJK (1 unit, 3 bytes), a ZWJ sequence, a
combining mark, a lone surrogate, the three LSP line breaks and two characters that are
not line breaks to LSP (U+2028, form feed)."""


def texts(max_size: int = 40) -> st.SearchStrategy[str]:
    """Texts made of :data:`PIECES`, where every column rule has a case."""
    return st.lists(st.sampled_from(PIECES), max_size=max_size).map("".join)


_CODECS = {"utf-8": ("utf-8", 1), "utf-16": ("utf-16-le", 2), "utf-32": ("utf-32-le", 4)}
"""Python codec and bytes per code unit of each position encoding."""


def units(text: str, encoding: str) -> int:
    """Code units of ``text`` found by encoding it (lone surrogates pass through)."""
    codec, size = _CODECS[encoding]
    return len(text.encode(codec, "surrogatepass")) // size


def encoded_position(text: str, offset: int, encoding: str) -> tuple[int, int]:
    """0-based (line, column) of a code-point offset, by encoding the line's prefix.

    The offset between the CR and LF of a CRLF names the end of that line's content.
    """
    offset = max(0, min(offset, len(text)))
    if offset > 0 and text[offset - 1 : offset + 1] == "\r\n":
        offset -= 1
    prefix = text[:offset]
    breaks = list(LINE_BREAK.finditer(prefix))
    line_start = breaks[-1].end() if breaks else 0
    return len(breaks), units(prefix[line_start:], encoding)


def encoded_offset(text: str, line: int, column: int, encoding: str) -> int:
    """Code-point offset of a 0-based (line, column): the longest prefix of the line's
    content whose encoding fits in ``column`` units. Out-of-range lines clamp to the text."""
    if line < 0:
        return 0
    found = list(LINE_BREAK.finditer(text))
    starts = [0] + [m.end() for m in found]
    if line >= len(starts):
        return len(text)
    ends = [m.start() for m in found] + [len(text)]
    content = text[starts[line] : ends[line]]
    column = max(column, 0)
    fits = [k for k in range(len(content) + 1) if units(content[:k], encoding) <= column]
    return starts[line] + max(fits)


def lines(text: str) -> list[tuple[int, int]]:
    """(start, content end) of every LSP line, in code points."""
    out, start = [], 0
    for match in LINE_BREAK.finditer(text):
        out.append((start, match.start()))
        start = match.end()
    out.append((start, len(text)))
    return out
