"""Lookups before the line table exists answer exactly like the reference, in any order.

A fresh ``Mapper`` converts offsets by counting line breaks from its previous lookup
and builds the full table only once that walking gets expensive. A diagnostic's range
must not depend on which of the two paths produced it, nor on the order of lookups.
"""

from __future__ import annotations

import bisect
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from promptls.text.mapper import Encoding, Mapper
from tests import examples
from tests.positions import ENCODINGS, LINE_BREAK, encoded_position, texts, units


@pytest.mark.parametrize("encoding", ENCODINGS)
@settings(max_examples=examples(200), deadline=None)
@given(text=texts(60), data=st.data())
def test_lookups_in_any_order_match_the_reference(
    encoding: Encoding, text: str, data: st.DataObject
) -> None:
    offsets = data.draw(st.lists(st.integers(-2, len(text) + 2), max_size=25))
    mapper = Mapper(text, encoding)
    for offset in offsets:
        assert mapper.offset_to_position(offset) == encoded_position(text, offset, encoding)
        assert mapper.offset_to_line(offset) == encoded_position(text, offset, encoding)[0]


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r", "mixed"])
def test_scattered_lookups_on_a_large_text_stay_exact(encoding: Encoding, newline: str) -> None:
    # Enough random lookups that the walking budget runs out and the table takes over
    # part-way: answers before and after that point must agree with the reference.
    rng = random.Random(7)
    breaks = ["\n", "\r\n", "\r"] if newline == "mixed" else [newline]
    lines = [rng.choice(["plain words", "café 😀 漢字", "", "x" * 300]) for _ in range(2000)]
    text = "".join(line + rng.choice(breaks) for line in lines)
    found = list(LINE_BREAK.finditer(text))
    starts = [0] + [m.end() for m in found]
    ends = [m.start() for m in found] + [len(text)]
    mapper = Mapper(text, encoding)
    offsets = [rng.randrange(len(text) + 1) for _ in range(300)] + starts + ends
    for offset in offsets:
        line = bisect.bisect_right(starts, offset) - 1
        place = min(offset, ends[line])
        assert mapper.offset_to_position(offset) == (
            line,
            units(text[starts[line] : place], encoding),
        )
    assert mapper._tables is not None  # the walking budget ran out: the table answered


def test_a_crlf_document_converts_without_building_the_table() -> None:
    # Diagnostics of a nearly clean file: a few sorted offsets, no full line table.
    text = "".join(f"line {n} é\r\n" for n in range(20000))
    mapper = Mapper(text, "utf-16")
    target = text.index("line 15000")
    assert mapper.offset_to_position(target + 5) == (15000, 5)
    assert mapper.offset_to_position(target - 1) == (14999, 12)
    assert mapper._tables is None
    assert mapper.line_count == 20001
    assert mapper.line_ends[15000] == target + len("line 15000 é")
