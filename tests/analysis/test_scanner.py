"""The near-miss scanner: which marker-shaped spans it reports, however their parts
are joined, and that it never flags ordinary prose.
"""

from __future__ import annotations

import pytest

from promptls.analysis import anchors
from promptls.analysis.model import MarkerKind
from promptls.analysis.scanner import scan
from promptls.text.chars import INVISIBLE_RANGES, describe
from tests.analysis.conftest import MARKER

# The scanner finds every kind of near-miss and never flags ordinary prose.


@pytest.mark.parametrize(
    ("token", "why"),
    [
        ("__zidane_system_prompt_boundary__", "letter case"),
        ("__Zidane_System_Prompt_Boundary__", "letter case"),
        ("_ZIDANE_SYSTEM_PROMPT_BOUNDARY__", "underscores"),
        ("ZIDANE_SYSTEM_PROMPT_BOUNDARY", "underscores"),
        ("__ZIDANE-SYSTEM-PROMPT-BOUNDARY__", "hyphens"),
        ("__ZIDANE SYSTEM PROMPT BOUNDARY__", "spaces"),
        ("__ZIDANE_SYSTEM_PROMPT_BOUNDRY__", "1 edit"),
        ("__ZIDAEN_SYSTEM_PROMPT_BOUNDARY__", "2 edits"),
        ("__ZIDANE_SYS\u200bTEM_PROMPT_BOUNDARY__", "U+200B"),
        ("__ZIDANE_SYSTEM_PROMPT\u2060_BOUNDARY__", "U+2060"),
        ("__ZIDANE_SYSTEM_PROMPT_\nBOUNDARY__", "across lines"),
        ("__ZIDANE_SYSTEM_PROMPT_\r\nBOUNDARY__", "across lines"),
    ],
)
def test_near_misses_are_found_with_a_reason(token: str, why: str) -> None:
    text = f"Doctrine here.\n\n{token}\n\nTurn state."
    hits = scan(text, [MARKER])
    assert [h.kind for h in hits] == [MarkerKind.NEAR_MISS]
    hit = hits[0]
    assert text[hit.start : hit.end] == token
    assert why in hit.reason or why.split()[0] in hit.reason


@pytest.mark.parametrize(
    "prose",
    [
        "Keep the system prompt boundary stable.",
        "Anything after the dynamic boundary changes per turn.",
        "The PROMPT_BOUNDARY constant and SYSTEM_PROMPT_BOUNDARY are names in code.",
        "A prompt-dynamic boundary is where caching stops.",
        "ZidaneSystemPromptBoundary is a class name.",
        "the prompt dynamic boundary",
        "__init__ system prompt __main__",
        "SYSTEM PROMPT BOUNDARY in capitals",
    ],
)
def test_prose_is_never_a_marker(prose: str) -> None:
    assert scan(prose, [MARKER]) == ()


def test_exact_foreign_and_glued_markers() -> None:
    text = f"a\n\n{MARKER}\n\nb __SYSTEM_PROMPT_DYNAMIC_BOUNDARY__ c _{MARKER}"
    kinds = [h.kind for h in scan(text, [MARKER])]
    assert kinds == [MarkerKind.EXACT, MarkerKind.FOREIGN, MarkerKind.EXACT]


def test_configured_foreign_marker_is_exact() -> None:
    foreign = "__PROMPT_DYNAMIC_BOUNDARY__"
    hits = scan(f"x\n\n{foreign}\n\ny", [MARKER, foreign])
    assert [(h.kind, h.marker) for h in hits] == [(MarkerKind.EXACT, foreign)]


def test_offsets_after_emoji_and_cjk() -> None:
    text = "🎉 中文テキスト 👨‍👩‍👧 __ZIDANE_SYSTEM_PROMPT_BOUNDRY__ end"
    (hit,) = scan(text, [MARKER])
    assert text[hit.start : hit.end] == "__ZIDANE_SYSTEM_PROMPT_BOUNDRY__"


def test_custom_marker_without_words_is_exact_only() -> None:
    assert [h.kind for h in scan("a <<<>>> b <<>>> c", ["<<<>>>"])] == [MarkerKind.EXACT]


def test_custom_identifier_marker_gets_near_misses_others_exact_only() -> None:
    custom = "@@CACHE_SPLIT_HERE@@"
    assert scan("a @@CACHE-SPLIT-HERE@@ b", [custom]) == ()
    ident = "CACHE_SPLIT_HERE"
    (hit,) = scan("a cache_split_here b", [ident])
    assert hit.kind is MarkerKind.NEAR_MISS and hit.marker == ident


# Which marker-shaped spans the scanner reports, at the edges of the near-miss criterion.
#
# Written against mutation testing (docs/mutation.md); each case follows the criterion
# in docs/rules.md: candidates of up to N+1 atoms wrapped in ``_``/``-``, an anchor word
# inside the candidate, the shortest of equally close spans, several configured markers.


PROSE = "Doctrine that stays the same on every turn. " * 5  # over 200 characters


def _found(text: str, markers: list[str] | None = None) -> list[str]:
    """The near-miss spans reported, as the user sees them."""
    return [
        text[h.start : h.end]
        for h in scan(text, markers or [MARKER])
        if h.kind is MarkerKind.NEAR_MISS
    ]


@pytest.mark.parametrize(
    "token",
    [
        "__ ZIDANE SYSTEM PROMPT BOUNDARY__",  # only the last atom holds an anchor
        "__ZIDANE SYSTEM PROMPT BOUNDRY__",  # only the first atom holds an anchor
        "__ZIDANE_SYSTEM_PROMPT_BOUND ARY__",  # the anchor atom alone is too far
        "__ZIDANE SYSTEM PROMPT BOUNDARY_",  # one underscore at each end is enough
        "ZIDANESYSTEMPROMPTBOUNDA_",  # one atom, two letters short
    ],
)
def test_multi_atom_near_misses_far_into_a_text(token: str) -> None:
    text = f"{PROSE}\n\n{token}\n\nTurn state."
    assert _found(text) == [token]


@pytest.mark.parametrize(
    "token",
    [
        "_ ZIDANE SYSTEM_PROMPT BOUNDARY X _",  # six atoms: more than N+1
        "__ZIDANE SYSTEM PROMPT BOUNDARY",  # not wrapped at the end
        "XZIDANE SYSTEM PROMPT BOUNDARY__",  # not wrapped at the start
        "__ZIDANE SYSTEM PROMPT BOUNDARYX",
        "__ ZIDANESYSTEMPROMPTBOUNDARY __",  # the words sit in an atom with no separator
        "__\n\nZIDANE SYSTEM PROMPT BOUNDARY__",  # a blank line is no join
        "__ZIDANE SYSTEM PROMPT\n\nBOUNDRY__",
    ],
)
def test_spans_that_are_not_candidates(token: str) -> None:
    assert _found(f"{PROSE}\n\n{token}\n\nTurn state.") == []


def test_the_candidate_must_hold_the_anchor_word() -> None:
    # "_ ZIDANE SYSTEM PROMTBOUNDRY_" is 2 edits away but holds no marker word next to
    # a separator; the anchor "x_prompt" after it is not part of any close candidate.
    text = f"{PROSE}\n_ ZIDANE SYSTEM PROMTBOUNDRY_ x_prompt\n"
    assert _found(text) == []


def test_a_bullet_before_a_near_miss_is_not_part_of_it() -> None:
    text = f"{PROSE}\n\n- __ZIDANE_SYSTEM_PROMPT_BOUNDRY__\n"
    assert _found(text) == ["__ZIDANE_SYSTEM_PROMPT_BOUNDRY__"]


def test_a_dash_after_a_near_miss_is_not_part_of_it() -> None:
    text = f"{PROSE}\n\n__ZIDANE_SYSTEM_PROMPT_BOUNDRY__ - more\n"
    assert _found(text) == ["__ZIDANE_SYSTEM_PROMPT_BOUNDRY__"]


def test_a_shorter_span_not_wrapped_in_underscores_does_not_win() -> None:
    token = "__ XZIDANE SYSTEM PROMPT BOUNDARY__"  # "XZIDANE … BOUNDARY__" starts with X
    assert _found(f"{PROSE}\n{token}\n") == [token]


def test_each_configured_marker_is_a_target() -> None:
    custom = "__CACHE_SPLIT_HERE__"
    text = f"{PROSE}\n__CACHE_SPLIT_HERX__\n"
    (hit,) = scan(text, [MARKER, custom])
    assert (hit.kind, hit.marker) == (MarkerKind.NEAR_MISS, custom)


def test_anchor_searches_compiled_on_first_use() -> None:
    """A marker's anchor searches are compiled when first needed (the cache starts cold
    in a fresh process): the near-miss is found all the same, in ASCII and other text."""
    anchors.anchor_regex.cache_clear()
    anchors.anchor_regex_bytes.cache_clear()
    custom = "__CACHE_SPLIT_HERE__"
    assert _found("a __cache_split_here__ b", [custom]) == ["__cache_split_here__"]
    assert _found("é __cache_split_here__ b", [custom]) == ["__cache_split_here__"]


@pytest.mark.parametrize(("width", "reported"), [(160, True), (161, False)])
def test_a_join_of_more_than_160_characters_ends_the_candidate(width: int, reported: bool) -> None:
    gap = " " * width
    before = f"__{gap}ZIDANE SYSTEM PROMPT BOUNDARY__"  # the anchor is on the right
    after = f"__ZIDANE{gap}SYSTEM PROMPT BOUNDRY__"  # the anchor is on the left
    for token in (before, after):
        assert _found(f"{PROSE}\n{token}\n") == ([token] if reported else [])


@pytest.mark.parametrize("before", [PROSE + "\n", "\n"])
@pytest.mark.parametrize(("width", "reported"), [(159, True), (160, False), (161, False)])
def test_a_joined_atom_of_160_characters_ends_the_candidate(
    before: str, width: int, reported: bool
) -> None:
    left = "_" * (width - 1) + "X ZIDANE SYSTEM PROMPT BOUNDARY__"
    right = "__ZIDANE_SYSTEM_PROMPT_BOUND ARY" + "_" * (width - 3)
    for token in (left, right):
        assert _found(f"{before}{token}\n") == ([token] if reported else [])


def test_a_near_miss_at_the_very_start_of_a_text() -> None:
    token = "__ ZIDANE SYSTEM PROMPT BOUNDARY__"
    assert _found(f"{token}\n") == [token]


@pytest.mark.parametrize("before", [PROSE + "\n", ""])
@pytest.mark.parametrize(("run", "reported"), [(160, True), (161, False)])
def test_an_atom_running_on_for_more_than_160_characters_before_the_word(
    before: str, run: int, reported: bool
) -> None:
    token = "_" * run + "ZIDANE_SYSTEM_PROMPT_BOUNDRY__"
    assert _found(f"{before}{token}\n") == ([token] if reported else [])


@pytest.mark.parametrize(("length", "reported"), [(320, True), (321, False), (400, False)])
def test_an_atom_longer_than_320_characters_is_no_typo(length: int, reported: bool) -> None:
    word = "__ZIDANE_SYSTEM_PROMPT_BOUNDRY"
    token = word + "_" * (length - len(word))
    assert _found(f"{PROSE}\n{token}\n") == ([token] if reported else [])


@pytest.mark.parametrize(
    ("core", "reported", "unreported"),
    [
        # core length 12: two edits allowed, not three
        ("CACHE_SPLIT_AT", "__CACHE_SPLIT_XY__", "__CACHE_SPLIT_XYZ__"),
        # core length 11: one edit allowed, not two
        ("CACHE_SPLIT_A", "__CACHE_SPLIT_B__", "__CACHE_SPLIT_BC__"),
        # core length 6: one edit allowed, not two
        ("CACHE_A", "__CACHE_B__", "__CACHE_BC__"),
        # core length 5: only case and separators may differ
        ("CACHE", "__cache__", "__CACHEX__"),
    ],
)
def test_edit_budget_follows_the_markers_length(core: str, reported: str, unreported: str) -> None:
    marker = f"__{core}__"
    assert _found(f"{PROSE}\n{reported}\n", [marker]) == [reported]
    assert _found(f"{PROSE}\n{unreported}\n", [marker]) == []


@pytest.mark.parametrize(
    "markers",
    [
        ["<!-- split -->"],  # ends unlike the foreign markers
        ["__SPLIT_BOUNDARY_X"],  # ends like them but for its last character
        ["BOUNDARY__", "A_BOUNDARY__"],  # the shortest is a suffix of every other
        ["__A_BOUNDARY__", "__B_BOUNDARY__"],  # all share "_BOUNDARY__"
    ],
)
def test_configured_and_foreign_markers_are_all_found(markers: list[str]) -> None:
    foreign = ["__SYSTEM_PROMPT_DYNAMIC_BOUNDARY__", "__PROMPT_DYNAMIC_BOUNDARY__"]
    text = "".join(f"{PROSE}\n{m}\n" for m in [*reversed(markers), *foreign])
    hits = scan(text, markers)
    assert [(h.kind, text[h.start : h.end]) for h in hits] == [
        *[(MarkerKind.EXACT, m) for m in reversed(markers)],
        *[(MarkerKind.FOREIGN, m) for m in foreign],
    ]


def test_no_markers_at_all_finds_nothing() -> None:
    assert scan(f"{PROSE}\n{MARKER}\n", [], ()) == ()
    assert scan(f"{PROSE}\n{MARKER}\n", [""], ("",)) == ()


def test_a_marker_with_a_word_but_not_identifier_shaped_is_matched_exactly_only() -> None:
    assert _found(f"{PROSE}\n<cache_split_here>\n", ["<CACHE_SPLIT_HERE>"]) == []


def test_a_one_word_near_miss_at_offset_zero() -> None:
    assert _found("cache_a__ and more\n", ["__CACHE_A__"]) == ["cache_a__"]


@pytest.mark.parametrize("glued", ["<!-- split -->cache_a__", "cache_a__<!-- split -->"])
def test_a_near_miss_touching_an_exact_marker_of_another_shape(glued: str) -> None:
    text = f"{PROSE}\n{glued}\n"
    hits = scan(text, ["<!-- split -->", "__CACHE_A__"])
    assert sorted((text[h.start : h.end], h.kind) for h in hits) == [
        ("<!-- split -->", MarkerKind.EXACT),
        ("cache_a__", MarkerKind.NEAR_MISS),
    ]


@pytest.mark.parametrize(
    "first",
    [
        "__zidane_system_prompt_boundary__",  # another near-miss
        "the SYSTEM_PROMPT_BOUNDARY constant",  # an atom with several words, no candidate
        "ZidaneSystemPromptBoundary",  # words in an atom with no separator
        "a prompt_x variable",  # an atom too short to be one alone
        "__SYSTEM_PROMPT__",  # wrapped, but too far from the marker
    ],
)
def test_scanning_goes_on_after_an_anchor_that_leads_nowhere(first: str) -> None:
    last = "__ZIDANE_SYSTEM_PROMPT_BOUNDRY__"
    found = _found(f"{PROSE}\n{first}\n\n{PROSE}\n{last}\n")
    assert found[-1:] == [last]


def test_exact_and_foreign_hits_carry_their_reason() -> None:
    text = f"{PROSE}\n{MARKER}\n__PROMPT_DYNAMIC_BOUNDARY__\n"
    assert [(h.kind, h.reason) for h in scan(text, [MARKER])] == [
        (MarkerKind.EXACT, ""),
        (MarkerKind.FOREIGN, "another agent's marker, not configured"),
    ]


def test_overlapping_markers_keep_the_earlier_and_longer() -> None:
    markers = ["<!-- split -->", "split", "<!-- split --> here"]
    text = f"{PROSE}\n<!-- split --> here\n<!-- split -->\nsplit\n"
    hits = scan(text, markers)
    assert [text[h.start : h.end] for h in hits] == [
        "<!-- split --> here",
        "<!-- split -->",
        "split",
    ]


def test_markers_glued_back_to_back_are_both_found() -> None:
    text = f"{PROSE}\n{MARKER}{MARKER}\n"
    assert [(h.kind, h.start) for h in scan(text, [MARKER])] == [
        (MarkerKind.EXACT, len(PROSE) + 1),
        (MarkerKind.EXACT, len(PROSE) + 1 + len(MARKER)),
    ]


@pytest.mark.parametrize("marker", ["<!-- split -->", "@"])
def test_every_occurrence_of_a_custom_marker_is_found(marker: str) -> None:
    text = f"{marker}{marker} {PROSE}{marker} x {marker}\n"
    hits = scan(text, [marker])
    assert [h.start for h in hits] == [i for i in range(len(text)) if text.startswith(marker, i)]
    assert len(hits) == 4


@pytest.mark.parametrize("markers", [["BOUNDARY__", "A_BOUNDARY__"], [MARKER]])
def test_a_marker_at_the_very_start_of_a_text(markers: list[str]) -> None:
    text = f"{markers[0]}\n{PROSE}\n"
    assert [(h.kind, h.start) for h in scan(text, markers)] == [(MarkerKind.EXACT, 0)]


def test_of_two_overlapping_near_misses_the_earlier_is_reported() -> None:
    # "_PROMPT BOUNDARY__ ZIDANE SYSTEM_" is a near-miss of the second marker, but it
    # starts inside the near-miss of the first.
    markers = [MARKER, "__PROMPT_BOUNDARY_ZIDANE_SYSTEM__"]
    text = f"{PROSE}\n__ZIDANE SYSTEM _PROMPT BOUNDARY__ ZIDANE SYSTEM_\n"
    text += f"{PROSE}\n__zidane_system_prompt_boundary__\n"
    hits = scan(text, markers)
    assert [(h.marker, text[h.start : h.end]) for h in hits] == [
        (MARKER, "__ZIDANE SYSTEM _PROMPT BOUNDARY__"),
        (MARKER, "__zidane_system_prompt_boundary__"),
    ]


def test_of_two_equally_close_and_long_candidates_the_earlier_wins() -> None:
    # "_A _WORD_" and "_WORD_ B_" are both one edit from "AWORDB" and nine characters
    # long; all three atoms together would be more than N+1 = 2.
    text = f"{PROSE}\n_A _WORD_ B_\n"
    assert _found(text, ["__A_WORD_B__"]) == ["_A _WORD_"]


# A near-miss of a configured marker whose word touches the marker's edge
# (``CACHEBREAK__``): a typo that puts a letter there leaves that letter as the word's only
# neighbour, and the typo is found in text with non-ASCII characters as in ASCII text.
#
# Written from the session 6 mutation run of the memoised ``_anchor_regex_bytes``
# (docs/mutation.md, "Cache-decorated functions"): with the neighbour class written in
# upper case (``x__anchor_regex_bytes__mutmut_8``) lowered letters stopped counting as
# neighbours in the byte search that non-ASCII text takes.


@pytest.mark.parametrize(
    ("marker", "typo"),
    [
        ("CACHEBREAK__", "CACHEBREAKX__"),
        ("__CACHEBREAK", "__XCACHEBREAK"),
        ("CACHEBREAK-", "CACHEBREAKS-"),
    ],
)
@pytest.mark.parametrize("prose", ["Cache here:", "Caché ici :"])
def test_a_letter_typed_next_to_the_word_is_found_in_any_text(
    marker: str, typo: str, prose: str
) -> None:
    text = f"{prose} {typo}\n"
    hits = [(h.kind, text[h.start : h.end]) for h in scan(text, [marker])]
    assert hits == [(MarkerKind.NEAR_MISS, typo)]


# The scanner finds a near-miss whole however its parts are joined, and only then.
#
# Written against the pattern mutation of ``scanner.py`` (docs/mutation.md, "Module-level
# patterns"): the scanner reads an atom to the right of an anchor word with ``_ATOM``, joins
# atoms with ``_JOIN``, and picks the configured markers it can match loosely with
# ``_WORDS`` and ``_IDENTIFIER``. Each test below is a token a user writes and the exact
# span and reason they see (or that they see nothing).


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
