"""Position arithmetic shared by the LSP and reliability tests.

Written independently of the server's ``positions.py`` so the tests check it rather than
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
