"""The halves and wire text of a document version, measured once and shared.

Hover, code lens, symbols and ``promptls.renderWire`` all show the same split, but only
its sizes and the first :data:`HEAD_CHARS` characters of each part (hovers truncate
there anyway). So :func:`wire_of` never builds the halves or the wire text: it locates
the markers, cuts the display heads, and measures the two halves from the UTF-8 bytes
(the wire text is the halves minus ASCII markers and blank lines, so its size follows by
arithmetic). On a 10 MB document that is one encode and one byte translation, a tenth
of splitting, rendering and rescanning three 10 MB strings, so a hover never waits long
for it and the server's worker does not hold the interpreter for long after an open.
The full texts are rebuilt on demand (:func:`full_parts`) by the one command that
returns them. Each version's measure is kept on its :class:`Snapshot` (``wire``).
"""

from __future__ import annotations

import re

from promptls.lsp.markup import MAX_BLOCK_CHARS
from promptls.prompt import SYSTEM_PROMPT_BOUNDARY, render_system_for_wire, split_system_prompt
from promptls.record import Record
from promptls.tokens import estimate_from_counts, estimate_tokens

HEAD_CHARS = MAX_BLOCK_CHARS
PARTS = ("static", "dynamic", "wire")


def utf8_len(text: str) -> int:
    """Bytes on the wire; lone surrogates count as the 3 bytes an encoder would emit."""
    return len(text.encode("utf-8", "surrogatepass"))


class Size(Record):
    """UTF-8 bytes and the token *estimate* of one piece of text."""

    bytes: int
    tokens: int

    def line(self) -> str:
        """ "1234 bytes UTF-8, ≈ 300 tokens (estimate)"."""
        return f"{self.bytes} bytes UTF-8, ≈ {self.tokens} tokens (estimate)"

    def json(self) -> dict[str, int]:
        """The shape commands return."""
        return {"bytes": self.bytes, "tokensEstimate": self.tokens}


def size_of(text: str) -> Size:
    """Measure one piece of text."""
    return Size(utf8_len(text), estimate_tokens(text))


class Part(Record):
    """One of the three texts: its start (for display), its length and its size."""

    head: str
    length: int
    size: Size


class Wire(Record):
    """Static half, dynamic half and marker-free text of one version."""

    static: Part
    dynamic: Part
    wire: Part

    @property
    def halves(self) -> str:
        """The halves' token estimates in one line (the marker's lens and inlay hint)."""
        return (
            f"static ≈ {self.static.size.tokens} tokens (cached) · "
            f"dynamic ≈ {self.dynamic.size.tokens} tokens"
        )


def full_parts(text: str, marker: str = SYSTEM_PROMPT_BOUNDARY) -> tuple[str, str, str]:
    """Static half, dynamic half and marker-free text, in full.

    The core's API speaks the zidane marker; a differently configured marker is mapped
    onto it first, so the same split rules apply to every configured marker.
    """
    if marker and marker != SYSTEM_PROMPT_BOUNDARY:
        text = text.replace(marker, SYSTEM_PROMPT_BOUNDARY)
    static, dynamic = split_system_prompt(text)
    return static, dynamic, render_system_for_wire(text)


_BLANK = "\n\n"
_ASCII = bytes(range(0x80))
_CONTINUATION = bytes(range(0x80, 0xC0))
_BELOW_E3 = bytes(range(0xE3))
_E2_WIDE = re.compile(rb"\xe2[\xba-\xbf]")
"""U+2E80-U+2FFF: the only wide characters (see ``promptls.tokens``) led by 0xE2."""


class _Counts(Record, frozen=False):
    """What sizes are made of; every field adds up over concatenated pieces."""

    chars: int = 0
    bytes: int = 0
    ascii: int = 0
    other: int = 0
    wide: int = 0

    def size(self) -> Size:
        """The displayed size."""
        return Size(self.bytes, estimate_from_counts(self.ascii, self.other, self.wide))


def _count_bytes(data: bytes, chars: int) -> _Counts:
    """Counts of a piece from its UTF-8 bytes (``surrogatepass``: lone surrogates count
    as the 3-byte, wide characters ``estimate_tokens`` also takes them for).

    Deleting the ASCII bytes leaves the multi-byte characters whole and in order, usually
    a few percent of the text; each one has exactly one lead byte (>= 0xC0), and the wide
    ones (>= U+2E80) are led by 0xE3 and above or by 0xE2 0xBA-0xBF.
    """
    rest = data.translate(None, _ASCII)
    ascii_count = len(data) - len(rest)
    if not rest:
        return _Counts(chars, len(data), ascii_count)
    non_ascii = len(rest.translate(None, _CONTINUATION))
    wide = len(rest.translate(None, _BELOW_E3)) + len(_E2_WIDE.findall(rest))
    return _Counts(chars, len(data), ascii_count, non_ascii - wide, wide)


def _halves(text: str, first: int, marker_len: int) -> tuple[int, int]:
    """Where the static half ends and the dynamic half starts (``split_system_prompt``'s
    rule: one blank line trimmed on each side of the first marker)."""
    static_end = first - 2 if text.endswith(_BLANK, 0, first) else first
    after = first + marker_len
    dynamic_start = after + 2 if text.startswith(_BLANK, after) else after
    return static_end, dynamic_start


def _wire_segments(text: str, marker: str, first: int) -> list[tuple[int, int]]:
    """The kept pieces of ``render_system_for_wire`` as spans, in order (``first`` is
    where the marker first occurs)."""
    bounds: list[tuple[int, int]] = []
    start = 0
    found = first
    while found >= 0:
        bounds.append((start, found))
        start = found + len(marker)
        found = text.find(marker, start)
    bounds.append((start, len(text)))
    last = len(bounds) - 1
    kept: list[tuple[int, int]] = []
    for i, (begin, end) in enumerate(bounds):
        if i > 0 and text.startswith(_BLANK, begin, end):
            begin += 2
        if i < last and text.endswith(_BLANK, begin, end):
            end -= 2
        if begin < end:
            kept.append((begin, end))
    return kept


def _wire_head(text: str, kept: list[tuple[int, int]]) -> str:
    """The first ``HEAD_CHARS`` characters of the wire text, joined like the renderer."""
    pieces: list[str] = []
    total = 0
    for begin, end in kept:
        if total >= HEAD_CHARS:
            break
        if pieces:
            pieces.append(_BLANK)
            total += 2
        piece = text[begin : min(end, begin + HEAD_CHARS)]
        pieces.append(piece)
        total += len(piece)
    return "".join(pieces)[:HEAD_CHARS]


def _measure(text: str, marker: str) -> Wire:
    """The split of ``text`` without building it (same results as :func:`full_parts`)."""
    if marker and marker != SYSTEM_PROMPT_BOUNDARY:
        text = text.replace(marker, SYSTEM_PROMPT_BOUNDARY)
    marker = SYSTEM_PROMPT_BOUNDARY
    first = text.find(marker)
    ascii_only = text.isascii()
    data = b"" if ascii_only else text.encode("utf-8", "surrogatepass")

    def counts(start: int, end: int, byte_start: int, byte_end: int) -> _Counts:
        """Counts of ``text[start:end]``, which is ``data[byte_start:byte_end]``."""
        if ascii_only:
            return _Counts(end - start, end - start, end - start)
        return _count_bytes(data[byte_start:byte_end], end - start)

    if first < 0:
        whole = Part(text[:HEAD_CHARS], len(text), counts(0, len(text), 0, len(data)).size())
        return Wire(whole, Part("", 0, Size(0, 0)), whole)
    static_end, dynamic_start = _halves(text, first, len(marker))
    # The marker and the blank lines are ASCII, so the byte offsets of the halves follow
    # from the marker's first occurrence in the bytes.
    byte_first = first if ascii_only else data.find(marker.encode("ascii"))
    byte_static_end = byte_first - (first - static_end)
    byte_dynamic_start = byte_first + (dynamic_start - first)
    static = counts(0, static_end, 0, byte_static_end)
    dynamic = counts(dynamic_start, len(text), byte_dynamic_start, len(data))
    kept = _wire_segments(text, marker, first)
    wire_chars = sum(end - begin for begin, end in kept) + 2 * max(0, len(kept) - 1)
    # What the wire text leaves out of the halves (later markers, blank lines around
    # them) and adds (a blank line between pieces) is all ASCII: one byte per character.
    delta = wire_chars - static.chars - dynamic.chars
    wire = _Counts(
        wire_chars,
        static.bytes + dynamic.bytes + delta,
        static.ascii + dynamic.ascii + delta,
        static.other + dynamic.other,
        static.wide + dynamic.wide,
    )
    return Wire(
        Part(text[: min(static_end, HEAD_CHARS)], static_end, static.size()),
        Part(text[dynamic_start : dynamic_start + HEAD_CHARS], dynamic.chars, dynamic.size()),
        Part(_wire_head(text, kept), wire_chars, wire.size()),
    )


def wire_of(text: str, marker: str = SYSTEM_PROMPT_BOUNDARY) -> Wire:
    """The measured split of ``text`` under ``marker`` (callers keep it per version)."""
    return _measure(text, marker)
