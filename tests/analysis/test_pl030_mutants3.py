"""Where PL030 finds the fence left open, for the lines its shortcuts hand to the full
line reader: fence runs inside a list item or a block quote, a first line ended by a lone
CR, several runs on one prose line, a run after a reset line. The mutation run after the
speed work (docs/mutation.md) showed these answers could change unnoticed: the earlier
tests pin the same CommonMark rules on left-margin fences, which are now read alone."""

from __future__ import annotations

import pytest

from promptls.analysis import analyze
from promptls.analysis.rules.pl030_unclosed_fence import open_fence
from promptls.analysis.settings import Settings

AFTER_PROSE = "```\nx\n```\n- ```sh\n  make\n"
TWO_SPANS = "Use ```x``` and ```y```.\n```sh\nmake\n"


@pytest.mark.parametrize(
    ("text", "start"),
    [
        # Four spaces past the item's content column: indented code, not a nested item.
        ("- a\n\n      - ```\n", None),
        # A closer indented four spaces past the item's column is content; three close.
        ("- ```\n  x\n      ```\n", 2),
        ("- ```\n  x\n     ```\n", None),
        # A fence after an empty first line; a tab before the run makes indented code.
        ("\n```\nx\n", 1),
        ("\t```\nx\n", None),
        # The last line has no line break.
        ("- ```", 2),
        ("> ```", 2),
        # A tab runs to column 4: with the space after it, three columns into the item.
        ("- a\n\n\t ```\n", 7),
        ("- a\n\n\t  ```\n", None),
        # A backtick in the info string stops a backtick fence, not a tilde one.
        ("- ~~~ a`b\n  x\n", 2),
        ("- ``` a`b\n  x\n", None),
        # The opening run is the first on its line, not an earlier one in the text, nor
        # a repeat of it in a tilde fence's info string.
        (AFTER_PROSE, AFTER_PROSE.index("```sh")),
        ("- ~~~ a~~~\n  x\n", 2),
        # Prose at the left margin ends the list item and the fence in it.
        ("prose\n- a\n  b\n  ```\nmore prose\n", None),
        ("- ```\nprose\n    ```\n", None),
        # A prose line holding several runs opens nothing; the fence after it does.
        (TWO_SPANS, TWO_SPANS.index("```sh")),
    ],
)
def test_the_fence_left_open(text: str, start: int | None) -> None:
    for every_line in (False, True):
        fence = open_fence(text, every_line=every_line)
        assert (fence.start if fence is not None else None) == start


def test_a_fence_on_the_first_line_of_a_file_with_lone_cr_line_breaks() -> None:
    text = "```sh\rnpm test\r"
    [finding] = analyze(text, path="AGENTS.md", settings=Settings(select=("PL030",))).findings
    assert (finding.start, finding.end) == (0, len("```sh"))
    assert "the 1 line(s) after it" in finding.message
