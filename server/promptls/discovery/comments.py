"""Block-level HTML comments that an agent hides from the model.

Claude Code 2.1.72 (CHANGELOG, 2026-03-10): "Changed CLAUDE.md HTML comments
(``<!-- ... -->``) to be hidden from Claude when auto-injected"; the memory page adds
that block-level comments are stripped and comments inside code blocks are kept. So a
comment that starts a line (after up to three spaces), outside a fenced code block, is
removed up to its ``-->`` together with the rest of that closing line when it is blank;
an inline comment inside a paragraph stays. The comment ends at the first ``-->`` of
its first line or a later one (CommonMark's end of an HTML block of type 2). A line
starting ``<!-->`` or ``<!--->`` opens no comment at all: the pinned Claude Code sends
it and the lines after it (the oracle's scenario). Users
who park notes for humans in comments see here exactly what the model does not get.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from promptls.text import runmemo
from promptls.text.lazyre import lazy
from promptls.text.markdown import Fence, fences, line_end

_OPEN = lazy(r"(?:^|(?<=\r)) {0,3}<!--(?!-?>)", re.MULTILINE)
"""``<!-->`` and ``<!--->`` open no comment: Claude Code 2.1.332 sends such a line and
everything after it (oracle scenario "claude: <!--> opens no comment")."""


class _Code:
    """The fenced blocks of a text, found again after a comment that held a fence run."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.blocks: list[Fence] = fences(text)
        self.starts = [b.start for b in self.blocks]

    def holding(self, offset: int) -> Fence | None:
        """The fenced block holding ``offset``, if any."""
        index = bisect_right(self.starts, offset) - 1
        if index >= 0 and offset < self.blocks[index].end:
            return self.blocks[index]
        return None

    def restart(self, start: int, end: int) -> None:
        """A comment covers ``text[start:end]`` (``end`` a line start): a fence run
        inside it opened nothing, so the blocks after it are found from ``end``."""
        index = bisect_right(self.starts, start)
        if index == len(self.starts) or self.starts[index] >= end:
            return  # no fence run inside the comment: the answer stands
        later = fences(self.text[end:])
        self.blocks = self.blocks[:index] + [
            Fence(b.start + end, b.run, None if b.close is None else b.close + end,
                  b.close_run, b.end + end)
            for b in later
        ]  # fmt: skip
        self.starts = [b.start for b in self.blocks]


def block_comment_spans(text: str) -> list[tuple[int, int]]:
    """The ``str`` spans an agent that hides block-level comments removes, in order:
    from the start of a comment's first line to its ``-->``, and the rest of that
    closing line with its line break when nothing else is on it.

    Code is ``promptls.text.markdown``'s (CommonMark): a comment line inside a fenced
    block is code. A comment is an HTML block (4.6, type 2), so a fence run inside it
    opens nothing.
    """
    if "<!--" not in text:  # most files: no line to look at (discovery asks for each)
        return []
    code = _Code(text)
    spans: list[tuple[int, int]] = []
    pos = 0
    while (found := _OPEN.search(text, pos)) is not None:
        start = found.start()
        fence = code.holding(start)
        if fence is not None:
            pos = max(fence.end, start + 1)
            continue
        close = text.find("-->", found.end() - 4)
        if close < 0:
            break  # never closed: the HTML block runs to the end, and nothing is hidden
        end = line_end(text, close)
        after = end + (2 if text.startswith("\r\n", end) else int(end < len(text)))
        spans.append((start, after if not text[close + 3 : end].strip() else close + 3))
        code.restart(start, after)
        pos = after
    return spans


def strip_block_comments(text: str) -> tuple[str, int]:
    """``text`` without its block-level HTML comments, and how many characters went
    (once per text in a ``check`` run)."""
    if "<!--" not in text:  # most files: cheaper than the memo's hashing
        return text, 0
    return runmemo.remembered("comments", text, lambda: _strip(text))


def _strip(text: str) -> tuple[str, int]:
    """``strip_block_comments`` itself."""
    kept: list[str] = []
    cursor = removed = 0
    for start, end in block_comment_spans(text):
        kept.append(text[cursor:start])
        removed += end - start
        cursor = end
    kept.append(text[cursor:])
    return "".join(kept), removed
