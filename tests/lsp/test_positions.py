"""The LSP face of the mapper: lsprotocol ranges, the negotiated encoding, didChange edits.

The arithmetic itself is tested in ``tests/text``; here the client's types must carry the
same answers as an independent reference, and incremental changes must keep the text
and the positions right.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from lsprotocol import types

from promptls.lsp.documents import Documents
from promptls.lsp.positions import ClientMapper, encoding_name
from tests import examples
from tests.lsp.client import apply_edits, offset_of, span
from tests.positions import ENCODINGS, PIECES, texts


@pytest.mark.parametrize("encoding", ENCODINGS)
@settings(max_examples=examples(100), deadline=None)
@given(text=texts(), data=st.data())
def test_ranges_and_positions_match_the_reference(
    encoding: str, text: str, data: st.DataObject
) -> None:
    index = ClientMapper(text, encoding)
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    # Between CR and LF is the line's end, not a place of its own: tests/text covers it.
    assume(all(text[o - 1 : o + 1] != "\r\n" for o in (start, end) if o))
    rng = index.span_to_range(start, end)
    assert rng == span(text, start, end, encoding)
    assert index.positions([end, start]) == {start: rng.start, end: rng.end}
    assert index.range_to_span(rng) == (start, end)
    backwards = types.Range(start=rng.end, end=rng.start)
    assert index.range_to_span(backwards) == (start, end)
    assert index.position_to_offset(rng.end) == offset_of(text, rng.end, encoding)


@pytest.mark.parametrize(
    ("offered", "chosen"),
    [
        (types.PositionEncodingKind.Utf8, "utf-8"),
        (types.PositionEncodingKind.Utf32, "utf-32"),
        (types.PositionEncodingKind.Utf16, "utf-16"),
        ("utf-32", "utf-32"),
        (None, "utf-16"),
        ("latin-1", "utf-16"),
    ],
)
def test_encoding_name_falls_back_to_utf16(offered: object, chosen: str) -> None:
    assert encoding_name(offered) == chosen
    assert ClientMapper("😀", offered).encoding == chosen


def _store(text: str, encoding: str) -> Documents:
    """The server's document store holding ``text``, its analyses never scheduled."""
    docs = Documents(lambda doc, text: None, lambda doc, snapshot: None, encoding)  # type: ignore[arg-type, return-value]
    docs.schedule = lambda doc, delay: None  # type: ignore[method-assign]
    docs.open(URI, None, 1, text, "markdown")
    return docs


URI = "file:///work/AGENTS.md"


@pytest.mark.parametrize("encoding", ENCODINGS)
@settings(max_examples=examples(100), deadline=None)
@given(text=texts(), typed=st.lists(st.sampled_from(PIECES), max_size=12))
def test_typing_into_the_document_store(encoding: str, text: str, typed: list[str]) -> None:
    """A burst of keystrokes at the end of the first line, as a client sends them."""
    docs = _store(text, encoding)
    doc = docs.get(URI)
    assert doc is not None
    for version, char in enumerate(typed, start=2):
        index = ClientMapper(doc.text, encoding)
        end_of_line = index.span_to_range(index.line_ends[0], index.line_ends[0]).start
        edit = types.TextEdit(range=types.Range(start=end_of_line, end=end_of_line), new_text=char)
        expected = apply_edits(doc.text, [edit], encoding)
        docs.change(URI, version, [types.TextDocumentContentChangePartial(edit.range, char)])
        assert (doc.text, doc.version) == (expected, version)
        assert doc.index(encoding).line_starts == ClientMapper(expected, encoding).line_starts


def test_a_change_without_range_replaces_the_text() -> None:
    docs = _store("old\ntext", "utf-8")
    docs.change(URI, 2, [types.TextDocumentContentChangeWholeDocument("new 😀")])
    doc = docs.get(URI)
    assert doc is not None and doc.text == "new 😀"
    index = doc.index("utf-8")
    assert (index.encoding, index.line_count) == ("utf-8", 1)
    assert index.span_to_range(4, 5).end == types.Position(line=0, character=8)
