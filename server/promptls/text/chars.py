"""The one table of characters that cannot be seen or that act instead of showing.

A zero-width space inside a marker makes it a near-miss (it will not split); the same
character anywhere in an instruction file is text the model reads and a reviewer cannot
(PL010); and a file name or excerpt printed to a terminal must show both kinds, and the
control characters, as escapes (``promptls.text.escape``). Every one of those reads
these ranges, so they cannot disagree about what is invisible.
"""

from __future__ import annotations

INVISIBLE_RANGES: tuple[tuple[int, int, str], ...] = (
    (0x00AD, 0x00AD, "soft hyphen"),
    (0x061C, 0x061C, "Arabic letter mark"),
    (0x115F, 0x1160, "Hangul filler"),
    (0x180E, 0x180E, "Mongolian vowel separator"),
    (0x200B, 0x200B, "zero-width space"),
    (0x200C, 0x200C, "zero-width non-joiner"),
    (0x200D, 0x200D, "zero-width joiner"),
    (0x200E, 0x200F, "directional mark"),
    (0x202A, 0x202E, "bidirectional embedding/override"),
    (0x2060, 0x2064, "word joiner / invisible operator"),
    (0x2066, 0x2069, "bidirectional isolate"),
    (0x206A, 0x206F, "deprecated format character"),
    (0x3164, 0x3164, "Hangul filler"),
    (0xFEFF, 0xFEFF, "zero-width no-break space (BOM)"),
    (0xFFA0, 0xFFA0, "halfwidth Hangul filler"),
    (0xE0000, 0xE007F, "Unicode tag character"),
)
"""Every range PL010 reports, with a name users recognise."""

CONTROL_RANGES: tuple[tuple[int, int, str], ...] = (
    (0x00, 0x1F, "C0 control character"),
    (0x7F, 0x9F, "delete / C1 control character"),
    (0x2028, 0x2029, "line / paragraph separator"),
)
"""Characters a terminal or a line-based format acts on (escape sequences, carriage
returns, line breaks) instead of showing."""

BIDI = frozenset([*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C])


def _class_body() -> str:
    """A regex character-class body covering ``INVISIBLE_RANGES``."""
    parts = []
    for low, high, _ in INVISIBLE_RANGES:
        parts.append(chr(low) if low == high else f"{chr(low)}-{chr(high)}")
    return "".join(parts)


INVISIBLE_CLASS = _class_body()
"""For ``[...]`` in a regex (already safe: none of these is a regex metacharacter)."""


def describe(char: str) -> str:
    """``U+200B zero-width space`` for messages."""
    code = ord(char)
    for low, high, name in INVISIBLE_RANGES:
        if low <= code <= high:
            return f"U+{code:04X} {name}"
    return f"U+{code:04X}"
