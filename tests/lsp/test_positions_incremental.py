"""An index shifted after a keystroke must answer exactly like one built from scratch.

``LineIndex.edited`` keeps typing in a large document O(lines) instead of rescanning the
whole text on every change; these tests pin it to the from-scratch index for every
position, in every encoding, including CR/LF pairs, emoji and edits next to breaks.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lsprotocol import types

from promptls.lsp.positions import LineIndex, apply_change, apply_change_indexed

ALPHABET = st.sampled_from(["a", "b", " ", "\n", "\r", "\r\n", "é", "🙂", "日", "\t"])
TEXTS = st.lists(ALPHABET, max_size=40).map("".join)
ENCODINGS = st.sampled_from(["utf-16", "utf-8", "utf-32"])


def _same_answers(got: LineIndex, want: LineIndex) -> None:
    """Every offset and every position (plus some past line ends) agree."""
    assert got.text == want.text
    assert got.line_starts == want.line_starts
    assert got.line_ends == want.line_ends
    for offset in range(len(want.text) + 1):
        assert got.offset_to_position(offset) == want.offset_to_position(offset)
    for line in range(want.line_count + 1):
        for character in range(8):
            pos = types.Position(line=line, character=character)
            assert got.position_to_offset(pos) == want.position_to_offset(pos)


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
    for encoding in ("utf-16", "utf-8", "utf-32"):
        edited = LineIndex(text, encoding).edited(start, end, inserted, new_text)
        _same_answers(edited, LineIndex(new_text, encoding))


@settings(max_examples=300, deadline=None)
@given(text=TEXTS, inserted=TEXTS, data=st.data(), encoding=ENCODINGS)
def test_edited_index_matches_a_fresh_one(
    text: str, inserted: str, data: st.DataObject, encoding: str
) -> None:
    """Any replacement of any span gives the same index as rescanning the result."""
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    new_text = text[:start] + inserted + text[end:]
    edited = LineIndex(text, encoding).edited(start, end, inserted, new_text)
    _same_answers(edited, LineIndex(new_text, encoding))


@settings(max_examples=200, deadline=None)
@given(text=TEXTS, typed=st.lists(ALPHABET, max_size=12), encoding=ENCODINGS)
def test_typing_through_apply_change_indexed(text: str, typed: list[str], encoding: str) -> None:
    """A burst of keystrokes at the end of the first line keeps text and index right."""
    index = LineIndex(text, encoding)
    for char in typed:
        end_of_line = index.offset_to_position(index.line_ends[0])
        rng = types.Range(start=end_of_line, end=end_of_line)
        expected = apply_change(index.text, index, rng, char)
        new_text, new_index = apply_change_indexed(index, rng, char)
        assert new_text == expected
        index = new_index if new_index is not None else LineIndex(new_text, encoding)
        _same_answers(index, LineIndex(new_text, encoding))


def test_long_lines_still_convert_through_the_unit_table() -> None:
    """Lines longer than the direct-count limit agree with direct counting."""
    line = "🙂ab" * 2000
    index = LineIndex(line + "\n" + line, "utf-16")
    second = index.line_starts[1]
    pos = index.offset_to_position(second + 3000)
    assert pos == types.Position(line=1, character=4000)
    assert index.position_to_offset(pos) == second + 3000
    assert index.position_to_offset(types.Position(line=1, character=4001)) == second + 3000
