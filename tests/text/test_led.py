"""``Led`` finds exactly what its pattern finds, from one character of its literal lead.

The fast paths (``find`` of the lead's rarest character, then a match there, while that
character stays rare; then ``find`` of a long lead while that stays rare) are compared
with the plain one (the pattern's own ``search`` and ``finditer``) on generated texts,
with the credit that decides each fallback set so the regex engine takes over at once,
after a few misses, or never.
"""

from __future__ import annotations

import re
from typing import AnyStr

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from promptls.analysis import exact_markers
from promptls.text import leads
from promptls.text.leads import Led, literal_lead
from tests import examples

LED = (
    r"\r(?!\n)",  # the markdown scanner's lone carriage return
    r"ab(?<=xab)c",  # a look-behind that reaches before the lead
    r"a(?:b|c)+",
    r"(?<=b)a[bc]?",  # the look-behind sees the text before ``pos``
    r"ba|b",
    r"cxb+",  # found from ``x``, its rarest character, one after the start
    r"(?:(?<=\s)|^)@((?:[^\s\\`]|\\ )+)",  # Claude's import token: led by ``@``
    r"(?<![^ \t\r\n])@([^ \t\r\n]*)",  # gemini's
    r"abca(?:b|c)",  # a lead of four: found whole once its rarest character is frequent
    r"(?<=x)bcab+",  # the same after a look-behind, overlapping occurrences
    r"xabcab(?=c)",  # a lead of six, found whole once its rarest character proves frequent
    r"b@a",  # found from ``@``, the middle of its lead
)
LED_ALPHABET = "abcx@\\` \r\n"


@pytest.mark.parametrize("pattern", LED)
@pytest.mark.parametrize("credit", [-1, 0, 1_000_000])  # the regex engine at once, soon, never
@settings(max_examples=examples(150), deadline=None)
@given(
    text=st.text(LED_ALPHABET, max_size=60),
    window=st.tuples(st.integers(-70, 70), st.integers(-70, 70)),
)
@example(text="xabc abc bab\r \r\n", window=(0, 70))
@example(text="abcabcabcab xbcabcabb abcac", window=(1, 70))
def test_led_finds_what_the_pattern_finds(
    pattern: str, credit: int, text: str, window: tuple[int, int]
) -> None:
    pos, endpos = window  # negative and past-the-end windows included: ``re`` clamps them
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(leads, "CREDIT", credit)
        assert _led_answers(re.compile(pattern), text, pos, endpos) == _plain_answers(
            re.compile(pattern), text, pos, endpos
        )
        data = text.encode()
        assert _led_answers(re.compile(pattern.encode()), data, pos, endpos) == _plain_answers(
            re.compile(pattern.encode()), data, pos, endpos
        )


@pytest.mark.parametrize("pattern", LED)
@pytest.mark.parametrize("credit", [-1, 0, 1_000_000])  # give up at once, soon, never
@settings(max_examples=examples(150), deadline=None)
@given(text=st.text(LED_ALPHABET, max_size=60))
@example(text="abcabcabcab xbcabcabb abcac")
def test_the_find_tiers_answer_as_the_pattern_or_give_up(
    pattern: str, credit: int, text: str
) -> None:
    """``found_by_find`` is the pattern's answer or None (never a wrong answer), and
    None only where the tiers ran out of credit: never when they have all they want."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(leads, "CREDIT", credit)
        for compiled, haystack in (
            (re.compile(pattern), text),
            (re.compile(pattern.encode()), text.encode()),
        ):
            answer = Led(compiled).found_by_find(haystack)  # type: ignore[arg-type]
            if answer is None:
                assert credit < 1_000_000
            else:
                assert answer == (compiled.search(haystack) is not None)  # type: ignore[arg-type]


Answers = tuple[tuple[int, int] | None, list[tuple[int, int]]]


def _led_answers(pattern: re.Pattern[AnyStr], text: AnyStr, pos: int, endpos: int) -> Answers:
    led = Led(pattern)
    found = led.search(text, pos, endpos)
    return (found and found.span()), [m.span() for m in led.finditer(text, pos, endpos)]


def _plain_answers(pattern: re.Pattern[AnyStr], text: AnyStr, pos: int, endpos: int) -> Answers:
    found = pattern.search(text, pos, endpos)
    return (found and found.span()), [m.span() for m in pattern.finditer(text, pos, endpos)]


def test_the_lead_is_the_literal_every_match_starts_with() -> None:
    assert literal_lead(re.compile(r"\{\{x+")) == "{{"
    assert literal_lead(re.compile(rb"\xe2\x80[\x8b-\x8f]")) == b"\xe2\x80"
    assert literal_lead(re.compile(r"ab*")) == "a"  # ``b`` may be absent
    assert literal_lead(re.compile(r"a*b")) is None
    assert literal_lead(re.compile(r"(?i)ab")) is None  # ``A`` matches too
    assert literal_lead(re.compile(r"[ab]c")) is None
    assert literal_lead(re.compile(r"(?:(?<=\s)|^)@x")) == "@x"  # look-arounds match no text
    assert literal_lead(re.compile(r"(?<!a)(?=@)@x")) == "@x"
    assert literal_lead(re.compile(r"(?:(?<=\s)|a)@")) is None  # ``a`` is text


@settings(max_examples=examples(300), deadline=None)
@given(
    text=st.text("_BOUNDARY x\n🙂", max_size=80),
    marker=st.sampled_from(["_BOUNDARY__", "__B__", "<!-- split -->", "_"]),
    start=st.integers(0, 90),
)
@example(text="_BOUNDARY__BOUNDARY__", marker="_BOUNDARY__", start=1)  # overlapping
def test_a_marker_is_found_where_str_find_finds_it(text: str, marker: str, start: int) -> None:
    assert exact_markers._find(text, marker, start) == text.find(marker, start)
