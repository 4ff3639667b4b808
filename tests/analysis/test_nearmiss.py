"""How far a near-miss is from its marker, the reason a user reads for it, and the
invisible characters it names.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

import pytest

from promptls.analysis.model import MarkerKind
from promptls.analysis.nearmiss import edit_distance, reason
from promptls.analysis.scanner import scan
from promptls.text.chars import INVISIBLE_RANGES, describe
from tests.analysis.conftest import MARKER

# How far a near-miss is from its marker and the reason a user reads for it.
#
# Written against mutation testing (docs/mutation.md): the distance a PL002 message
# states is the true Levenshtein distance, up to the limit; the edit-distance budget
# (docs/rules.md, criterion 4) is met exactly at its boundary; and each part of the
# reason sentence appears exactly when its cause does.


TAIL = " — it will not split"


def _levenshtein(a: str, b: str) -> int:
    """The textbook full-table distance, as the oracle."""
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
    return row[-1]


def test_edit_distance_is_levenshtein_capped_at_limit_plus_one() -> None:
    rng = random.Random(11)
    pairs = [("", ""), ("", "AB"), ("ABC", ""), ("A", "A"), ("AB", "BA")]
    pairs += [
        (
            "".join(rng.choice("AB") for _ in range(rng.randint(0, 7))),
            "".join(rng.choice("AB") for _ in range(rng.randint(0, 7))),
        )
        for _ in range(400)
    ]
    for (a, b), limit in itertools.product(pairs, range(4)):
        assert edit_distance(a, b, limit) == min(_levenshtein(a, b), limit + 1), (a, b, limit)


@pytest.mark.parametrize(
    ("a", "b", "limit", "expected"),
    [
        ("ZIDANESYSTEMPROMPTBOUNDARY", "ZIDANESYSTEMPROMPTBOUNDARY", 0, 0),
        ("XIDANESYSTEMPROMPTBOUNDARY", "ZIDANESYSTEMPROMPTBOUNDARY", 2, 1),
        ("ZIDANESYSTEMPROMPTBOUNDARX", "ZIDANESYSTEMPROMPTBOUNDARY", 2, 1),
        ("IDANESYSTEMPROMPTBOUNDARY", "ZIDANESYSTEMPROMPTBOUNDARY", 2, 1),
        ("ZIDANESYSTEMPROMPTBOUNDARYXY", "ZIDANESYSTEMPROMPTBOUNDARY", 2, 2),
        ("ZIDANESYSTEMPROMPTBOUNDARYXYZ", "ZIDANESYSTEMPROMPTBOUNDARY", 2, 3),
        ("XYZANESYSTEMPROMPTBOUNDARY", "ZIDANESYSTEMPROMPTBOUNDARY", 2, 3),
        ("ZIDANESYSTEMPROMPTBOUNDXYZ", "ZIDANESYSTEMPROMPTBOUNDARY", 2, 3),
        ("AB", "ABC", 0, 1),
        ("ABCD", "ABXD", 1, 1),
    ],
)
def test_edit_distance_at_the_limit(a: str, b: str, limit: int, expected: int) -> None:
    assert edit_distance(a, b, limit) == expected


@pytest.mark.parametrize(
    ("token", "reported", "words"),
    [
        ("__ZIDANE_SYSTEM_PROMPT_BOUNDRY__", True, "is 1 edit away from it"),
        ("__ZIDAEN_SYSTEM_PROMPT_BOUNDARY__", True, "is 2 edits away from it"),
        ("__ZIDANE_SYSTEM_PROMPT_BOUNDARYXY__", True, "is 2 edits away from it"),
        ("__ZIDANE_SYSTEM_PROMPT_BOUNDA__", True, "is 2 edits away from it"),
        ("__XIDANE_SYSTEM_PROMPT_BOUNDARY__", True, "is 1 edit away from it"),
        ("__ZIDANE_SYSTEM_PROMPT_BOUNDARYXYZ__", False, ""),
        ("__ZIDANE_SYSTEM_PROMPT_BOUND__", False, ""),
        ("__XYZANE_SYSTEM_PROMPT_BOUNDARY__", False, ""),
        ("__ZIDANE_SYSTEM_PROMPT_BOUNDXYZ__", False, ""),
    ],
)
def test_default_marker_allows_two_edits_not_three(token: str, reported: bool, words: str) -> None:
    hits = scan(f"Doctrine.\n\n{token}\n\nTurn.", [MARKER])
    if not reported:
        assert hits == ()
        return
    (hit,) = hits
    assert hit.kind is MarkerKind.NEAR_MISS
    assert hit.reason == f"near-miss of {MARKER}: {words}{TAIL}"


@pytest.mark.parametrize(
    ("token", "expected"),
    [
        ("__ZIDANE\tSYSTEM\tPROMPT\tBOUNDARY__", "has spaces where the marker has underscores"),
        ("__ZIDANE_SYSTEM_PROMPT_\rBOUNDARY__", "is broken across lines"),
        ("__ZIDANE_SYSTEM_PROMPT\n_BOUNDARY__", "is broken across lines"),
        (
            "__ZIDANE_SYS\u200bTEM_PROMPT\u2060_BOUNDARY__",
            "contains invisible U+200B zero-width space, U+2060 word joiner / invisible operator",
        ),
        ("__ ZIDANE SYSTEM PROMPT BOUNDARY__", "has spaces where the marker has underscores"),
        ("__ZIDANE_SYSTEM_PROMPT_BOUNDARY_\u200b_", "contains invisible U+200B zero-width space"),
        ("__zidane_system_prompt_boundary__", "differs in letter case"),
        ("_ZIDANE_SYSTEM_PROMPT_BOUNDARY__", "has different underscores or hyphens"),
        ("__ZIDANE-SYSTEM-PROMPT-BOUNDARY__", "has different underscores or hyphens"),
        (
            "__Zidane_System_Prompt_Boundry__",
            "differs in letter case; is 1 edit away from it",
        ),
        (
            "__zidane system prompt boundry_",
            "has spaces where the marker has underscores; differs in letter case; "
            "is 1 edit away from it; has different underscores or hyphens",
        ),
        (
            "__ZIDANE_SYSTEM_\u200bPROMPT\n_BOUNDARY__",
            "contains invisible U+200B zero-width space; is broken across lines",
        ),
    ],
)
def test_reason_names_each_difference_once(token: str, expected: str) -> None:
    (hit,) = scan(f"Doctrine.\n\n{token}\n\nTurn.", [MARKER])
    assert hit.reason == f"near-miss of {MARKER}: {expected}{TAIL}"


def test_reason_with_nothing_to_name_still_says_it_differs() -> None:
    assert reason(MARKER, MARKER, 0) == f"near-miss of {MARKER}: differs from it{TAIL}"


@pytest.mark.parametrize(
    ("marker", "token", "case_differs"),
    [
        ("__cache_split_here__", "__CACHE_split_here__", True),
        ("__cache_split_here__", "__cache_split_herx__", False),
        ("__Cache_Split_Here__", "__cache_Split_Here__", True),
        ("__Cache_Split_Here__", "__Cache_Split_Herx__", False),
        ("__Cache_Split_Here__", "__Cache_Split_Her__", False),
        ("__CACHE_SPLIT_HERE__", "__CACHE_SPLIT_HERX__", False),
        ("__CACHE_SPLIT_HERE__", "__CACHE_SPLIT_HERe__", True),
    ],
)
def test_letter_case_is_judged_against_the_markers_own_case(
    marker: str, token: str, case_differs: bool
) -> None:
    (hit,) = scan(f"a {token} b", [marker])
    assert hit.kind is MarkerKind.NEAR_MISS
    assert ("differs in letter case" in hit.reason) is case_differs


# A near-miss marker hiding any invisible character PL010 knows is found whole and names it.
#
# Written against the pattern mutation (docs/mutation.md, "Module-level patterns"):
# ``nearmiss._INVISIBLE`` and the scanner's ``_ATOM``, ``_SEPARATORS`` and ``_HAS_SHAPE`` are
# built from ``text.chars.INVISIBLE_RANGES``; dropping one range from any of them went
# unnoticed, and a marker with, say, a bidirectional isolate inside was then cut in two,
# not seen, or reported without saying why it will not split.


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
