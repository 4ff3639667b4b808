"""Searching a ``str`` through its UTF-8 bytes, where C-speed byte searches are cheaper.

CPython's regex engine checks a big Unicode character class at every position; over
UTF-8 bytes the same search is a few literal-led alternatives (about five times faster),
and ASCII case-folding of bytes is a single C call. Byte offsets of the (few) hits are
mapped back to ``str`` offsets with one incremental decode.
"""

from __future__ import annotations

from collections.abc import Iterable

_CHUNK = 1 << 16
"""Code points encoded at a time for large texts."""
_LARGE = 1 << 21
"""From this many code points on, encoding goes by chunks."""


def encode(text: str) -> bytes:
    """UTF-8 bytes of any ``str`` (lone surrogates from editors pass through).

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


def to_str_offsets(data: bytes, byte_offsets: Iterable[int]) -> list[int]:
    """Map sorted byte offsets (each at a character boundary) to ``str`` offsets."""
    result: list[int] = []
    previous_byte = previous_char = 0
    for offset in byte_offsets:
        if offset < previous_byte:
            raise ValueError("byte offsets must be sorted")
        previous_char += len(data[previous_byte:offset].decode("utf-8", "surrogatepass"))
        previous_byte = offset
        result.append(previous_char)
    return result
