"""Position arithmetic shared by the LSP and reliability tests.

Written independently of the server's position mapper so the tests check it rather than
repeat it: LSP's three line breaks, and code units of a line prefix per encoding.
"""

from __future__ import annotations

import re

LINE_BREAK = re.compile(r"\r\n|\r|\n")
"""The line breaks LSP recognises; CRLF first so it counts as one break."""


def units(text: str, encoding: str) -> int:
    """Length of ``text`` in the encoding's code units (code points for ``utf-32``)."""
    if encoding == "utf-8":
        return len(text.encode("utf-8"))
    if encoding == "utf-16":
        return len(text.encode("utf-16-le")) // 2
    return len(text)


def line_col(text: str, offset: int, encoding: str) -> tuple[int, int]:
    """(line, character) of a code-point offset, the character in the encoding's units."""
    before = text[:offset]
    breaks = list(LINE_BREAK.finditer(before))
    line_start = breaks[-1].end() if breaks else 0
    # A "\r" right at the end could still be the first half of "\r\n": then the
    # offset is on the line that "\r" ends, which the regex above already handles.
    return len(breaks), units(before[line_start:], encoding)


def offset_at(text: str, line: int, character: int, encoding: str) -> int:
    """Code-point offset of a (line, character) position, clamped to the line's content."""
    starts = [0] + [m.end() for m in LINE_BREAK.finditer(text)]
    offset, done = starts[line], 0
    while offset < len(text) and done < character and text[offset] not in "\r\n":
        done += units(text[offset], encoding)
        offset += 1
    return offset


def lines(text: str) -> list[tuple[int, int]]:
    """(start, content end) of every LSP line, in code points."""
    out, start = [], 0
    for match in LINE_BREAK.finditer(text):
        out.append((start, match.start()))
        start = match.end()
    out.append((start, len(text)))
    return out
