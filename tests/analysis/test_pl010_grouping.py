"""PL010 groups repeated runs of one kind, and its fix never moves a code fence.

A file that uses one invisible character deliberately in many places gets one finding
with the others as related information, and one fix for them all; a character that keeps
a line from acting as a fence is never removed in a way that opens or closes a block.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from promptls.analysis import analyze, fix_all
from promptls.analysis.settings import DEFAULT_SETTINGS

ZWSP, WJ = "\u200b", "\u2060"
ONLY_PL010 = replace(DEFAULT_SETTINGS, select=("PL010",))


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
        elif run[0] == opening[1][0] and len(run) >= len(opening[1]) and not rest.strip():
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


@settings(max_examples=400, deadline=None)
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
