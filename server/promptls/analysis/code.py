"""Where a Markdown text's code is: fenced blocks and inline code spans.

A marker, a date or a home path written inside code is quoted: the author documents it
or shows an example, and nothing fills it in per session. The marker rule for
instruction files (PL003), the foreign-marker rule (PL007) and the volatile-content rule
(PL008) ask here whether a hit is in code; the invisible-character rule (PL010) asks
where the fences are, so that its fix never opens or closes one.

CommonMark's rules, simplified the way the agents' own import parsers simplify them
(``promptls.discovery.imports``): a fence is a run of three or more backticks or tildes
after at most three spaces, closed by a run of the same character at least as long
with nothing else on its line; an unclosed fence runs to the end. An inline span is a
backtick run closed by a run of exactly the same length on the same line. Indented code
is not code here: inside lists it cannot be told from a continuation paragraph.
Everything is computed lazily and at most once, so a text without a hit costs nothing.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from functools import cached_property

_FENCE_RUN = re.compile(r"`{3,}|~{3,}")
_BACKTICKS = re.compile(r"`+")


@dataclass(frozen=True, slots=True)
class Fence:
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
    """Where the line holding ``offset`` starts (after LF, CR or CRLF)."""
    return max(text.rfind("\n", 0, offset), text.rfind("\r", 0, offset)) + 1


def line_end(text: str, offset: int) -> int:
    """Where the line holding ``offset`` ends (before its LF or CR)."""
    ends = [i for i in (text.find("\n", offset), text.find("\r", offset)) if i >= 0]
    return min(ends) if ends else len(text)


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
    for match in _FENCE_RUN.finditer(text):
        start, run = match.start(), match.group()
        if not fence_run_at_line_start(text, start):
            continue
        if opening is None:
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
