"""Markers that a document only *mentions*: quoted in docs, not placed in a prompt.

A README or a design note that writes `` `__ZIDANE_SYSTEM_PROMPT_BOUNDARY__` `` talks about
the marker; nobody splits that file. For "other" documents (neither instruction nor
prompt files) a marker, foreign marker or near-miss is a mention, and is not analysed,
when it is wrapped in matching quotes or backticks, or sits inside a fenced code block.
Prompt and instruction files get no such leniency: the host splits a prompt file at a
quoted marker just the same, and an instruction file is rendered whatever the quoting.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from promptls.analysis.model import MarkerHit

_FENCE = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,})", re.MULTILINE)
_QUOTES = "`'\""


def _fenced_ranges(text: str) -> list[tuple[int, int]]:
    """Spans of fenced code blocks (an unclosed fence runs to the end, as in CommonMark)."""
    ranges: list[tuple[int, int]] = []
    opening: re.Match[str] | None = None
    for match in _FENCE.finditer(text):
        fence = match.group(1)
        if opening is None:
            opening = match
        elif fence[0] == opening.group(1)[0] and len(fence) >= len(opening.group(1)):
            ranges.append((opening.start(), match.end()))
            opening = None
    if opening is not None:
        ranges.append((opening.start(), len(text)))
    return ranges


def _quoted(text: str, hit: MarkerHit) -> bool:
    """Wrapped in the same quote or backtick on both sides."""
    if hit.start == 0 or hit.end >= len(text):
        return False
    before, after = text[hit.start - 1], text[hit.end]
    return before in _QUOTES and before == after


def without_mentions(text: str, hits: tuple[MarkerHit, ...]) -> tuple[MarkerHit, ...]:
    """The hits that are not mentions (quoted or fenced)."""
    if not hits:
        return hits
    fences = _fenced_ranges(text) if "``" in text or "~~~" in text else []
    starts = [start for start, _ in fences]

    def fenced(offset: int) -> bool:
        """Whether an offset lies in a fenced block."""
        index = bisect_right(starts, offset) - 1
        return index >= 0 and offset < fences[index][1]

    return tuple(h for h in hits if not _quoted(text, h) and not fenced(h.start))
