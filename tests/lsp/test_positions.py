"""The offset ↔ position mapper against an independent reference, for every encoding."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lsprotocol import types

from promptls.lsp.positions import LineIndex
from tests.lsp.client import offset_of, position

ENCODINGS = ("utf-8", "utf-16", "utf-32")
ALPHABET = st.sampled_from(
    ["a", "Z", " ", "é", "漢", "😀", "👩\u200d💻", "x\u0301", "\n", "\r\n", "\r", "\u2028", "\x0c"]
)
texts = st.lists(ALPHABET, max_size=40).map("".join)


@pytest.mark.parametrize("encoding", ENCODINGS)
@settings(max_examples=200, deadline=None)
@given(text=texts, data=st.data())
def test_offsets_round_trip_like_the_reference(
    encoding: str, text: str, data: st.DataObject
) -> None:
    index = LineIndex(text, encoding)
    offset = data.draw(st.integers(0, len(text)))
    expected = position(text, offset, encoding)
    if offset and text[offset - 1 : offset + 1] == "\r\n":
        # Between "\r" and "\n" is not a place a client can name: it is the line's end.
        expected = position(text, offset - 1, encoding)
        offset -= 1
    assert index.offset_to_position(offset) == expected
    assert index.position_to_offset(expected) == offset


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_only_lsp_line_breaks_count(encoding: str) -> None:
    # U+2028 and form feed are ordinary characters to LSP (unlike str.splitlines).
    text = "a\u2028b\x0cc\nd"
    index = LineIndex(text, encoding)
    assert index.line_count == 2
    assert index.offset_to_position(text.index("d")) == types.Position(line=1, character=0)


def test_column_inside_a_surrogate_pair_rounds_down() -> None:
    text = "😀x"
    index = LineIndex(text, "utf-16")
    assert index.position_to_offset(types.Position(line=0, character=1)) == 0
    assert index.position_to_offset(types.Position(line=0, character=2)) == 1


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_out_of_range_positions_clamp(encoding: str) -> None:
    text = "ab\r\ncd"
    index = LineIndex(text, encoding)
    assert index.position_to_offset(types.Position(line=0, character=99)) == 2
    assert index.position_to_offset(types.Position(line=9, character=0)) == len(text)
    assert index.offset_to_position(99) == types.Position(line=1, character=2)


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_long_lines_cross_many_blocks(encoding: str) -> None:
    # One 100k-character line of mixed widths: the block table must agree with a scan.
    line = ("ab😀漢é" * 20000)[:100000]
    text = "x\n" + line + "\nend"
    index = LineIndex(text, encoding)
    for offset in (2, 3, 257, 4099, 50001, 99999, 100002):
        pos = position(text, offset, encoding)
        assert index.offset_to_position(offset) == pos
        assert index.position_to_offset(pos) == offset_of(text, pos, encoding)
