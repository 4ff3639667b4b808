"""Edits near code fences: what PL010's fix may remove without opening, closing or
ending a fenced block. Where the fences are is ``promptls.text.markdown``'s answer
(CommonMark); this module only compares that answer before and after an edit.
"""

from __future__ import annotations

import re

from promptls.text.markdown import Code, Fence, fence_role, fences, line_end, line_start


def _breaks(text: str, start: int, end: int) -> int:
    """Line breaks in ``text[start:end]`` (LF, CR and CRLF count once each)."""
    return (
        text.count("\n", start, end) + text.count("\r", start, end) - text.count("\r\n", start, end)
    )


def shape(text: str, blocks: list[Fence]) -> list[tuple[int, int | None]]:
    """The fenced blocks as (opening line, closing line): what a removal must keep.
    One pass: the offsets are in text order, and none splits a CRLF."""
    lines: list[tuple[int, int | None]] = []
    line = cursor = 0
    for block in blocks:
        line += _breaks(text, cursor, block.start)
        opening, cursor = line, block.start
        if block.close is None:
            lines.append((opening, None))
            continue
        line += _breaks(text, cursor, block.close)
        cursor = block.close
        lines.append((opening, line))
    return lines


def _without(text: str, spans: list[tuple[int, int]]) -> tuple[int, int, str]:
    """The line holding ``spans`` (all on one line, in order): its bounds, and its text
    with the spans deleted."""
    first, last = line_start(text, spans[0][0]), line_end(text, spans[-1][1])
    return first, last, _apply(text[first:last], [(a - first, b - first, "") for a, b in spans])


def fence_role_changes(text: str, spans: list[tuple[int, int]]) -> bool:
    """Whether deleting ``spans`` (on one line) makes the line a fence, or no longer
    one, or changes whether it could close one: cheap, looks at the line only."""
    first, last, line = _without(text, spans)
    return fence_role(text[first:last]) != fence_role(line)


def removal_moves_fences(text: str, spans: list[tuple[int, int]], code: Code) -> bool:
    """Whether deleting ``spans`` (on one line) opens, closes or ends a fenced block:
    the whole text's fences before and after (linear; ask ``fence_role_changes`` first).

    An invisible character at the head of a ```` ``` ```` line inside another fence keeps
    it from closing the outer block; removing it would end the block early."""
    first, last, line = _without(text, spans)
    removed = text[:first] + line + text[last:]
    return shape(removed, fences(removed)) != shape(code.text, code.fences)


def lengthened_fence_edits(
    text: str, start: int, end: int, code: Code
) -> list[tuple[int, int, str]] | None:
    """Edits that remove ``text[start:end]`` inside a fenced block and lengthen that
    block's fences, so the line it frees stays content; None when the block structure
    would still change (or there is no enclosing block to lengthen).

    The opening edit rewrites the opening line to its end (the info string as written),
    so another fix on that line conflicts with it and waits for the next pass: removing
    an invisible character right after the run (``~~~`` U+200B ``~~~``) would otherwise
    join the lengthened run to the info string's, a longer fence the closer no longer
    closes."""
    outer = code.fence_at(start)
    if outer is None or line_start(text, start) <= outer.start:
        return None  # not inside a block, or on its opening line
    if outer.close is not None and start >= line_start(text, outer.close):
        return None  # on its closing line
    char = outer.run[0]
    body_end = outer.close if outer.close is not None else outer.end
    longest = max(
        (len(m.group()) for m in re.finditer(re.escape(char) + "+", text[outer.start : body_end])),
        default=0,
    )
    run = char * (max(longest, len(outer.run)) + 1)
    info_end = line_end(text, outer.start)
    info = text[outer.start + len(outer.run) : info_end]
    edits = [(outer.start, info_end, run + info), (start, end, "")]
    if outer.close is not None:
        edits.append((outer.close, outer.close + len(outer.close_run), run))
    fixed = _apply(text, edits)
    return edits if shape(fixed, fences(fixed)) == shape(code.text, code.fences) else None


def _apply(text: str, edits: list[tuple[int, int, str]]) -> str:
    """Apply non-overlapping edits given in text order."""
    parts: list[str] = []
    cursor = 0
    for a, b, new in edits:
        parts += [text[cursor:a], new]
        cursor = b
    return "".join(parts) + text[cursor:]
