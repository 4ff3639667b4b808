"""The document store's chunked text takes every edit exactly as the plain text does.

An edit at two editor positions must leave the same text as converting those positions
on the whole text with the one mapper and splicing the ``str`` (the plain path), in
every encoding, with CR/LF pairs, emoji and lone surrogates, across chunk boundaries
(chunks made tiny here so every text has many) and over many edits in a row.
"""

from __future__ import annotations

from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from promptls.text import chunks
from promptls.text.chunks import ChunkedText
from promptls.text.mapper import Encoding, Mapper
from tests import examples
from tests.positions import ENCODINGS, PIECES, texts

POSITION = st.tuples(st.integers(-1, 12), st.integers(-1, 9))
Edit = tuple[tuple[int, int], tuple[int, int], str]
EDITS = st.lists(
    st.tuples(POSITION, POSITION, st.lists(st.sampled_from(PIECES), max_size=4).map("".join)),
    max_size=8,
)


def _plain(text: str, start: tuple[int, int], end: tuple[int, int], new: str, enc: Encoding) -> str:
    mapper = Mapper(text, enc)
    a, b = sorted((mapper.position_to_offset(start), mapper.position_to_offset(end)))
    return text[:a] + new + text[b:]


@pytest.mark.parametrize("target", [1, 3, chunks.TARGET])
@pytest.mark.parametrize("encoding", ENCODINGS)
@settings(max_examples=examples(120), deadline=None)
@given(text=texts(), edits=EDITS)
def test_edits_give_the_plain_texts(
    target: int,
    encoding: Encoding,
    text: str,
    edits: list[tuple[tuple[int, int], tuple[int, int], str]],
) -> None:
    with mock.patch.object(chunks, "TARGET", target):
        store = ChunkedText(text)
        for start, end, new in edits:
            text = _plain(text, start, end, new, encoding)
            store.replace(start, end, new, encoding)
            assert store.text == text


def test_a_keystroke_rewrites_one_chunk_of_a_large_text() -> None:
    line = "- ✅ keep the static half byte-stable 🙂 so the cache hits\n"
    text = line * 20_000  # ~1.2 MB, hundreds of chunks
    store = ChunkedText(text)
    store.replace((10_000, 5), (10_000, 5), "x", "utf-16")
    before = list(store._chunks or [])
    store.replace((10_000, 6), (10_000, 6), "y", "utf-16")
    after = store._chunks or []
    changed = [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a is not b]
    assert len(changed) == 1 and len(after[changed[0]]) < 3 * chunks.TARGET
    assert store.text == text[: 10_000 * len(line) + 5] + "xy" + text[10_000 * len(line) + 5 :]
