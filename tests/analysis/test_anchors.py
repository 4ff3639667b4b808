"""The shaped anchor search (from ``-`` and ``_`` beside letters and digits) and the
plain one (every marker word in a lowered copy) make the scanner report the same
markers, on generated texts full of marker words, separators, long atoms, non-ASCII
and invisible characters; and the shaped one only ever returns anchors of the plain one.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from promptls.analysis import anchors
from promptls.analysis.scanner import _atom_at, _kit, _targets, scan
from promptls.text.mapper import text_to_utf8, utf8_pieces
from tests import MARKER, examples

PIECES = [
    "zidane",
    "ZIDANE",
    "System",
    "SYSTEM",
    "prompt",
    "PROMPT",
    "boundary",
    "BOUNDRY",
    "cache",
    "split",
    "here",
    "_",
    "__",
    "-",
    "--",
    " ",
    "\n",
    "\t",
    "a",
    "x9",
    "é",
    "日本",
    "😀",
    "\u200b",
    "\u2060",
    "K",  # Kelvin sign: upper case of ``k`` outside ASCII
    "a" * 150,
    "_" * 170,
    MARKER,
]
MARKER_SETS = [[MARKER], [MARKER, "__CACHE_SPLIT_HERE__"], ["<!-- split -->"], ["PROMPT-AAAA"]]


def _plain(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every anchor search takes the plain path."""
    monkeypatch.setattr(anchors, "shaped_positions", lambda text, words, dash_spots=None: None)


@pytest.mark.parametrize("markers", MARKER_SETS, ids=["default", "two", "html", "short"])
@settings(max_examples=examples(400), deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=40))
@example(["a", "-", "PROMPT", "_", "BOUNDARY", "__"])
@example(["__", "ZIDANE", "_", "SYSTEM", " ", "PROMPT", "_", "BOUNDARY", "__"])
@example(["_" * 170, "ZIDANE", "_", "SYSTEM", "_", "PROMPT", "_", "BOUNDARY", "__"])
def test_both_searches_report_the_same_markers(markers: list[str], pieces: list[str]) -> None:
    text = "".join(pieces)
    shaped = scan(text, markers)
    with pytest.MonkeyPatch.context() as patch:
        _plain(patch)
        assert scan(text, markers) == shaped


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(st.sampled_from([p for p in PIECES if p not in ("\u200b", "\u2060")]), max_size=40))
def test_shaped_anchors_are_plain_anchors_and_cover_every_marker_shaped_atom(
    pieces: list[str],
) -> None:
    text = "".join(pieces)
    _, words, _, _ = _targets((MARKER,))
    shaped = anchors.shaped_positions(text, words)
    plain = anchors.plain_positions(text, words, None, None)
    assert shaped is not None
    assert set(shaped) <= set(plain)
    assert {p for p in plain if _atom_at(text, p, _kit(True)) is not None} <= set(shaped)


def test_dense_spots_fall_back_to_the_plain_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """A text of many ``prompt-x`` flags has a spot every few characters: the shaped
    search gives up and the near-miss among them is found all the same."""
    text = "prompt-x " * 2000 + "__ZIDANE_SYSTEM_PROMPT_BOUNDRY__\n"
    _, words, _, _ = _targets((MARKER,))
    assert anchors.shaped_positions(text, words) is None
    (hit,) = scan(text, [MARKER])
    assert text[hit.start : hit.end] == "__ZIDANE_SYSTEM_PROMPT_BOUNDRY__"


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=40))
@example(["日本", "😀", "-", "PROMPT", "_", "\u200b", "BOUNDARY"])
def test_plain_search_maps_bytes_the_same_with_or_without_piece_starts(
    pieces: list[str],
) -> None:
    """The analysis hands the scanner the document's bytes and their piece starts only
    when it holds an invisible character; without the starts, byte offsets are counted."""
    text = "".join(pieces)
    _, words, _, _ = _targets((MARKER,))
    data, starts = utf8_pieces(text)
    expected = anchors.plain_positions(text, words, data, starts)
    assert anchors.plain_positions(text, words, text_to_utf8(text), None) == expected
    assert anchors.plain_positions(text, words, None, None) == expected


VISIBLE = [p for p in PIECES if p not in ("\u200b", "\u2060")]


@pytest.mark.parametrize("markers", MARKER_SETS, ids=["default", "two", "html", "short"])
@settings(max_examples=examples(400), deadline=None)
@given(st.lists(st.sampled_from(VISIBLE), max_size=40))
@example(["_" * 170, "ZIDANE", "_", "SYSTEM", "_", "PROMPT", "_", "BOUNDRY", "__"])
@example(["é", "-", "PROMPT", "_", "BOUNDARY", "__", "\n", "prompt", "--"])
@example(["x9", "-", "ZIDANE", "_", "SYSTEM", "_", "PROMPT", "_", "BOUNDRY", "__"])  # x9- inside
@example(["__", "ZIDANE", "_", "SYSTEM", "_", "PROMPT", "-", "BOUNDRY", "__"])  # -B inside
@example(["ZIDANE", "-", "SYSTEM", "-", "PROMPT", "-", "BOUNDRY"])  # shaped by - alone
def test_a_text_without_invisible_characters_scans_alike_on_either_path(
    markers: list[str], pieces: list[str]
) -> None:
    """Told the text has no invisible character, the scanner takes the shaped anchors and
    reads atoms with the ASCII kit (``scanner._kit``); told it may, the plain search and
    the kit with the invisible ranges: the same markers either way."""
    text = "".join(pieces)
    assert scan(text, markers, invisible=False) == scan(text, markers, invisible=True)


def _any_case(char: str, words: tuple[str, ...]) -> str:
    """``anchors.spot_condition`` with each word case-insensitive as a whole: what the
    condition's literal-led alternatives stand for."""
    either = "|".join(re.escape(word) for word in words)
    return (
        rf"(?=[A-Za-z0-9]{{{anchors.SHORTEST}}})(?=[A-Za-z0-9]*?(?i:{either}))"
        rf"|(?<=[A-Za-z0-9]{{{anchors.SHORTEST}}}{char})"
    )


CASED = ["pROMPT", "Prompt", "prompT", "ZIDANE", "zIdAnE", "bOUNDARY", "x1PROMPT", "2abc"]


@pytest.mark.parametrize("words", [("boundary", "prompt", "system", "zidane"), ("2abc", "abcd")])
@settings(max_examples=examples(400), deadline=None)
@given(st.lists(st.sampled_from(PIECES + CASED), max_size=30))
@example(["-", "pROMPT"])
@example(["x", "_", "x1PROMPT"])
def test_a_spot_is_where_any_case_of_a_word_is(words: tuple[str, ...], pieces: list[str]) -> None:
    """The spots' condition finds a word in any ASCII case, whichever letter of it is
    upper case, and nothing else: what one case-insensitive alternation finds."""
    text = "".join(pieces)
    for char in (r"\-", "_"):
        ours = re.compile(rf"{char}(?:{anchors.spot_condition(char, words)})", re.ASCII)
        plain = re.compile(rf"{char}(?:{_any_case(char, words)})", re.ASCII)
        assert [m.start() for m in ours.finditer(text)] == [m.start() for m in plain.finditer(text)]
