"""The scanner finds a near-miss whole however its parts are joined, and only then.

Written against the pattern mutation of ``scanner.py`` (docs/mutation.md, "Module-level
patterns"): the scanner reads an atom to the right of an anchor word with ``_ATOM``, joins
atoms with ``_JOIN``, and picks the configured markers it can match loosely with
``_WORDS`` and ``_IDENTIFIER``. Each test below is a token a user writes and the exact
span and reason they see (or that they see nothing).
"""

from __future__ import annotations

import pytest

from promptls.analysis.model import MarkerKind
from promptls.analysis.scanner import scan
from promptls.text.chars import INVISIBLE_RANGES, describe

from .conftest import MARKER


def spelled(blanks: str) -> str:
    """A test id for a run of blanks: ``sp-sp-lf``."""
    return "-".join({" ": "sp", "\t": "tab", "\n": "lf", "\r": "cr"}[c] for c in blanks)


EDGES = sorted({chr(c) for low, high, _ in INVISIBLE_RANGES for c in (low, high)})


def near_misses(token: str, marker: str = MARKER) -> list[tuple[str, str]]:
    """The near-misses found in a paragraph of their own: (underlined text, reason)."""
    text = f"Doctrine.\n\n{token}\n\nTurn."
    hits = scan(text, [marker])
    return [(text[h.start : h.end], h.reason) for h in hits if h.kind is MarkerKind.NEAR_MISS]


def said(why: str, marker: str = MARKER) -> str:
    """The reason a user reads for a near-miss."""
    return f"near-miss of {marker}: {why} — it will not split"


@pytest.mark.parametrize("char", EDGES, ids=[f"U+{ord(c):04X}" for c in EDGES])
def test_an_invisible_character_after_the_last_word_stays_inside_the_near_miss(char: str) -> None:
    # No marker word follows the character, so only the atom read rightwards from the
    # last word can take it in: the near-miss is the whole token and names the character.
    token = MARKER[:-2] + char + "__"
    assert near_misses(token) == [(token, said(f"contains invisible {describe(char)}"))]


def test_a_digit_after_the_last_word_stays_inside_the_near_miss() -> None:
    token = "__ZIDANE_SYSTEM_PROMPT_BOUNDARY2__"
    assert near_misses(token) == [(token, said("is 1 edit away from it"))]


LINE_BREAKS = ["\n", "\r\n", "\r", " \n", "  \n", "\t\n", "\n ", "\n\t", "  \r\n  ", "\t\r"]
SPACES = [" ", "\t", " \t", "\t  "]
SPACED = "has spaces where the marker has underscores"
GAPS = ["\n\n", "\r\n\r\n", "\r\r", "\n \n", "\n\t\n", "  \n\n"]


@pytest.mark.parametrize("join", LINE_BREAKS + SPACES, ids=spelled)
@pytest.mark.parametrize(
    "shape",
    ["__ZIDANE_SYSTEM_PROMPT{}BOUNDRY__", "__ZIDAN{}SYSTEM_PROMPT_BOUNDARY__"],
    ids=["typo-after-the-join", "typo-before-the-join"],
)
def test_a_near_miss_wrapped_or_spaced_is_found_whole_whichever_side_holds_the_typo(
    shape: str, join: str
) -> None:
    # The misspelt word is no anchor, so the scanner reaches it from the other words,
    # walking right over the join or left over it; both walks accept the same joins:
    # spaces or tabs, with at most one line break and blanks on either side of it
    # (Markdown's hard break is two spaces before the line break).
    token = shape.format(join)
    how = "is broken across lines" if join.strip(" \t") else SPACED
    assert near_misses(token) == [(token, said(f"{how}; is 1 edit away from it"))]


@pytest.mark.parametrize("gap", GAPS, ids=spelled)
@pytest.mark.parametrize(
    "shape",
    [
        "__ZIDANE_SYSTEM_PROMPT{}BOUNDARY__",
        "__ZIDANE_SYSTEM_PROMPT{}BOUNDRY__",
        "__ZIDAN{}SYSTEM_PROMPT_BOUNDARY__",
    ],
    ids=["words-both-sides", "typo-after-the-gap", "typo-before-the-gap"],
)
def test_a_blank_line_between_the_parts_makes_two_paragraphs_no_near_miss(
    shape: str, gap: str
) -> None:
    assert near_misses(shape.format(gap)) == []


def test_a_custom_marker_whose_words_are_short_is_matched_exactly_only() -> None:
    # A near-miss needs a word of four or more letters or digits to anchor on.
    assert near_misses("__END_", marker="__END__") == []


def test_a_custom_marker_with_a_four_letter_word_gets_near_misses() -> None:
    why = said("has different underscores or hyphens", "__STOP__")
    assert near_misses("__STOP_", marker="__STOP__") == [("__STOP_", why)]


def test_a_dated_custom_marker_is_found_by_its_number_when_its_word_is_misspelt() -> None:
    why = said("is 1 edit away from it", "__BREAK_2026__")
    assert near_misses("__BREK_2026__", marker="__BREAK_2026__") == [("__BREK_2026__", why)]
