"""The position mapper against an oracle that encodes the prefix, in every encoding.

Astral-plane emoji (two UTF-16 units, four UTF-8 bytes), CJK (one UTF-16 unit, three
UTF-8 bytes), combining marks, CRLF, lone CR and the characters LSP does not treat as
line breaks (U+2028, form feed) all go through the same three columns.
"""

from __future__ import annotations

from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from promptls.text import mapper as mapper_module
from promptls.text.mapper import Encoding, Mapper, text_to_utf8, utf8_pieces, utf8_to_offsets
from tests import examples
from tests.positions import ENCODINGS, encoded_offset, encoded_position, texts


@pytest.mark.parametrize("encoding", ENCODINGS)
@settings(max_examples=examples(200), deadline=None)
@given(text=texts(), data=st.data())
def test_offset_to_position_matches_the_encoded_prefix(
    encoding: Encoding, text: str, data: st.DataObject
) -> None:
    mapper = Mapper(text, encoding)
    offset = data.draw(st.integers(-2, len(text) + 2))
    position = mapper.offset_to_position(offset)
    assert position == encoded_position(text, offset, encoding)
    assert mapper.offset_to_line(offset) == position[0]


@pytest.mark.parametrize("encoding", ENCODINGS)
@settings(max_examples=examples(200), deadline=None)
@given(text=texts(), data=st.data())
def test_position_to_offset_matches_the_encoded_prefix(
    encoding: Encoding, text: str, data: st.DataObject
) -> None:
    # Any line (also before and past the text) and any column (also inside a character
    # and past the line's end): the longest prefix whose encoding fits.
    line = data.draw(st.integers(-1, text.count("\n") + text.count("\r") + 1))
    column = data.draw(st.integers(-1, 4 * len(text) + 2))
    assert Mapper(text, encoding).position_to_offset((line, column)) == encoded_offset(
        text, line, column, encoding
    )


@pytest.mark.parametrize("encoding", ENCODINGS)
@settings(max_examples=examples(100), deadline=None)
@given(text=texts(), data=st.data())
def test_every_offset_round_trips(encoding: Encoding, text: str, data: st.DataObject) -> None:
    offset = data.draw(st.integers(0, len(text)))
    mapper = Mapper(text, encoding)
    if offset > 0 and text[offset - 1 : offset + 1] == "\r\n":
        offset -= 1  # between CR and LF is no place of its own: it is the line's end
    assert mapper.position_to_offset(mapper.offset_to_position(offset)) == offset


@pytest.mark.parametrize(("encoding", "column"), [("utf-32", 3), ("utf-16", 4), ("utf-8", 8)])
def test_the_same_line_under_every_break(encoding: Encoding, column: int) -> None:
    # "😀漢x" before each "y", on four lines ended by LF, CRLF, lone CR and the end of the
    # text: the lines are 0..3 and the column of "y" depends only on the encoding.
    text = "😀漢xy\n😀漢xy\r\n😀漢xy\r😀漢xy"
    mapper = Mapper(text, encoding)
    found = [i for i, char in enumerate(text) if char == "y"]
    assert [mapper.offset_to_position(i) for i in found] == [(n, column) for n in range(4)]
    assert mapper.line_count == 4
    assert [mapper.position_to_offset((n, column)) for n in range(4)] == found


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_only_lsp_line_breaks_count(encoding: Encoding) -> None:
    # U+2028 and form feed are ordinary characters to LSP (unlike str.splitlines).
    text = "a\u2028b\x0cc\nd"
    mapper = Mapper(text, encoding)
    assert mapper.line_count == 2
    assert mapper.offset_to_position(text.index("d")) == (1, 0)


@pytest.mark.parametrize(("encoding", "inside"), [("utf-16", [1]), ("utf-8", [1, 2, 3])])
def test_a_column_inside_a_character_rounds_down(encoding: Encoding, inside: list[int]) -> None:
    mapper = Mapper("😀x", encoding)
    assert [mapper.position_to_offset((0, column)) for column in inside] == [0] * len(inside)
    assert mapper.position_to_offset((0, inside[-1] + 1)) == 1


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_out_of_range_clamps(encoding: Encoding) -> None:
    text = "ab\r\ncd"
    mapper = Mapper(text, encoding)
    assert mapper.position_to_offset((0, 99)) == 2  # the end of the content, not the CR
    assert mapper.position_to_offset((9, 0)) == len(text)
    assert mapper.position_to_offset((-1, 5)) == 0
    assert mapper.offset_to_position(99) == (1, 2)
    assert mapper.offset_to_position(-5) == (0, 0)
    assert mapper.offset_to_position(3) == (0, 2)  # between CR and LF


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_long_lines_cross_many_blocks(encoding: Encoding) -> None:
    # One 100k-code-point line of mixed widths: the block table must agree with encoding.
    line = ("ab😀漢é" * 20000)[:100000]
    text = "x\n" + line + "\nend"
    mapper = Mapper(text, encoding)
    for offset in (2, 3, 257, 4099, 50001, 99999, 100002):
        position = mapper.offset_to_position(offset)
        assert position == encoded_position(text, offset, encoding)
        assert mapper.position_to_offset(position) == offset
    assert mapper.position_to_offset((1, 10**9)) == 100002  # past the end of a long line


def test_offsets_to_positions_answers_each_offset_once() -> None:
    text = "漢\r\n😀 b\rc"
    mapper = Mapper(text, "utf-16")
    offsets = [7, 0, 4, 7, 3]
    assert mapper.offsets_to_positions(offsets) == {
        offset: encoded_position(text, offset, "utf-16") for offset in offsets
    }


@settings(max_examples=examples(200), deadline=None)
@given(text=texts(), data=st.data())
def test_utf8_offsets_map_back_to_code_points(text: str, data: st.DataObject) -> None:
    data_bytes = text_to_utf8(text)
    assert data_bytes == text.encode("utf-8", "surrogatepass")
    offsets = sorted(data.draw(st.lists(st.integers(0, len(text)), max_size=8)))
    utf8 = [len(text[:offset].encode("utf-8", "surrogatepass")) for offset in offsets]
    assert utf8_to_offsets(data_bytes, utf8) == offsets


@settings(max_examples=examples(200), deadline=None)
@given(text=texts(), data=st.data(), piece=st.sampled_from([1, 2, 3, 7, 1024]))
def test_utf8_offsets_through_pieces_are_the_counted_ones(
    text: str, data: st.DataObject, piece: int
) -> None:
    # Pieces of a few code points, so that surrogates, astral characters and CRLF land
    # on every side of a piece boundary; the lowered bytes keep the same layout.
    with mock.patch.object(mapper_module, "_PIECE", piece):
        data_bytes, starts = utf8_pieces(text)
        assert data_bytes == text.encode("utf-8", "surrogatepass")
        offsets = sorted(data.draw(st.lists(st.integers(0, len(text)), max_size=8)))
        utf8 = [len(text[:offset].encode("utf-8", "surrogatepass")) for offset in offsets]
        assert utf8_to_offsets(data_bytes.lower(), utf8, starts) == offsets
        assert utf8_to_offsets(data_bytes, utf8) == offsets


def test_utf8_offsets_must_be_sorted() -> None:
    with pytest.raises(ValueError, match="sorted"):
        utf8_to_offsets(b"ab", [2, 1])


def test_a_large_text_encodes_by_chunks_to_the_same_bytes() -> None:
    # Past the chunking threshold, with an emoji on each side of every chunk boundary.
    text = "😀漢" * (1 << 20) + "\ud83d end"
    assert text_to_utf8(text) == text.encode("utf-8", "surrogatepass")
