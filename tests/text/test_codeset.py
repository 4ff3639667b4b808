"""The C speedup's scans give the pure-Python answers: ``CodeSet.first`` (the code points
read in place) the regex class's, for every storage width, range and bound, and
``ascii_view`` one byte per code point; the analysis that uses them (the invisible-
character check, PL010, PL033's gate) reports the same findings with the C speedup as
without it; and the project's own install has the speedup built."""

from __future__ import annotations

import os
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from promptls.analysis import analyze
from promptls.text import codeset
from promptls.text.chars import INVISIBLE_RANGES
from promptls.text.codeset import CodeSet, ascii_view, ascii_view_pure
from promptls.text.invisible import INVISIBLE
from tests import examples

MEMBERS = [chr(low) for low, _, _ in INVISIBLE_RANGES] + [
    chr(high) for _, high, _ in INVISIBLE_RANGES
]
NEIGHBOURS = [
    "a",
    "\n",
    "é",
    "\u00ac",
    "\u00ae",
    "\u2014",
    "\u2070",
    "\u2705",
    "日",
    "\ufe0f",
    "\ufffd",
    "😀",
    "\U000dffff",
    "\U000e0080",
    "\U0010ffff",
    "\udc80",
]


def test_the_c_speedup_is_built_in_the_project_venv() -> None:
    """``scripts/test`` installs the checkout, which builds ``_speedups.c``: a build that
    silently fell back to pure Python would leave every other test here comparing the
    pure path with itself."""
    if os.environ.get("PROMPTLS_PURE"):
        pytest.skip("PROMPTLS_PURE: the install was asked not to build it")
    assert codeset.NATIVE


ranges = st.lists(
    st.tuples(st.integers(0, sys.maxunicode), st.integers(0, 300)).map(
        lambda r: (r[0], min(r[0] + r[1], sys.maxunicode))
    ),
    max_size=4,
)
texts = st.text(
    alphabet=st.characters(min_codepoint=0, max_codepoint=sys.maxunicode)
    | st.sampled_from(MEMBERS + NEIGHBOURS),
    max_size=80,
)
bounds = st.integers(-5, 90)


@settings(max_examples=examples(800), deadline=None)
@given(ranges, texts, bounds, bounds)
def test_first_finds_what_the_regex_class_finds(
    spans: list[tuple[int, int]], text: str, start: int, end: int
) -> None:
    """Any ranges, any text (1, 2 or 4 bytes a character, members in the first and the
    last stride), any bounds, negative ones clipped to 0 as the scan does."""
    chosen = CodeSet(spans)
    assert chosen.first(text, start, end) == chosen.first_pure(text, start, end)
    assert chosen.first(text) == chosen.first_pure(text)


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.sampled_from(MEMBERS + NEIGHBOURS), max_size=200))
def test_offsets_are_every_invisible_character_in_order(chars: list[str]) -> None:
    text = "".join(chars)
    expected = [i for i, ch in enumerate(text) if INVISIBLE.pattern.fullmatch(ch)]
    assert list(INVISIBLE.offsets(text)) == expected


def test_a_member_past_many_strides_is_found_in_each_storage_width() -> None:
    for filler in ("a", "é", "日", "😀"):
        for at in (0, 15, 16, 17, 1000, 4095):
            text = filler * at + "\u200b" + filler * 40
            assert INVISIBLE.first(text) == at
            assert INVISIBLE.first(text, at + 1) == -1
            assert INVISIBLE.first(text, 0, at) == -1


def test_an_empty_set_finds_nothing() -> None:
    assert CodeSet([]).first("a\u200b😀") == -1
    assert CodeSet([]).first_pure("a\u200b😀") == -1


@pytest.mark.parametrize("spans", [[(5, 4)], [(-1, 3)], [(0, sys.maxunicode + 1)]])
def test_ranges_out_of_order_or_range_are_refused(spans: list[tuple[int, int]]) -> None:
    with pytest.raises(ValueError):
        CodeSet(spans)


@pytest.mark.skipif(not codeset.NATIVE, reason="the C speedup is not built")
def test_the_scan_refuses_wrong_arguments_instead_of_reading_past_its_tables() -> None:
    from promptls.text._speedups import ascii_bytes, first_of

    blocks, bits = INVISIBLE.tables
    with pytest.raises(ValueError):
        first_of("a", blocks[:-1], bits, 0, 1)  # a block table that does not cover Unicode
    with pytest.raises(ValueError):
        first_of("a", blocks, bits * 10, 0, 1)  # more bits than code points
    with pytest.raises(TypeError):
        first_of(b"a", blocks, bits, 0, 1)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        first_of("a", blocks, bits, 0)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        ascii_bytes(b"a")  # type: ignore[arg-type]
    assert first_of("a\u200b", blocks, bits, 5, -3) == -1


@settings(max_examples=examples(500), deadline=None)
@given(texts)
def test_the_ascii_view_has_one_byte_per_code_point(text: str) -> None:
    """ASCII as itself, anything else (surrogates, U+10FFFF) one byte no ASCII pattern
    matches."""
    if codeset.NATIVE:
        assert ascii_view(text) == ascii_view_pure(text)
    view = ascii_view_pure(text)
    assert len(view) == len(text)
    assert all(
        (b == ord(ch)) if ch.isascii() else (b == codeset.NON_ASCII)
        for b, ch in zip(view, text, strict=True)
    )


PIECES = [
    *MEMBERS,
    "😀",
    "✅ ",
    "日本",
    " ",
    "\n",
    "\n\n",
    "word",
    "__ZIDANE_SYSTEM_PROMPT_BOUNDARY__",
    "__ZIDANE_SYSTEM\u200b_PROMPT_BOUNDARY__",
    "AKIA" + "Z" * 16,
    "sk-" + "a1" * 12,
    "-----BEGIN ",
    "```\n",
    "2026-01-02",
    "<!-- promptls-disable PL010 -->",
    "ghp_" + "x" * 36,
    "é_",
    "\u200bsk-" + "b2" * 12,
]


@settings(max_examples=examples(300), deadline=None)
@given(
    st.lists(st.sampled_from(PIECES), max_size=40),
    st.sampled_from(["agent.prompt.md", "AGENTS.md"]),
)
def test_the_analysis_reports_the_same_without_the_c_speedup(pieces: list[str], path: str) -> None:
    """The invisible-character check, PL010's runs and PL033's gate take the C scan or
    the UTF-8 bytes; both give the same markers and findings."""
    text = "".join(pieces)

    def report() -> list[tuple[object, ...]]:
        result = analyze(text, path=path)
        markers = [(m.start, m.end, m.kind) for m in result.markers]
        found = [(f.code, f.start, f.end, f.message, f.fix) for f in result.findings]
        return [*markers, *found]

    with_speedup = report()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(codeset, "NATIVE", False)
        patch.setattr(codeset, "_first_of", None)
        patch.setattr(codeset, "_ascii_bytes", None)
        assert report() == with_speedup
