"""A near-miss marker hiding any invisible character PL010 knows is found whole and names it.

Written against the pattern mutation (docs/mutation.md, "Module-level patterns"):
``nearmiss._INVISIBLE`` and the scanner's ``_ATOM``, ``_SEPARATORS`` and ``_HAS_SHAPE`` are
built from ``text.chars.INVISIBLE_RANGES``; dropping one range from any of them went
unnoticed, and a marker with, say, a bidirectional isolate inside was then cut in two,
not seen, or reported without saying why it will not split.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from promptls.analysis.scanner import scan
from promptls.text.chars import INVISIBLE_RANGES, describe

from .conftest import MARKER

EDGES = sorted({chr(c) for low, high, _ in INVISIBLE_RANGES for c in (low, high)})


@pytest.mark.parametrize("char", EDGES, ids=[f"U+{ord(c):04X}" for c in EDGES])
def test_a_near_miss_names_every_invisible_character_inside_it(char: str) -> None:
    token = MARKER[:9] + char + MARKER[9:]
    text = f"Doctrine.\n\n{token}\n\nTurn."
    (hit,) = scan(text, [MARKER])
    assert text[hit.start : hit.end] == token
    assert f"contains invisible {describe(char)}" in hit.reason


@pytest.mark.parametrize("char", EDGES, ids=[f"U+{ord(c):04X}" for c in EDGES])
@pytest.mark.parametrize(
    "shape",
    [
        lambda c: "__ZIDANE" + c + "SYSTEM_PROMPT_BOUNDARY__",
        lambda c: c.join(("ZIDANE", "SYSTEM", "PROMPT", "BOUNDARY")),
    ],
    ids=["in-place-of-an-underscore", "the-only-separators"],
)
def test_an_invisible_character_as_a_separator_keeps_the_token_whole(
    char: str, shape: Callable[[str], str]
) -> None:
    # The scanner reads invisible characters as part of a marker-shaped word (its atom),
    # as a separator when it compares, and as the shape that makes a word marker-like.
    token = shape(char)
    text = f"Doctrine.\n\n{token}\n\nTurn."
    (hit,) = scan(text, [MARKER])
    assert text[hit.start : hit.end] == token
    assert hit.reason.startswith(f"near-miss of {MARKER}: contains invisible {describe(char)}")


@pytest.mark.parametrize(
    ("token", "marker"),
    [
        ("__ZIDANE_SYSTEM_PROMPT_B0UNDARY__", MARKER),
        ("__BREAK_2025__", "__BREAK_2026__"),
        ("__BREAK_V3__", "__BREAK_V2__"),
    ],
    ids=["a-zero-for-an-o", "another-year", "another-version"],
)
def test_a_digit_typed_for_a_letter_or_another_digit_keeps_the_marker_shape(
    token: str, marker: str
) -> None:
    # Letters and digits alike are the marker's words; only underscores and hyphens are
    # its shape, so the reason says nothing about them when they are as in the marker.
    text = f"Doctrine.\n\n{token}\n\nTurn."
    (hit,) = scan(text, [marker])
    assert text[hit.start : hit.end] == token
    assert hit.reason == f"near-miss of {marker}: is 1 edit away from it — it will not split"
