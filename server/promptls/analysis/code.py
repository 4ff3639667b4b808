"""Where a Markdown text's code is: fenced blocks and inline code spans.

A marker, a date or a home path written inside code is quoted: the author documents it
or shows an example, and nothing fills it in per session. The marker rule for
instruction files (PL003), the foreign-marker rule (PL007) and the volatile-content rule
(PL008) ask here whether a hit is in code; the invisible-character rule (PL010) asks
where the fences are, so that its fix never opens or closes one.

CommonMark's rules, simplified the way the agents' own import parsers simplify them
(``promptls.discovery.imports``): a fence is a run of three or more backticks or tildes
after at most three spaces, closed by a run of the same character at least as long
with nothing else on its line; an unclosed fence runs to the end. A backtick run with
another backtick after it on its line opens nothing (CommonMark: a backtick fence's info
string holds no backtick; ```` ```npm test``` ```` is inline code). An inline span is a
backtick run closed by a run of exactly the same length on the same line. Indented code
is not code here: inside lists it cannot be told from a continuation paragraph.
Everything is computed lazily and at most once, so a text without a hit costs nothing.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import cached_property
from typing import NamedTuple

from promptls.text.lazyre import lazy
from promptls.text.leads import Leads

_FENCE_RUN = Leads(r"`{3,}|~{3,}")
_BACKTICKS = lazy(r"`+")


class Fence(NamedTuple):
    """One fenced block: its opening run, and where its closing run and block end are."""

    start: int
    """Where the opening run starts."""
    run: str
    """The opening run (```` ``` ````, ``~~~~``…)."""
    close: int | None
    """Where the closing run starts; None for a fence left open to the end."""
    close_run: str
    """The closing run as written ("" when unclosed)."""
    end: int
    """Where the block ends (after its closing run, or the end of the text)."""


def line_start(text: str, offset: int) -> int:
    """Where the line holding ``offset`` starts (after LF, CR or CRLF). A CR is only
    looked for after the last LF, so the cost is the line's length, not the text's."""
    newline = text.rfind("\n", 0, offset)
    return max(newline, text.rfind("\r", newline + 1, offset)) + 1


def line_end(text: str, offset: int) -> int:
    """Where the line holding ``offset`` ends (before its LF or CR)."""
    newline = text.find("\n", offset)
    newline = len(text) if newline < 0 else newline
    carriage = text.find("\r", offset, newline)
    return newline if carriage < 0 else carriage


def fence_run_at_line_start(text: str, start: int) -> bool:
    """Only up to three spaces between the line start and ``start``."""
    indent = text[line_start(text, start) : start]
    return len(indent) <= 3 and indent == " " * len(indent)


def fences(text: str) -> list[Fence]:
    """Every fenced block in text order (found from the literal runs: a ``^``-anchored
    multiline pattern would try every line of a large text)."""
    if "```" not in text and "~~~" not in text:
        return []
    found: list[Fence] = []
    opening: tuple[int, str] | None = None
    for _, match in _FENCE_RUN.finditer(text):
        start, run = match.start(), match.group()
        if not fence_run_at_line_start(text, start):
            continue
        if opening is None:
            if run[0] == "`" and "`" in text[match.end() : line_end(text, match.end())]:
                continue  # a backtick fence's info string holds no backtick: inline code
            opening = (start, run)
            continue
        closes = run[0] == opening[1][0] and len(run) >= len(opening[1])
        if closes and not text[match.end() : line_end(text, match.end())].strip():
            found.append(Fence(opening[0], opening[1], start, run, match.end()))
            opening = None
    if opening is not None:
        found.append(Fence(opening[0], opening[1], None, "", len(text)))
    return found


def inline_spans(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Inline code spans inside ``text[start:end]`` (one line): a backtick run up to the
    next run of exactly its length. Runs are indexed by length, so a line of unmatched
    runs costs no rescans."""
    runs = [(m.start(), m.end()) for m in _BACKTICKS.finditer(text, start, end)]
    by_length: dict[int, list[int]] = {}
    for index, (a, b) in enumerate(runs):
        by_length.setdefault(b - a, []).append(index)
    spans: list[tuple[int, int]] = []
    index = 0
    while index < len(runs):
        a, b = runs[index]
        same = by_length[b - a]
        later = bisect_right(same, index)
        if later < len(same):
            closer = same[later]
            spans.append((a, runs[closer][1]))
            index = closer + 1
        else:
            index += 1
    return spans


class Code:
    """Answers "is this offset in code?" for one text."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._lines: dict[int, list[tuple[int, int]]] = {}

    @cached_property
    def fences(self) -> list[Fence]:
        """The fenced blocks, found on the first question."""
        return fences(self.text)

    @cached_property
    def shape(self) -> list[tuple[int, int | None]]:
        """The fenced blocks' opening and closing lines (see ``shape``)."""
        return shape(self.text, self.fences)

    @cached_property
    def _fence_starts(self) -> list[int]:
        return [f.start for f in self.fences]

    def fence_at(self, offset: int) -> Fence | None:
        """The fenced block holding ``offset`` (its opening and closing lines included)."""
        index = bisect_right(self._fence_starts, offset) - 1
        if index >= 0 and offset < self.fences[index].end:
            return self.fences[index]
        return None

    def in_inline_code(self, offset: int) -> bool:
        """Inside an inline code span of its own line."""
        if "`" not in self.text:
            return False
        start = line_start(self.text, offset)
        spans = self._lines.get(start)
        if spans is None:
            spans = self._lines[start] = inline_spans(self.text, start, line_end(self.text, offset))
        return any(a < offset < b for a, b in spans)

    def contains(self, offset: int) -> bool:
        """In a fenced block or an inline code span."""
        return self.fence_at(offset) is not None or self.in_inline_code(offset)


_FENCE_LINE = lazy(r" {0,3}(`{3,}|~{3,})(.*)")


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


def _fence_role(line: str) -> tuple[str, bool] | None:
    """A line's fence run and whether nothing follows it (what makes it a closer)."""
    match = _FENCE_LINE.fullmatch(line)
    if match is None:
        return None
    run, rest = match.groups()
    if run[0] == "`" and "`" in rest:
        return None  # neither opens (its info string holds a backtick) nor closes
    return run, not rest.strip()


def _without(text: str, spans: list[tuple[int, int]]) -> tuple[int, int, str]:
    """The line holding ``spans`` (all on one line, in order): its bounds, and its text
    with the spans deleted."""
    first, last = line_start(text, spans[0][0]), line_end(text, spans[-1][1])
    return first, last, _apply(text[first:last], [(a - first, b - first, "") for a, b in spans])


def fence_role_changes(text: str, spans: list[tuple[int, int]]) -> bool:
    """Whether deleting ``spans`` (on one line) makes the line a fence, or no longer
    one, or changes whether it could close one: cheap, looks at the line only."""
    first, last, line = _without(text, spans)
    return _fence_role(text[first:last]) != _fence_role(line)


def removal_moves_fences(text: str, spans: list[tuple[int, int]], code: Code) -> bool:
    """Whether deleting ``spans`` (on one line) opens, closes or ends a fenced block:
    the whole text's fences before and after (linear; ask ``fence_role_changes`` first).

    An invisible character at the head of a ```` ``` ```` line inside another fence keeps
    it from closing the outer block; removing it would end the block early."""
    first, last, line = _without(text, spans)
    removed = text[:first] + line + text[last:]
    return shape(removed, fences(removed)) != code.shape


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
    return edits if shape(fixed, fences(fixed)) == code.shape else None


def _apply(text: str, edits: list[tuple[int, int, str]]) -> str:
    """Apply non-overlapping edits given in text order."""
    parts: list[str] = []
    cursor = 0
    for a, b, new in edits:
        parts += [text[cursor:a], new]
        cursor = b
    return "".join(parts) + text[cursor:]
