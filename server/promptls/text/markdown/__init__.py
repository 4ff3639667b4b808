"""Where a Markdown text's code is: fenced code blocks, indented code blocks and code
spans, by CommonMark 0.31.2 (spec.commonmark.org/0.31.2). The one copy: every rule, the
mention filter, the comment stripper and Claude Code's import parser ask here, so they
can never disagree on where a block ends (``tests/core/test_one_copy.py`` keeps it so;
gemini-cli's import dialect pairs the backtick runs found here its own way).
``blocks`` finds the fences, ``inline`` the code spans; ``Code`` answers for one text.

- 4.5 Fenced code blocks: a run of at least three backticks or tildes, indented at most
  three spaces; a backtick fence's info string holds no backtick (```` ```npm test``` ````
  is inline code). It is closed by a run of the same character at least as long,
  indented at most three spaces, "followed only by spaces or tabs": a form feed or a
  no-break space after the run makes the line content, not a closer (2.1 counts both as
  whitespace, and Python's ``str.strip`` strips them, which is why this is spelled out).
  An unclosed fence runs to the end of its container, or of the document.
- 5.1 Block quotes and 5.2 list items are followed (a ``>`` prefix, the item's content
  column): a fence inside one ends with it. 2.2 Tabs: a tab stops at a multiple of 4.
- 4.4 Indented code blocks: four columns of indentation in their container, not
  interrupting a paragraph (``Blocks.indented``; walks every line, so only on request).
- 6.1 Code spans: a backtick string up to the next string of exactly its length; a
  backslash escapes the opener's first backtick (2.4) but not a closer's.

Known simplifications (each an answer a reader would rarely meet in an instruction
file, and the property test against markdown-it-py keeps to the rest): code spans are
found per line (6.1 lets one span a line break inside a paragraph); HTML blocks (4.6: a
fence inside ``<details>`` with no blank line is HTML), lazy continuation lines (5.1: a
container stays open on them), setext underlines and which list items may interrupt a
paragraph are not modelled, and HTML tags, autolinks and links are not looked at before
code spans (6.5, 6.6).
"""

from __future__ import annotations

from bisect import bisect_right
from functools import cached_property

from promptls.text.markdown.blocks import (
    Blocks,
    Fence,
    OpenFence,
    _open_fence,
    blank_fence_shaped,
    fence_role,
    fence_shaped,
    fences,
    line_end,
    line_start,
    open_fence,
)
from promptls.text.markdown.inline import backtick_runs, code_spans, longest_run


class Code:
    """Answers "is this offset in code?" for one text, each part found on first use."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._lines: dict[int, list[tuple[int, int]]] = {}

    @cached_property
    def fences(self) -> list[Fence]:
        """The fenced blocks, in text order."""
        return fences(self.text)

    @cached_property
    def _fence_starts(self) -> list[int]:
        return [f.start for f in self.fences]

    @cached_property
    def open_fence(self) -> OpenFence | None:
        """The fenced block still open at the end of the text."""
        last = self.fences[-1] if self.fences else None
        if last is None or last.close is not None or last.end != len(self.text):
            return None
        return _open_fence(self.text, last)

    @cached_property
    def indented(self) -> list[tuple[int, int]]:
        """4.4 indented code lines as (line start, line end), in order (every line read)."""
        blocks = Blocks(self.text, full=True)
        blocks.walk(0, len(self.text), skip=False)
        return blocks.indented

    def fence_at(self, offset: int) -> Fence | None:
        """The fenced block holding ``offset`` (its opening and closing lines included)."""
        index = bisect_right(self._fence_starts, offset) - 1
        if index >= 0 and offset < self.fences[index].end:
            return self.fences[index]
        return None

    def spans_on_line(self, offset: int) -> list[tuple[int, int]]:
        """The code spans of the line holding ``offset`` (remembered per line)."""
        start = line_start(self.text, offset)
        spans = self._lines.get(start)
        if spans is None:
            spans = self._lines[start] = code_spans(self.text, start, line_end(self.text, offset))
        return spans

    def in_inline_code(self, offset: int) -> bool:
        """Inside a code span of its own line (its backticks excluded)."""
        if "`" not in self.text:
            return False
        return any(a < offset < b for a, b in self.spans_on_line(offset))

    def contains(self, offset: int) -> bool:
        """In a fenced block or a code span. Indented code is not asked here: a prompt
        file is not always Markdown, and an indented line there is prose."""
        return self.fence_at(offset) is not None or self.in_inline_code(offset)


__all__ = [
    "Blocks",
    "Code",
    "Fence",
    "OpenFence",
    "backtick_runs",
    "blank_fence_shaped",
    "code_spans",
    "fence_role",
    "fence_shaped",
    "fences",
    "line_end",
    "line_start",
    "longest_run",
    "open_fence",
]
