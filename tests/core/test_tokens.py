"""The token estimate: monotone, zero only for nothing, and script-aware."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from promptls.tokens import estimate_tokens


def test_empty_text_is_zero_tokens_and_any_text_at_least_one() -> None:
    assert estimate_tokens("") == 0
    assert estimate_tokens("a") == 1


def test_english_is_about_four_characters_per_token() -> None:
    text = "The quick brown fox jumps over the lazy dog. " * 100
    assert 0.2 < estimate_tokens(text) / len(text) < 0.3


def test_cjk_counts_more_tokens_per_character_than_ascii() -> None:
    assert estimate_tokens("漢字" * 100) > 2 * estimate_tokens("ab" * 100)


@given(st.text(), st.text())
def test_adding_text_never_lowers_the_estimate(a: str, b: str) -> None:
    assert estimate_tokens(a + b) >= max(estimate_tokens(a), estimate_tokens(b))
