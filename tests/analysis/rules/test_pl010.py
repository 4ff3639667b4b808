"""PL010 (invisible-characters) beyond its fixtures: exact messages, spans and fixes at
the edges of what it reports.

Its positive and negative cases are files in ``tests/analysis/testdata/PL010/``
(run by ``tests/analysis/test_fixtures.py``); ``scripts/test --rule PL010`` runs
this module, those fixtures and its docs check.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from promptls.analysis import analyze, fix_all
from promptls.analysis.code import fences
from promptls.analysis.model import Finding
from promptls.analysis.settings import DEFAULT_SETTINGS
from promptls.config import Settings
from promptls.text import invisible, leads
from promptls.text.chars import INVISIBLE_RANGES
from tests import examples

# Rule behaviour that is not one fixture: exact spans, settings, kinds, ordering.
#
# Each rule's positive and negative cases are fixtures in ``testdata/`` (test_fixtures.py).


def test_invisible_runs_are_one_finding_each_with_exact_spans() -> None:
    hidden = "".join(chr(0xE0000 + ord(c)) for c in "run rm")  # tag-character smuggling
    text = f"中文 ok{hidden} then 🎉\u200b\u200b and x\u00ady"
    found = [f for f in analyze(text, path="AGENTS.md").findings if f.code == "PL010"]
    assert [text[f.start : f.end] for f in found] == [hidden, "\u200b\u200b", "\u00ad"]
    assert "tag" in found[0].message


# PL008, PL009 and PL010 after their afternoon changes, at the edges the mutation run of
# 2026-12-01 (docs/mutation.md, "Fourth round") found unpinned: which ``{{…}}`` is a slot,
# placeholder homes and ``apply_patch`` examples, PL009's exact-count finding, and PL010's
# grouped and structure-keeping findings.


READS = "the model reads it, a reviewer cannot see it"


ZWSP_NAME = "invisible character U+200B zero-width space"
ZWNJ_NAME = "invisible character U+200C zero-width non-joiner"


def _pl010(text: str) -> list[Finding]:
    return list(analyze(text, path="AGENTS.md", settings=Settings(select=("PL010",))).findings)


def test_pl010_lists_ten_lines_then_an_ellipsis() -> None:
    [ten] = _pl010("".join(f"line {i} a\u200bb\n" for i in range(10)))
    assert ten.message == (
        f"{ZWSP_NAME}, 10 times in this file (lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10): {READS}"
    )
    text = "".join(f"line {i} a\u200bb\n" for i in range(11))
    [eleven] = _pl010(text)
    assert eleven.message == (
        f"{ZWSP_NAME}, 11 times in this file (lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, …): {READS}"
    )
    assert [r.message for r in eleven.related[:2]] == [
        f"the same {ZWSP_NAME} (2 of 11)",
        f"the same {ZWSP_NAME} (3 of 11)",
    ]
    assert eleven.fix is not None
    assert eleven.fix.title == "Remove all 11 of them"


def test_pl010_names_unicode_tag_characters() -> None:
    [found] = _pl010("tag \U000e0041\U000e0042 here\n")
    assert found.message == (
        f"invisible characters Unicode tag characters (U+E0000-U+E007F): {READS}"
    )


def test_pl010_sixteen_fence_lines_get_a_fix_the_seventeenth_is_left_by_hand() -> None:
    text = "".join(f"```\nc{i}\n\u200c```\n```\n\n" for i in range(17))
    found = _pl010(text)
    assert [text[f.start : f.end] for f in found] == ["\u200c"] * 17
    fixed = [f for f in found if f.fix is not None]
    assert len(fixed) == 16
    assert {f.fix.title for f in fixed if f.fix} == {
        "Remove the invisible characters and lengthen the enclosing fence"
    }
    assert found[0].message == (
        f"{ZWNJ_NAME}: {READS}; it keeps this line from closing the enclosing code block, so the "
        "fix also lengthens that block's fences"
    )
    assert found[-1].fix is None
    assert found[-1].message == (
        f"{ZWNJ_NAME}: {READS}; it keeps this line from acting as a code fence, so removing it "
        "would change the document's structure (no fix: remove it by hand and fix the fences)"
    )


def test_pl010_ordinary_runs_do_not_use_up_the_fence_checks() -> None:
    # Seventeen runs that cannot touch a fence, then one that keeps a fence from closing:
    # that one still gets its structure-keeping fix.
    ordinary = "".join(f"word{i} a\u200bb\n" for i in range(17))
    text = f"{ordinary}```\ncode\n\u200c```\n```\n"
    found = _pl010(text)
    structural = [f for f in found if "code block" in f.message]
    assert len(structural) == 1
    assert structural[0].fix is not None


# PL010 at its edges: exactly the invisible characters of ``promptls.text.chars``, runs
# at the start of the text, joiners that belong to a script, the wording of each message.
#
# Written against mutation testing (docs/mutation.md).


def _runs(text: str, path: str = "AGENTS.md") -> list[str]:
    """Every reported run in text order: repeated runs of one kind are one finding, the
    others its related information."""
    found = analyze(text, path=path, settings=Settings(select=("PL010",))).findings
    spans = sorted((span.start, span.end) for f in found for span in (f, *f.related))
    return [text[start:end] for start, end in spans]


def _messages(text: str) -> list[str]:
    found = analyze(text, path="AGENTS.md", settings=Settings(select=("PL010",))).findings
    return [f.message for f in found]


def test_the_byte_pattern_matches_exactly_the_invisible_characters() -> None:
    """The pattern as ``utf8_pattern`` builds it, against the table it is built from."""
    table = {c for low, high, _ in INVISIBLE_RANGES for c in range(low, high + 1)}
    codes = [*range(0xD800), *range(0xE000, 0x10000), *range(0xDFFF0, 0xE0090)]
    for pattern in (invisible.utf8_pattern(), invisible.UTF8_INVISIBLE):
        matched = {c for c in codes if pattern.fullmatch(chr(c).encode("utf-8"))}
        assert matched == table & set(codes)


@pytest.mark.parametrize(
    ("text", "runs"),
    [
        ("\u200bab\u200b\u200bc", ["\u200b", "\u200b\u200b"]),  # a run at offset 0
        ("\ufeffab\u200bc", ["\u200b"]),  # a leading BOM is fine, what follows is not
        ("ab\ufeff", ["\ufeff"]),  # a BOM elsewhere is not
        ("é\u200dx and \u0915\u200c\u094d", []),  # joiners next to a non-Latin letter
        ("a\u200dé", []),
        ("é\u200d", []),  # at the very end
        ("é\u200c\u200dx", []),  # both joiners in one run
        ("a\u200db", ["\u200d"]),  # between ASCII letters
        ("\u200dab é", ["\u200d"]),  # at offset 0, the end of the text does not count
        ("aé\u200dx", []),  # the character right before counts
        ("\x7f\u200dx", ["\u200d"]),  # DEL is ASCII
        ("a\u200d\x7f", ["\u200d"]),
        ("é\u200d\u200bx", ["\u200d\u200b"]),  # a joiner with another invisible character
    ],
)
def test_pl010_runs(text: str, runs: list[str]) -> None:
    assert _runs(text) == runs


def test_pl010_leaves_a_near_miss_to_pl002_but_not_what_follows() -> None:
    near = "\u200b_ZIDANE_SYSTEM_PROMPT_BOUNDARY__"  # the near-miss starts with it
    assert _runs(f"{near} x\u200b", "x.prompt") == ["\u200b"]
    inside = "x __ZIDANE\u200b_SYSTEM_PROMPT_BOUNDARY__ y"
    assert _runs(inside, "x.prompt") == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("ab\u200bc", "invisible character U+200B zero-width space"),
        ("a\u200b", "invisible character U+200B zero-width space"),
        (
            "ab\u200b\u00adc",
            "invisible characters U+00AD soft hyphen, U+200B zero-width space",
        ),
        ("a\u200b\u200bc", "invisible characters U+200B zero-width space"),
        ("ab\u202ec", "bidirectional control U+202E bidirectional embedding/override"),
        (
            "ab\u202e\u200bc",
            "bidirectional controls U+200B zero-width space, "
            "U+202E bidirectional embedding/override",
        ),
    ],
)
def test_pl010_messages(text: str, message: str) -> None:
    assert _messages(text) == [f"{message}: the model reads it, a reviewer cannot see it"]


def test_pl010_fix_removes_the_run() -> None:
    text = "ab\u200b\u200dc"
    (finding,) = analyze(text, path="AGENTS.md", settings=Settings(select=("PL010",))).findings
    assert finding.fix is not None
    assert finding.fix.title == "Remove the invisible characters"
    assert [(e.start, e.end, e.new_text) for e in finding.fix.edits] == [(2, 4, "")]


# The invisible-character pre-check (``text.invisible.has_invisible``, which searches
# only the alternatives whose first byte occurs) answers exactly as the whole byte
# pattern does, on texts built from the characters that share those first bytes: CJK,
# kana, emoji, dashes, fillers.


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


@pytest.mark.parametrize("credit", [-1, 0, 8])  # each prefix: regex at once, soon, later
@settings(max_examples=examples(500), deadline=None)
@given(st.lists(st.sampled_from(NEIGHBOURS) | st.sampled_from(INVISIBLE), max_size=30))
def test_the_pre_check_answers_as_the_whole_pattern(credit: int, chars: list[str]) -> None:
    """With the text too, alternatives the ``find`` tiers give up on (all of them at
    credit -1) are looked for as characters in it."""
    text = "".join(chars)
    data = text.encode("utf-8", "surrogatepass")
    expected = invisible.UTF8_INVISIBLE.search(data) is not None
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(leads, "CREDIT", credit)
        assert invisible.has_invisible(data) == expected
        assert invisible.has_invisible(data, text) == expected


def test_a_cjk_text_with_one_hangul_filler_is_seen() -> None:
    """``\\xe3`` (``、``) and ``\\x85`` (``全元``) are frequent here: the ``find`` tiers give
    up on U+3164, which is then looked for in the bytes or, given the text, in it."""
    text = "全元日本語の、テキスト。" * 1000 + "\u3164" + "한국어"
    clean = text.replace("\u3164", "\u3163")
    assert invisible.has_invisible(text.encode())
    assert invisible.has_invisible(text.encode(), text)
    assert not invisible.has_invisible(clean.encode())
    assert not invisible.has_invisible(clean.encode(), clean)
    (filler,) = (led for _, led, chars in invisible._by_prefix() if chars == "\u3164")
    assert filler.found_by_find(clean.encode()) is None


# PL010's fix keeps the fences CommonMark reads, also when its fixes are applied together.
#
# Two faults the property test below found: a backtick
# run followed by another backtick on its line was read as a fence opener, which CommonMark
# does not do (a backtick fence's info string holds no backtick), and two fixes that were
# each safe alone joined two runs of fence characters when ``check --fix`` applied them
# in one pass.


ZWSP = "\u200b"


ONLY_PL010 = replace(DEFAULT_SETTINGS, select=("PL010",))


def fixed(text: str) -> str:
    return fix_all(text, path="AGENTS.md", settings=ONLY_PL010)


@pytest.mark.parametrize(
    "line",
    ["```npm test```", "``` a ` b", "````x`", f"```{ZWSP}```", "  ```js`"],
    ids=["inline-code", "spaced", "longer-run", "invisible-between", "indented"],
)
def test_a_backtick_run_with_a_backtick_after_it_opens_no_fence(line: str) -> None:
    assert fences(f"{line}\ntext\n") == []


@pytest.mark.parametrize("line", ["~~~ a ` b", "~~~x~", f"~~~{ZWSP}~~~"])
def test_a_tilde_fence_may_hold_backticks_and_tildes_in_its_info_string(line: str) -> None:
    assert [f.start for f in fences(f"{line}\ntext\n")] == [0]


def test_an_inline_code_line_keeps_the_next_fence_and_its_plain_fix() -> None:
    text = f"```npm test```\n```{ZWSP}\nx\n```\n"
    assert fixed(text) == "```npm test```\n```\nx\n```\n"


def test_the_property_tests_example_keeps_its_fence() -> None:
    # the line before the block is inline code; removing its invisible character alone
    # would make it a six-backtick opener that the last line closes
    text = f"```{ZWSP}```\n```{ZWSP}\n``````"
    (before, inside) = analyze(text, path="AGENTS.md", settings=ONLY_PL010).findings
    assert before.fix is None and "no fix" in before.message
    assert inside.fix is not None and [e.new_text for e in inside.fix.edits] == [""]
    assert fixed(text) == f"```{ZWSP}```\n```\n``````"


def test_a_lengthened_tilde_fence_is_not_joined_to_its_info_string() -> None:
    # the opener's invisible character may go alone (the closer is as long as the joined
    # run), and the line inside may go with lengthened fences; both in one pass made an
    # opener of seven tildes that the four-tilde closer no longer closed
    text = f"~~~{ZWSP}~~~\n~~~{ZWSP}\n~~~~~~"
    result = fixed(text)
    assert [(f.start, f.close is not None) for f in fences(result)] == [(0, True)]
    assert result.count("\n") == 2 and result.split("\n")[1] == "~~~"


# PL010 groups repeated runs of one kind, and its fix never moves a code fence.
#
# A file that uses one invisible character deliberately in many places gets one finding
# with the others as related information, and one fix for them all; a character that keeps
# a line from acting as a fence is never removed in a way that opens or closes a block.


WJ = "\u2060"


def _fence_lines(text: str) -> list[tuple[int, int | None]]:
    """(opening line, closing line) of every fenced block, read line by line the way
    CommonMark does (written independently of promptls' own fence finder)."""
    blocks: list[tuple[int, int | None]] = []
    opening: tuple[int, str] | None = None
    for number, line in enumerate(re.split(r"\r\n|\r|\n", text)):
        match = re.fullmatch(r" {0,3}(`{3,}|~{3,})(.*)", line)
        if match is None:
            continue
        run, rest = match.groups()
        if opening is None:
            if run[0] == "`" and "`" in rest:
                continue  # a backtick fence's info string may not hold a backtick
            opening = (number, run)
        elif run[0] == opening[1][0] and len(run) >= len(opening[1]) and not rest.strip(" \t"):
            blocks.append((opening[0], number))
            opening = None
    if opening is not None:
        blocks.append((opening[0], None))
    return blocks


def test_repeats_of_one_kind_are_one_finding_with_the_others_related() -> None:
    text = f"a{WJ}\nb\nc{WJ}\nd{ZWSP}\ne{WJ}\n"
    found = [f for f in analyze(text, path="AGENTS.md").findings if f.code == "PL010"]
    (group,) = [f for f in found if WJ in text[f.start : f.end]]
    assert group.start == text.index(WJ)
    assert "3 times" in group.message and "lines 1, 3, 5" in group.message
    assert [text[r.start : r.end] for r in group.related] == [WJ, WJ]
    assert [r.start for r in group.related] == [m.start() for m in re.finditer(WJ, text)][1:]
    assert len(found) == 2  # the zero-width space is a kind of its own
    assert fix_all(text, path="AGENTS.md") == "a\nb\nc\nd\ne\n"


def test_a_suppressed_occurrence_stays_out_of_the_group() -> None:
    text = f"a{WJ}\n<!-- promptls-disable-next-line PL010 -->\nb{WJ}\nc{WJ}\n"
    analysis = analyze(text, path="AGENTS.md")
    (group,) = [f for f in analysis.findings if f.code == "PL010"]
    assert "2 times" in group.message
    assert [text.count("\n", 0, s.start) for s in analysis.suppressed] == [2]


PIECES = ["```", "````", "~~~", "```sh", ZWSP, ZWSP, "\n", "\n", "a", " "]


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=24))
def test_the_fix_keeps_every_fence_where_it_was(pieces: list[str]) -> None:
    text = "".join(pieces)
    fixed = fix_all(text, path="AGENTS.md", settings=ONLY_PL010)
    assert _fence_lines(fixed) == _fence_lines(text)
    assert _visible(fixed) == _visible(text)  # only invisible characters and fence runs change


LINES = [
    "```", "````", "``````", "~~~", "~~~~", "~~~~~~", "", "```a`",
    f"```{ZWSP}", f"~~~{ZWSP}", f"```{ZWSP}```", f"~~~{ZWSP}~~~", f"````{ZWSP}~~~",
    f"~~~{ZWSP}```", f"a{ZWSP}", f"{ZWSP}```", f" ```{ZWSP}", f"   ~~~{ZWSP}", f"``{ZWSP}`",
]  # fmt: skip


"""Line shapes whose fence role an invisible character decides, or whose runs its
removal would join; every text of up to three of them is checked below."""


@pytest.mark.slow  # exhaustive: every text of up to three of the lines above
def test_the_fix_keeps_every_fence_of_every_short_text_of_fence_lines() -> None:
    # exhaustive where the property test above samples: a run joined to a lengthened
    # tilde opener (`~~~` U+200B `~~~`, the next line inside, a six-tilde closer) is
    # three lines the sampling did not reach
    for count in (1, 2, 3):
        for lines in itertools.product(LINES, repeat=count):
            text = "\n".join(lines)
            fixed = fix_all(text, path="AGENTS.md", settings=ONLY_PL010)
            assert _fence_lines(fixed) == _fence_lines(text), text
            assert _visible(fixed) == _visible(text), text


def _visible(value: str) -> str:
    """The text without what the fix may change: invisible characters and fence runs."""
    return value.replace(ZWSP, "").replace("`", "").replace("~", "")


# PL010's budget of whole-text fence checks, at the edge the mutation run of session 5
# (docs/mutation.md) found unpinned: a line whose run only *looks* like it guards a fence
# (a backtick run inside a tilde block, which cannot close it) costs one check, not two.


def test_pl010_a_fence_like_line_that_moves_no_fence_costs_one_check() -> None:
    # Nine lines `\u200c```` inside a ~~~ block: removing a run turns its line into a
    # backtick fence line (so each is checked against the whole text), but a backtick run
    # cannot close a tilde block, so no removal moves a fence. Nine checks fit the budget
    # of sixteen: all nine runs are ordinary and share one finding whose fix removes them.
    text = "~~~\n" + "\u200c```\n" * 9 + "~~~\n"
    [found] = _pl010(text)
    assert found.message == (
        f"{ZWNJ_NAME}, 9 times in this file (lines 2, 3, 4, 5, 6, 7, 8, 9, 10): {READS}"
    )
    assert found.fix is not None
    assert found.fix.title == "Remove all 9 of them"
    assert len(found.related) == 8


@pytest.mark.parametrize("mark", ["\u200b", "\u2060"])
def test_a_zero_width_space_that_shows_a_fence_inside_a_fence_is_left_alone(mark: str) -> None:
    """Authors put a zero-width space before the inner fences of a fenced example so they
    do not close the outer block; alone on a fence line it hides nothing."""
    example = f"```markdown\nA block:\n{mark}```sh\nnpm test\n{mark}```\n```\n"
    assert _pl010(example) == []
    quoted = f"> ~~~\n> {mark}~~~\n> ~~~\n"
    assert _pl010(quoted) == []


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("\u200b```\ntext\n", "at top level, outside any block"),
        ("```\nx\u200b```\n```\n", "after other text on the line"),
        ("```\n\u200b\u202e```\n```\n", "with a bidi control in the run"),
        ("```\n\u200bnpm test\n```\n", "before text, not a fence run"),
    ],
)
def test_a_zero_width_space_elsewhere_is_still_reported(text: str, why: str) -> None:
    assert _pl010(text) != [], why
