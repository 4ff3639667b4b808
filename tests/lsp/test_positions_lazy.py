"""Lookups before the line table exists answer exactly like the reference, in any order.

A fresh ``LineIndex`` converts offsets by counting line breaks from its previous lookup
and builds the full table only once that walking gets expensive. A diagnostic's range
must not depend on which of the two paths produced it, nor on the order of lookups.
"""

from __future__ import annotations

import bisect
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lsprotocol import types

from promptls.lsp.positions import LineIndex
from tests.lsp.client import position
from tests.positions import LINE_BREAK, units

ENCODINGS = ("utf-8", "utf-16", "utf-32")
ALPHABET = st.sampled_from(["a", " ", "é", "😀", "漢", "\n", "\r\n", "\r", "\u2028", "\t"])
texts = st.lists(ALPHABET, max_size=60).map("".join)


def _expected(text: str, offset: int, encoding: str) -> types.Position:
    """Reference position; between "\\r" and "\\n" is the end of the line's content."""
    if offset and text[offset - 1 : offset + 1] == "\r\n":
        offset -= 1
    return position(text, offset, encoding)


@pytest.mark.parametrize("encoding", ENCODINGS)
@settings(max_examples=200, deadline=None)
@given(text=texts, data=st.data())
def test_lookups_in_any_order_match_the_reference(
    encoding: str, text: str, data: st.DataObject
) -> None:
    offsets = data.draw(st.lists(st.integers(-2, len(text) + 2), max_size=25))
    index = LineIndex(text, encoding)
    for offset in offsets:
        clamped = max(0, min(offset, len(text)))
        assert index.offset_to_position(offset) == _expected(text, clamped, encoding)
        assert index.line_of(offset) == _expected(text, clamped, "utf-32").line


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r", "mixed"])
def test_scattered_lookups_on_a_large_text_stay_exact(encoding: str, newline: str) -> None:
    # Enough random lookups that the walking budget runs out and the table takes over
    # part-way: answers before and after that point must agree with the reference.
    rng = random.Random(7)
    breaks = ["\n", "\r\n", "\r"] if newline == "mixed" else [newline]
    lines = [rng.choice(["plain words", "café 😀 漢字", "", "x" * 300]) for _ in range(2000)]
    text = "".join(line + rng.choice(breaks) for line in lines)
    found = list(LINE_BREAK.finditer(text))
    starts = [0] + [m.end() for m in found]
    ends = [m.start() for m in found] + [len(text)]
    index = LineIndex(text, encoding)
    offsets = [rng.randrange(len(text) + 1) for _ in range(300)] + starts + ends
    for offset in offsets:
        line = bisect.bisect_right(starts, offset) - 1
        place = min(offset, ends[line])
        expected = types.Position(line=line, character=units(text[starts[line] : place], encoding))
        assert index.offset_to_position(offset) == expected
    assert index._tables is not None  # the walking budget ran out: the table answered


def test_a_crlf_document_converts_without_building_the_table() -> None:
    # Diagnostics of a nearly clean file: a few sorted offsets, no full line table.
    text = "".join(f"line {n} é\r\n" for n in range(20000))
    index = LineIndex(text, "utf-16")
    target = text.index("line 15000")
    assert index.offset_to_position(target + 5) == types.Position(line=15000, character=5)
    assert index.offset_to_position(target - 1) == types.Position(line=14999, character=12)
    assert index._tables is None
    assert index.line_count == 20001
    assert index.line_ends[15000] == target + len("line 15000 é")
