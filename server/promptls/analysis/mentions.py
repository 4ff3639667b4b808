"""Markers that a document only *mentions*: quoted in docs, not placed in a prompt.

A README or a design note that writes `` `__ZIDANE_SYSTEM_PROMPT_BOUNDARY__` `` talks about
the marker; nobody splits that file. For "other" documents (neither instruction nor
prompt files) a marker, foreign marker or near-miss is a mention, and is not analysed,
when it is wrapped in matching quotes or backticks, or sits inside a fenced code block.
Prompt and instruction files get no such leniency: the host splits a prompt file at a
quoted marker just the same, and an instruction file is rendered whatever the quoting.
"""

from __future__ import annotations

from bisect import bisect_right

from promptls.analysis.model import MarkerHit
from promptls.text.lazyre import lazy
from promptls.text.markdown import line_end

_FENCES = (lazy(r"```+"), lazy(r"~~~+"))
"""Fence runs, searched by their literal start (fast) and then kept only at a line start
(after at most three spaces): a ``^``-anchored multiline regex would try every line."""
_CLOSING_TAIL = lazy(r"[ \t]*(?:[\r\n]|\Z)")
"""What may follow a closing fence run on its line (CommonMark: spaces and tabs only)."""
_QUOTES = "`'\""


def _fenced_ranges(text: str) -> list[tuple[int, int]]:
    """Spans of fenced code blocks (an unclosed fence runs to the end, as in CommonMark;
    a backtick run with another backtick after it on its line opens none)."""
    runs = sorted(
        (m.start(), m.end())
        for regex in _FENCES
        for m in regex.finditer(text)
        if _at_line_start(text, m.start())
    )
    ranges: list[tuple[int, int]] = []
    opening: str | None = None
    opened_at = 0
    for start, end in runs:
        fence = text[start:end]
        if opening is None:
            if fence[0] == "`" and "`" in text[end : line_end(text, end)]:
                continue  # a backtick fence's info string holds no backtick: inline code
            opening, opened_at = fence, start
        elif (
            fence[0] == opening[0]
            and len(fence) >= len(opening)
            and _CLOSING_TAIL.match(text, end) is not None
        ):
            ranges.append((opened_at, end))
            opening = None
    if opening is not None:
        ranges.append((opened_at, len(text)))
    return ranges


def _at_line_start(text: str, start: int) -> bool:
    """Only spaces (at most three) between the previous line break and ``start``."""
    line_start = (
        max(text.rfind("\n", max(0, start - 4), start), text.rfind("\r", max(0, start - 4), start))
        + 1
    )
    if line_start == 0 and start > 3:
        return False
    indent = text[line_start:start]
    return len(indent) <= 3 and indent.strip(" ") == ""


def _quoted(text: str, hit: MarkerHit) -> bool:
    """Wrapped in the same quote or backtick on both sides."""
    if hit.start == 0 or hit.end >= len(text):
        return False
    before, after = text[hit.start - 1], text[hit.end]
    return before in _QUOTES and before == after


def without_mentions(text: str, hits: tuple[MarkerHit, ...]) -> tuple[MarkerHit, ...]:
    """The hits that are not mentions (quoted or fenced)."""
    hits = tuple(h for h in hits if not _quoted(text, h))
    if not hits:
        return hits
    fences = _fenced_ranges(text) if "``" in text or "~~~" in text else []
    starts = [start for start, _ in fences]

    def fenced(offset: int) -> bool:
        """Whether an offset lies in a fenced block."""
        index = bisect_right(starts, offset) - 1
        return index >= 0 and offset < fences[index][1]

    return tuple(h for h in hits if not fenced(h.start))
