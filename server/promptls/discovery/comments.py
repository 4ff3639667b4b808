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

from promptls.text import runmemo
from promptls.text.lazyre import lazy

_FENCE = lazy(r"^ {0,3}(`{3,}|~{3,})")
_OPEN = lazy(r"^ {0,3}<!--(?!-?>)")
"""``<!-->`` and ``<!--->`` open no comment: Claude Code 2.1.332 sends such a line and
everything after it (oracle scenario "claude: <!--> opens no comment")."""


def block_comment_spans(text: str) -> list[tuple[int, int]]:
    """The ``str`` spans an agent that hides block-level comments removes, in order:
    from the start of a comment's first line to its ``-->``, and the rest of that
    closing line with its line break when nothing else is on it."""
    if "<!--" not in text:  # most files: no line to look at (discovery asks for each)
        return []
    lines = text.splitlines(keepends=True)
    spans: list[tuple[int, int]] = []
    fence: str | None = None
    offset = 0
    i = 0
    while i < len(lines):
        line = lines[i]
        match = _FENCE.match(line)
        if fence is not None or match or not _OPEN.match(line):
            if fence is not None:
                if match and match.group(1)[0] == fence[0] and len(match.group(1)) >= len(fence):
                    fence = None
            elif match:
                fence = match.group(1)
            offset += len(line)
            i += 1
            continue
        start = offset
        close = line.find("-->")  # CommonMark: the block ends on the first line holding -->
        while close < 0 and i + 1 < len(lines):
            offset += len(lines[i])
            i += 1
            close = lines[i].find("-->")
        if close < 0:
            break
        rest = lines[i][close + 3 :]
        end = offset + close + 3 + (0 if rest.strip() else len(rest))
        spans.append((start, end))
        offset += len(lines[i])
        i += 1
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
