"""The Markdown code primitive (``promptls.text.markdown``) against CommonMark 0.31.2.

markdown-it-py (a CommonMark implementation, its ``commonmark`` preset) is the
reference: on generated documents the fences, indented code lines and code spans found
here are the ones it finds. The generator writes blocks of lines under one container
prefix (none, a block quote, a list item, both), separated by a line at the margin: that keeps to
what the primitive models (no lazy continuation lines, HTML blocks, setext headings or
links; code spans compared on one-line paragraphs only, see the module's docstring).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from promptls.text.markdown import Code, code_spans, fence_role, fences, line_end, open_fence
from tests import examples

_MD = MarkdownIt("commonmark")

_RUNS = st.sampled_from(["```", "````", "~~~", "~~~~", "``"])
_INFO = st.sampled_from(["", "py", " sh", "a`b", "x~y", "``"])
_TAIL = st.sampled_from(["", " ", "\t", " \t ", "\x0c", "\xa0", " x"])
_WORDS = st.lists(st.sampled_from(["a", "b", "`", "``", "\\", "~", " ", "\t"]), max_size=8)
_INDENT = st.sampled_from(["", " ", "  ", "   ", "    ", "\t", "     "])
_CONTAINERS = st.sampled_from(
    [("", ""), ("> ", "> "), (">", ">"), ("- ", "  "), ("1. ", "   "), ("> - ", ">   "),
     ("- > ", "  > "), ("-     ", "      ")]
)  # fmt: skip
"""(first line's prefix, the prefix of the block's later lines)."""


@st.composite
def _line(draw: st.DrawFn) -> str:
    """One line's content: a fence-like run, or words with backticks, or nothing."""
    indent = draw(_INDENT)
    if draw(st.booleans()):
        return indent + draw(_RUNS) + draw(_INFO) + draw(_TAIL)
    words = "".join(draw(_WORDS))
    return indent + "a" + words if words.strip() else ""


@st.composite
def documents(draw: st.DrawFn) -> str:
    """Blocks of lines under one container prefix each, a blank line between blocks."""
    blocks = []
    for _ in range(draw(st.integers(1, 4))):
        first, later = draw(_CONTAINERS)
        lines = draw(st.lists(_line(), min_size=1, max_size=6))
        lines[0] = lines[0] or "a"  # 5.2's item that starts with a blank line: not modelled
        if first.endswith(("- ", ". ")):
            lines[0] = lines[0].lstrip(" \t")  # the later lines' prefix is its content column
        blocks.append("\n".join([first + lines[0]] + [later + line for line in lines[1:]]))
    # A margin line after a blank one ends every container: the blocks stay apart.
    return "\n\nend\n\n".join(blocks) + draw(st.sampled_from(["", "\n"]))


def _line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset)


def _lines(text: str) -> int:
    """markdown-it's line count: a final line break ends the last line."""
    return text.count("\n") + (0 if text.endswith("\n") or not text else 1)


def _our_fences(text: str) -> list[tuple[int, int, str]]:
    found = []
    for fence in fences(text):
        if fence.close is not None:
            end = _line_of(text, fence.close) + 1
        elif fence.end == len(text):
            end = _lines(text)
        else:
            end = _line_of(text, fence.end)
        found.append((_line_of(text, fence.start), end, fence.run))
    return found


def _their_fences(text: str) -> list[tuple[int, int, str]]:
    return [(t.map[0], t.map[1], t.markup) for t in _MD.parse(text) if t.type == "fence" and t.map]


def _trimmed(text: str, found: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """Blank lines (container prefixes aside) at the end of a block left out: whether a
    blank line ends a block or its container is invisible to a reader."""
    lines = text.split("\n")
    out = []
    for start, end, run in found:
        while end - 1 > start and not lines[end - 1].strip(" \t>"):
            end -= 1
        out.append((start, end, run))
    return out


def _span_text(text: str, a: int, b: int) -> str:
    """What a code span shows (6.1: one space stripped from each side when both have one)."""
    run = len(text[a:b]) - len(text[a:b].lstrip("`"))
    inner = text[a + run : b - run]
    if len(inner) >= 2 and inner[0] == inner[-1] == " " and inner.strip(" "):
        inner = inner[1:-1]
    return inner


@settings(max_examples=examples(1500), suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(documents())
def test_fences_agree_with_markdown_it(text: str) -> None:
    assert _trimmed(text, _our_fences(text)) == _trimmed(text, _their_fences(text))


@settings(max_examples=examples(1000), suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(documents())
def test_reading_every_line_finds_the_same_fences(text: str) -> None:
    assert fences(text) == fences(text, every_line=True)


@settings(max_examples=examples(1000), suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(documents())
def test_indented_code_agrees_with_markdown_it(text: str) -> None:
    lines = text.split("\n")
    theirs = {
        n
        for t in _MD.parse(text)
        if t.type == "code_block" and t.map
        for n in range(*t.map)
        if lines[n].strip(" \t>")
    }
    ours = {_line_of(text, start) for start, _ in Code(text).indented}
    assert ours == theirs


@settings(max_examples=examples(1000), suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(documents())
def test_code_spans_agree_with_markdown_it_on_one_line_paragraphs(text: str) -> None:
    code = Code(text)
    starts = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]
    for token in _MD.parse(text):
        if token.type != "inline" or not token.map or token.map[1] - token.map[0] != 1:
            continue
        start = starts[token.map[0]]
        theirs = [c.content for c in token.children or [] if c.type == "code_inline"]
        ours = [_span_text(text, a, b) for a, b in code.spans_on_line(start)]
        assert ours == theirs


@settings(max_examples=examples(1000), deadline=None)
@given(_line(), st.sampled_from(["```", "~~~"]))
def test_one_line_fence_role_is_what_the_fences_make_of_that_line(line: str, outer: str) -> None:
    """``fence_role`` (a line alone, for edits) answers as ``fences`` does in a text:
    whether the line opens a block, and whether it closes an open one."""
    role = fence_role(line)
    assert (role is not None) == bool(fences(line + "\n"))
    closed = fences(f"{outer}\n{line}\n")[0].close is not None
    assert closed == (role is not None and role[1] and role[0][0] == outer[0])


def test_a_line_whose_run_is_followed_by_a_form_feed_or_no_break_space_closes_nothing() -> None:
    assert fence_role("```\x0c") == ("```", False)
    assert fence_role("```\xa0") == ("```", False)
    assert fence_role("``` \t") == ("```", True)
    assert fence_role("```a`") is None  # a backtick in the info string: inline code


@pytest.mark.parametrize("tail", ["\x0c", "\xa0", "\u2003", " x"])
def test_a_closing_run_followed_by_anything_but_spaces_or_tabs_closes_nothing(tail: str) -> None:
    text = f"```\ncode\n```{tail}\n__MARKER__\n"
    assert open_fence(text) is not None
    assert Code(text).fence_at(text.index("__MARKER__")) is not None


@pytest.mark.parametrize("tail", ["", " ", "\t", " \t "])
def test_a_closing_run_followed_by_spaces_or_tabs_closes(tail: str) -> None:
    text = f"```\ncode\n```{tail}\n__MARKER__\n"
    assert open_fence(text) is None
    assert Code(text).fence_at(text.index("__MARKER__")) is None


def test_tildes_close_only_tildes_and_a_longer_run_closes() -> None:
    text = "~~~~\n```\n~~~\n~~~~~\nafter\n"
    (fence,) = fences(text)
    assert (fence.run, fence.close_run) == ("~~~~", "~~~~~")
    assert not Code(text).contains(text.index("after"))


def test_a_backtick_in_the_info_string_makes_inline_code_not_a_fence() -> None:
    assert fences("```npm test```\nafter\n") == []
    assert len(fences("~~~ a`b\nx\n~~~\n")) == 1  # a tilde fence's info may hold one


def test_a_tab_indents_four_columns_so_a_tabbed_run_is_indented_code() -> None:
    text = "\t```\n\t@a.md\n"
    assert fences(text) == []
    assert Code(text).indented == [(0, 4), (5, 11)]


def test_a_fence_inside_a_block_quote_ends_with_the_quote() -> None:
    text = "> ```\n> x\n\nafter `code`\n"
    (fence,) = fences(text)
    assert fence.close is None and fence.end == text.index("\n\n") + 1  # the blank line ends it
    assert not Code(text).contains(text.index("after"))
    assert Code(text).in_inline_code(text.index("code"))


def test_indented_text_after_a_paragraph_line_continues_the_paragraph() -> None:
    text = "para\n    not code\n\n    code\n"
    assert [text[a:b] for a, b in Code(text).indented] == ["    code"]


def test_an_escaped_backtick_opens_no_span_but_a_closer_is_never_escaped() -> None:
    line = "\\`a` and `b\\`"
    assert [line[a:b] for a, b in code_spans(line, 0, len(line))] == ["` and `"]
    assert line_end(line, 0) == len(line)


MARGIN_LINES = [
    "```",
    "```py",
    "````",
    "`````",
    "``````",
    "```  ",
    "```\t",
    "``` a`b",
    "  ```",
    " ```",
    "```x ```",
    "a ``` b",
    "`` x",
    "a `b` c",
    "~~~",
    "- item",
    "> quote",
    "text",
    "",
    "    code",
]


@settings(max_examples=examples(1500), deadline=None)
@given(st.lists(st.sampled_from(MARGIN_LINES), max_size=30), st.sampled_from(["\n", "\r\n"]))
def test_fences_found_whole_at_the_margin_are_the_fences_read_line_by_line(
    lines: list[str], eol: str
) -> None:
    """``fences`` finds the fences of a text whose runs are all at the left margin with
    one match each (``_margin_fences``), and reads other texts line by line: both give
    what reading every line gives, on texts full of margin fences, closers that are too
    short or have text after them, and the runs that send a text the other way."""
    text = eol.join(lines)
    assert fences(text) == fences(text, every_line=True)
    assert fences(text + eol) == fences(text + eol, every_line=True)
