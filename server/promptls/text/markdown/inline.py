"""Code spans (CommonMark 0.31.2, 6.1) and backtick runs: the inline half of
``promptls.text.markdown``."""

from __future__ import annotations

import re
from bisect import bisect_right

from promptls.text.lazyre import lazy

_BACKTICKS = lazy(r"`+")


def backtick_runs(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """Every run of backticks in ``text[start:end]``, as (start, end): what code spans
    and an agent's own backtick-pair dialect are made of."""
    stop = len(text) if end is None else end
    return [m.span() for m in _BACKTICKS.finditer(text, start, stop)]


def code_spans(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """6.1 code spans inside ``text[start:end]`` (one line), backtick runs included: a
    run up to the next run of exactly its length. A backslash before a run escapes its
    first backtick (2.4); inside a span a backslash is literal, so a closer is never
    escaped. Runs are indexed by length, so a line of unmatched runs costs no rescans."""
    runs = backtick_runs(text, start, end)
    by_length: dict[int, list[int]] = {}
    for index, (a, b) in enumerate(runs):
        by_length.setdefault(b - a, []).append(index)
    spans: list[tuple[int, int]] = []
    index = 0
    while index < len(runs):
        a, b = runs[index]
        slashes = 0
        while a - slashes > start and text[a - slashes - 1] == "\\":
            slashes += 1
        a += slashes % 2
        same = by_length.get(b - a, [])
        later = bisect_right(same, index)
        if a < b and later < len(same):
            closer = same[later]
            spans.append((a, runs[closer][1]))
            index = closer + 1
        else:
            index += 1
    return spans


def longest_run(text: str, char: str = "`") -> int:
    """The longest run of ``char`` in ``text``: a fence or span one longer than it is one
    nothing inside can close."""
    return max((len(m) for m in re.findall(re.escape(char) + "+", text)), default=0)
