"""PL010's fix keeps the fences CommonMark reads, also when its fixes are applied together.

Two faults the property test of ``test_pl010_grouping.py`` found (session 8): a backtick
run followed by another backtick on its line was read as a fence opener, which CommonMark
does not do (a backtick fence's info string holds no backtick), and two fixes that were
each safe alone joined two runs of fence characters when ``check --fix`` applied them
in one pass.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from promptls.analysis import analyze, fix_all
from promptls.analysis.code import fences
from promptls.analysis.settings import DEFAULT_SETTINGS

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
