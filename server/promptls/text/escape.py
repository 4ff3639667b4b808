"""Show text from files on a terminal without letting it act on the terminal.

File names, excerpts and diffs come from the files being checked, which may be hostile:
an ANSI sequence could recolour or hide output, a carriage return overwrite a line, a
bidirectional override reorder what a reviewer reads. Every such character, control or
invisible (``promptls.text.chars``), is shown as a Python-style escape a reader can
recognise (``\\x1b``, ``\\u202e``, ``\\U000e0041``) instead.
"""

from __future__ import annotations

import re

from promptls.text.chars import CONTROL_RANGES, INVISIBLE_RANGES
from promptls.text.lazyre import lazy_built


def _class(keep: str) -> re.Pattern[str]:
    """A character class of every control and invisible character except ``keep``."""
    parts: list[str] = []
    for low, high, _ in (*CONTROL_RANGES, *INVISIBLE_RANGES):
        start = low
        for code in (*(ord(c) for c in keep if low <= ord(c) <= high), high + 1):
            if start < code:
                parts.append(f"{re.escape(chr(start))}-{re.escape(chr(code - 1))}")
            start = code + 1
    return re.compile(f"[{''.join(parts)}]")


_UNSAFE_IN_LINE = _class(keep="")
_UNSAFE_IN_BLOCK = lazy_built(lambda: _class(keep="\t\n"))
"""Compiled on first use: a one-line view (``context``) shows no block."""


def _visible(match: re.Match[str]) -> str:
    """``\\xNN``, ``\\uNNNN`` or ``\\UNNNNNNNN`` for one unsafe character."""
    code = ord(match.group())
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def safe_line(text: str) -> str:
    """One-line values such as paths and messages: every unsafe character, line breaks
    and tabs included, becomes an escape."""
    return _UNSAFE_IN_LINE.sub(_visible, text)


def safe_block(text: str) -> str:
    """Multi-line text: keeps line breaks and tabs, escapes every other unsafe character.

    CRLF line ends are shown as plain line ends; a lone carriage return, which could
    overwrite a line on screen, is escaped like any other control character.
    """
    return _UNSAFE_IN_BLOCK.sub(_visible, text.replace("\r\n", "\n"))
