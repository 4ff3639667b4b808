"""``Leads`` gives exactly the alternation's answers, one alternative at a time.

The fast path (one search per alternative, each from its literal lead) is compared with
the plain one (the whole alternation compiled as one pattern) on generated texts, for
every pattern the rules search this way and for patterns whose alternatives overlap,
share a lead or hold a ``|`` inside a group or class.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from promptls.analysis.rules import pl033_committed_secret as pl033
from promptls.text.leads import Leads, split_alternatives
from promptls.text.markdown import blocks
from tests import examples

OVERLAPPING = (
    r"ab|abc|b",  # the first alternative wins at a position even when a later is longer
    r"a(?:b|c)|[|b]c|\|x",  # ``|`` in a group, a class and escaped
    r"a+|(?<=a)b|b(?=a)",  # look-arounds see the text before and after the search window
    r"[]a]b|[^]a]a",  # a leading ``]`` is a literal inside a class
)
ALPHABET = "abc|x`~ \n"


def _plain(pattern: str, text: str, pos: int, endpos: int) -> list[tuple[int, int]]:
    return [m.span() for m in re.compile(pattern).finditer(text, pos, endpos)]


def _fast(pattern: str, text: str, pos: int, endpos: int) -> list[tuple[int, int]]:
    return [m.span() for _, m in Leads(pattern).finditer(text, pos, endpos)]


def test_split_keeps_groups_classes_and_escapes_whole() -> None:
    assert split_alternatives(r"a(?:b|c)|[|b]c|\|x") == ("a(?:b|c)", "[|b]c", r"\|x")
    assert split_alternatives(r"[]|]|[^]|]x") == ("[]|]", "[^]|]x")
    assert split_alternatives(rb"\xe2|a") == (rb"\xe2", b"a")
    assert split_alternatives("single") == ("single",)


@pytest.mark.parametrize("pattern", [*OVERLAPPING, blocks._RUN.pattern])
@settings(max_examples=examples(150), deadline=None)
@given(
    text=st.text(ALPHABET, max_size=60), window=st.tuples(st.integers(0, 70), st.integers(0, 70))
)
@example(text="abc aab ba |x ]b ````` ~~~", window=(0, 70))
def test_finditer_is_the_alternations(pattern: str, text: str, window: tuple[int, int]) -> None:
    pos, endpos = min(window), max(window)
    assert _fast(pattern, text, pos, endpos) == _plain(pattern, text, pos, endpos)


@pytest.mark.parametrize("pattern", OVERLAPPING)
@settings(max_examples=examples(150), deadline=None)
@given(text=st.text(ALPHABET, max_size=60))
@example(text="x abc")
def test_search_is_the_alternations(pattern: str, text: str) -> None:
    found = Leads(pattern).search(text)
    plain = re.search(pattern, text)
    assert (found and found[1].span()) == (plain and plain.span())


def test_the_alternative_that_matched_is_named() -> None:
    assert [(i, m.group()) for i, m in Leads(r"```|~~~").finditer("~~~ ``` ~~~")] == [
        (1, "~~~"),
        (0, "```"),
        (1, "~~~"),
    ]


def test_an_alternative_matching_empty_text_is_refused() -> None:
    with pytest.raises(ValueError, match="empty"):
        list(Leads(r"a|b?").finditer("xyz"))


SECRET_TEXT = st.lists(
    st.sampled_from(["sk-", "xoxb-", "-----BEGIN ", "ghp_", "github_pat_", "rk_live_", "AKIA"])
    | st.sampled_from(["AIza", "ASIA", "A", "_", "-", "x", " ", "é", "\n", "k"]),
    max_size=12,
).map("".join)


@settings(max_examples=examples(300), deadline=None)
@given(text=SECRET_TEXT)
def test_the_secret_gate_answers_as_its_alternation(text: str) -> None:
    plain = re.compile(pl033._GATE.pattern).search(text) is not None
    assert (pl033._GATE.search(text) is not None) == plain
