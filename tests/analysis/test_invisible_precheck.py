"""PL010's pre-check (``has_invisible``, which searches only the alternatives whose
first byte occurs) answers exactly as the whole byte pattern does, on texts built from
the characters that share those first bytes: CJK, kana, emoji, dashes, fillers."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from promptls.analysis.rules import pl010_invisible_chars as pl010
from promptls.text.chars import INVISIBLE_RANGES

INVISIBLE = [chr(low) for low, _, _ in INVISIBLE_RANGES] + ["\U000e0041", "\u2069"]
NEIGHBOURS = [
    "a",
    " ",
    "\n",
    "é",
    "\u00ae",
    "\u0600",
    "\u1161",
    "\u1800",
    "\u2014",
    "\u2070",
    "\u2705",
    "\u3042",
    "\u3163",
    "\u3165",
    "日",
    "한",
    "\ufe0f",
    "\ufefe",
    "\uffa1",
    "😀",
    "\U000e0100",
    "\udc80",
]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(NEIGHBOURS) | st.sampled_from(INVISIBLE), max_size=30))
def test_the_pre_check_answers_as_the_whole_pattern(chars: list[str]) -> None:
    data = "".join(chars).encode("utf-8", "surrogatepass")
    assert pl010.has_invisible(data) == (pl010._UTF8_INVISIBLE.search(data) is not None)


def test_a_cjk_text_with_one_hangul_filler_is_seen() -> None:
    text = "日本語のテキスト" * 1000 + "\u3164" + "한국어"
    assert pl010.has_invisible(text.encode())
    assert not pl010.has_invisible(text.replace("\u3164", "\u3163").encode())
