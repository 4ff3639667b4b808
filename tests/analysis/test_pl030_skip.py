"""PL030 reads only the lines that can matter: from the last line at the left margin
that ends every container up to each line holding a fence run, and skips, in C, those
that cannot open or close anything while no container is open (a 1 MB prompt cost 70 ms
read line by line). The shortcut must never change the answer: over random Markdown
built from the shapes that matter (fences of both kinds and lengths, lists, quotes,
headings, indented and tabbed lines, CRLF and lone CR), the block left open is the same
as when every line is read."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from promptls.analysis.rules.pl030_unclosed_fence import open_fence

PIECES = [
    "```",
    "````",
    "~~~",
    "```sh",
    "``` x`y",
    "  ```",
    "    ```",
    "\t```",
    " \t```",
    "- ",
    "* ",
    "+ ",
    "1. ",
    "12) ",
    "> ",
    ">",
    "  ",
    "    ",
    "\t",
    "text",
    "run 日志 🚀",
    "-x",
    "1.5",
    "@docs/a.md",
    "__ZIDANE_SYSTEM_PROMPT_BOUNDARY__",
    "# h",
    "\f",
    "\u00a0",
    "x ```",
    "`",
    "~",
]
BREAKS = ["\n", "\r\n", "\r", "\n\n"]

lines = st.lists(st.sampled_from(PIECES), min_size=0, max_size=4).map("".join)


def _texts(breaks: list[str]) -> st.SearchStrategy[str]:
    return st.lists(st.tuples(lines, st.sampled_from(breaks)), max_size=30).map(
        lambda parts: "".join(line + brk for line, brk in parts)
    )


texts = _texts(BREAKS)
texts_without_lone_cr = _texts(["\n", "\r\n", "\n\n"])
"""A lone CR sends the whole text down the line-by-line path; without one, the shortcuts
(a left-margin fence line read alone, reading back to the last reset line) are taken."""


@settings(max_examples=800, deadline=None)
@given(texts)
def test_skipping_lines_never_changes_the_open_fence(text: str) -> None:
    assert open_fence(text) == open_fence(text, every_line=True)


@settings(max_examples=800, deadline=None)
@given(texts_without_lone_cr)
def test_the_shortcuts_never_change_the_open_fence(text: str) -> None:
    assert open_fence(text) == open_fence(text, every_line=True)


def test_a_fence_opened_in_a_list_after_long_prose_is_still_found() -> None:
    prose = "Plain prose line.\n" * 2000
    text = prose + "- item\n  ```sh\n  make\n" + prose.replace("Plain", "  Indented")
    found = open_fence(text)
    assert found is not None and text[found.start : found.start + 5] == "```sh"
    assert found == open_fence(text, every_line=True)
