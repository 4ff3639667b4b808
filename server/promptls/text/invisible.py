"""Where a text's invisible characters are: in the ``str`` with the C speedup, else in
its UTF-8 bytes.

PL010 reports them, and the marker scanner asks whether a text has any before it takes
its fast path (an invisible character inside a word makes that word marker-shaped): one
search answers both, once per document (``Document.invisible``). Every invisible
character of ``chars.INVISIBLE_RANGES`` is non-ASCII, so an ASCII text has none.
:data:`INVISIBLE` is the set for ``codeset``'s scan of the ``str``; the byte patterns
below are the search where the C speedup is absent.
"""

from __future__ import annotations

import re
from functools import cache

from promptls.text.chars import INVISIBLE_RANGES
from promptls.text.codeset import CodeSet
from promptls.text.lazyre import constant, lazy_built
from promptls.text.leads import Led

INVISIBLE = CodeSet((low, high) for low, high, _ in INVISIBLE_RANGES)
"""Every invisible character, for ``CodeSet.first`` over a ``str``."""


def utf8_alternatives() -> list[tuple[int, bytes]]:
    """The invisible characters of chars.py as UTF-8 byte patterns grouped by their
    leading bytes (``\\xe2\\x80[\\x8b-\\x8f\\xaa-\\xae]``…), each with its first byte:
    generated, so the two lists cannot drift apart, and each led by literal bytes, which
    the regex engine finds fast."""
    groups: dict[bytes, set[int]] = {}
    for low, high, _ in INVISIBLE_RANGES:
        for code in range(low, min(high, 0xFFFF) + 1):
            encoded = chr(code).encode("utf-8")
            groups.setdefault(encoded[:-1], set()).add(encoded[-1])
    alternatives = []
    for prefix, lasts in sorted(groups.items()):
        body = b"".join(re.escape(bytes([b])) for b in sorted(lasts))
        alternatives.append((prefix[0], re.escape(prefix) + b"[" + body + b"]"))
    alternatives.append((0xF3, b"\xf3\xa0[\x80\x81][\x80-\xbf]"))  # tags U+E0000-U+E007F
    return alternatives


def utf8_pattern() -> re.Pattern[bytes]:
    """Every invisible character as one byte pattern."""
    return re.compile(b"|".join(pattern for _, pattern in utf8_alternatives()))


UTF8_INVISIBLE = lazy_built(utf8_pattern)


FEW = 2
"""Code points an alternative may cover for ``has_invisible`` to look for them in the
``str`` (one ``find`` each) when its bytes are frequent in the text."""


@cache
def _by_prefix() -> tuple[tuple[bytes, Led[bytes], str], ...]:
    """``utf8_pattern``'s alternatives one by one, each with its first byte and the
    characters it matches: each starts with literal bytes (``\\xe2\\x80[…]``), so ``Led``
    finds it from whichever of them is rare in the text (in emoji text ``\\xe2`` is
    frequent, ``\\x81`` absent)."""
    return tuple(
        (bytes([lead]), Led(constant(pattern)), _characters(pattern))
        for lead, pattern in utf8_alternatives()
    )


def _characters(pattern: bytes) -> str:
    """The characters an alternative of ``utf8_pattern`` matches."""
    compiled = constant(pattern)
    return "".join(
        chr(code)
        for low, high, _ in INVISIBLE_RANGES
        for code in range(low, high + 1)
        if compiled.fullmatch(chr(code).encode("utf-8"))
    )


def has_invisible(data: bytes, text: str | None = None) -> bool:
    """Whether UTF-8 ``data`` holds an invisible character: ``utf8_pattern``'s answer.

    Every invisible character starts with one of a few lead bytes, and a byte absent
    from the text is known absent by one ``memchr``; each alternative whose lead byte
    occurs is searched from its literal bytes (``Led``: the rarest of them found byte by
    byte while it stays rare, the next when it does not, then the whole prefix), so a
    byte that the text's script or emoji share costs no scan of its own: an emoji text
    has ``\\xe2`` and ``\\xef`` throughout, not ``\\x81`` or ``\\xbb``. Where every byte
    of an alternative is frequent (``\\xe3\\x85\\xa4``, U+3164, in CJK text: punctuation
    and continuation bytes), the regex engine would read every byte (1 ms per MB);
    when the alternative is one or two characters and ``text`` (``data`` decoded) is
    given, ``str.find`` looks for them instead, a ``memchr`` over the text's memory.
    """
    for lead, led, chars in _by_prefix():
        if lead not in data:
            continue
        found = led.found_by_find(data)
        if found is None:
            if text is not None and len(chars) <= FEW:
                found = any(char in text for char in chars)
            else:
                found = led.search(data) is not None
        if found:
            return True
    return False
