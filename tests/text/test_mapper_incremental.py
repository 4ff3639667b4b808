"""A mapper shifted after a keystroke must answer exactly like one built from scratch.

``Mapper.replace`` keeps typing in a large document O(lines) instead of rescanning the
whole text on every change; these tests pin it to the from-scratch mapper for every
position, in every encoding, including CR/LF pairs, emoji and edits next to breaks.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from promptls.text.mapper import Encoding, Mapper
from tests.positions import ENCODINGS, PIECES, texts

KEYSTROKES = st.lists(st.sampled_from(PIECES), max_size=12)


def _same_answers(got: Mapper, want: Mapper) -> None:
    """Every offset and every position (plus some past line ends) agree."""
    assert got.text == want.text
    assert got.line_starts == want.line_starts
    assert got.line_ends == want.line_ends
    for offset in range(len(want.text) + 1):
        assert got.offset_to_position(offset) == want.offset_to_position(offset)
    for line in range(want.line_count + 1):
        for column in range(8):
            assert got.position_to_offset((line, column)) == want.position_to_offset((line, column))


@pytest.mark.parametrize(
    ("text", "start", "end", "inserted"),
    [
        ("a\r\nb", 2, 2, "x"),  # typing between CR and LF splits one break into two
        ("a\rx\nb", 2, 3, ""),  # deleting between CR and LF merges two breaks into one
        ("a\nb", 2, 2, "\r"),  # a typed CR after LF adds a line
        ("a\r", 2, 2, "\n"),  # a typed LF after CR does not
        ("ab\ncd", 1, 4, ""),  # deleting across a break joins lines
        ("🙂\n日本", 3, 3, "é"),  # non-ASCII on a later line
    ],
)
def test_edits_next_to_line_breaks(text: str, start: int, end: int, inserted: str) -> None:
    """The edits that change the line structure without an obvious break in the insert."""
    new_text = text[:start] + inserted + text[end:]
    for encoding in ENCODINGS:
        mapper = Mapper(text, encoding)
        mapper.position_to_offset((0, 0))  # builds the table: replace takes the shifting path
        _same_answers(mapper.replace(start, end, inserted), Mapper(new_text, encoding))


@settings(max_examples=300, deadline=None)
@given(text=texts(), inserted=texts(8), data=st.data(), encoding=st.sampled_from(ENCODINGS))
def test_replaced_mapper_matches_a_fresh_one(
    text: str, inserted: str, data: st.DataObject, encoding: Encoding
) -> None:
    """Any replacement of any span gives the same mapper as rescanning the result."""
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    mapper = Mapper(text, encoding)
    if data.draw(st.booleans()):
        mapper.position_to_offset((0, 0))  # with a table replace shifts it, else starts afresh
    new_text = text[:start] + inserted + text[end:]
    _same_answers(mapper.replace(start, end, inserted), Mapper(new_text, encoding))


@settings(max_examples=100, deadline=None)
@given(text=texts(), typed=KEYSTROKES, encoding=st.sampled_from(ENCODINGS))
def test_a_burst_of_typing_keeps_the_shifted_table(
    text: str, typed: list[str], encoding: Encoding
) -> None:
    """Keystrokes at the end of the first line, each on the previous mapper: the line
    table is shifted (it exists at once, no rescan) unless a line break was typed."""
    mapper = Mapper(text, encoding)
    for char in typed:
        end_of_line = mapper.line_ends[0]  # the table exists from here on
        mapper = mapper.replace(end_of_line, end_of_line, char)
        assert (mapper._tables is not None) == (char not in "\r\n")
        _same_answers(mapper, Mapper(mapper.text, encoding))


def test_long_lines_still_convert_through_the_unit_table() -> None:
    """Lines longer than the direct-count limit agree with direct counting."""
    line = "🙂ab" * 2000
    mapper = Mapper(line + "\n" + line, "utf-16")
    second = mapper.line_starts[1]
    assert mapper.offset_to_position(second + 3000) == (1, 4000)
    assert mapper.position_to_offset((1, 4000)) == second + 3000
    assert mapper.position_to_offset((1, 4001)) == second + 3000  # inside the emoji
