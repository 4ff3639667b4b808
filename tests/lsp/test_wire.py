"""Wire sizes measured without building the halves equal those of the built halves.

``wire_of`` derives the static half, dynamic half and marker-free text from marker
positions and byte counts; hover, lens and symbols show its numbers, so they must be
exactly what splitting and rendering the text (``full_parts``) and measuring gives.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from promptls.lsp.wire import HEAD_CHARS, full_parts, size_of, wire_of
from promptls.prompt import SYSTEM_PROMPT_BOUNDARY
from tests import examples

CUSTOM = "<!-- split -->"
PIECES = st.sampled_from(
    [
        SYSTEM_PROMPT_BOUNDARY,
        CUSTOM,
        "\n\n",
        "\n",
        "word ",
        "é",
        "日本",
        "🙂",
        "\u2e7f",  # the last character counted as "other"
        "\u2e80",  # the first wide one (0xE2 0xBA 0x80 in UTF-8)
        "\u2fff",
        "\u3000",
        "\ud800",  # a lone surrogate, as editors sometimes send
        "\u200b",
        "x" * (HEAD_CHARS // 2 + 7),
    ]
)
TEXTS = st.lists(PIECES, max_size=14).map("".join)


def _check(text: str, marker: str) -> None:
    """Every shown number and head equals the one from the built texts."""
    measured = wire_of(text, marker)
    for part, built in zip(
        (measured.static, measured.dynamic, measured.wire), full_parts(text, marker), strict=True
    ):
        assert part.size == size_of(built)
        assert part.length == len(built)
        assert part.head == built[:HEAD_CHARS]


@settings(max_examples=examples(400), deadline=None)
@given(text=TEXTS)
def test_sizes_equal_those_of_the_built_halves(text: str) -> None:
    _check(text, SYSTEM_PROMPT_BOUNDARY)


@settings(max_examples=examples(200), deadline=None)
@given(text=TEXTS)
def test_a_custom_marker_splits_the_same_way(text: str) -> None:
    _check(text, CUSTOM)


def test_a_large_prompt_with_several_markers() -> None:
    # Non-ASCII throughout, marker-heavy dynamic half, blank lines of every length.
    block = "Über 日本語 🙂 text\n\n"
    text = (
        block * 5000
        + SYSTEM_PROMPT_BOUNDARY
        + "\n\n\n"
        + (block + SYSTEM_PROMPT_BOUNDARY) * 300
        + "\n\ntail"
    )
    _check(text, SYSTEM_PROMPT_BOUNDARY)
