"""Exact boundary markers in a text: every configured marker, then the known foreign
ones that are not configured (the scanner's first step, ``scanner.scan``).

Each marker is found from its rarest character (``Led``: ``memchr`` for the ``_`` of the
usual markers), and markers that share a long suffix (``_BOUNDARY__``) are found in one
pass over that suffix.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from promptls.analysis.model import MarkerHit, MarkerKind
from promptls.text.leads import Led


@lru_cache(maxsize=64)
def _common_suffix(strings: tuple[str, ...]) -> str:
    """The longest suffix every string shares (markers tend to share ``_BOUNDARY__``),
    once per marker set."""
    if not strings:
        return ""
    shortest = min(strings, key=len)
    length = 0
    while length < len(shortest) and len({s[len(s) - 1 - length] for s in strings}) == 1:
        length += 1
    return shortest[len(shortest) - length :]


@lru_cache(maxsize=64)
def _literal(marker: str) -> Led[str]:
    """A search for ``marker`` from its rarest character (``_`` in the usual markers),
    which ``memchr`` finds: ``str.find`` reads every character of the text."""
    return Led(re.compile(re.escape(marker)))


def _find(text: str, marker: str, start: int = 0) -> int:
    """``text.find(marker, start)``."""
    found = _literal(marker).search(text, start)
    return -1 if found is None else found.start()


def _occurrences(text: str, markers: Sequence[str]) -> list[tuple[int, str]]:
    """Every (start, marker) occurrence, in one pass when the markers share a suffix."""
    found: list[tuple[int, str]] = []
    suffix = _common_suffix(tuple(markers))
    if len(suffix) >= 6 and len(markers) > 1:
        index = _find(text, suffix)
        while index >= 0:
            end = index + len(suffix)
            for marker in markers:
                start = end - len(marker)
                if start >= 0 and text.startswith(marker, start):
                    found.append((start, marker))
            index = _find(text, suffix, index + 1)
        return found
    for marker in markers:
        index = _find(text, marker)
        while index >= 0:
            found.append((index, marker))
            index = _find(text, marker, index + 1)
    return found


def find_exact(text: str, markers: Sequence[str], foreign: Sequence[str]) -> list[MarkerHit]:
    """Every exact occurrence, configured markers first; overlaps keep the earlier/longer."""
    configured = [m for m in markers if m]
    others = [m for m in foreign if m and m not in configured]
    raw: list[tuple[int, int, MarkerKind, str]] = []
    for start, marker in _occurrences(text, [*configured, *others]):
        kind = MarkerKind.EXACT if marker in configured else MarkerKind.FOREIGN
        raw.append((start, start + len(marker), kind, marker))
    raw.sort(key=lambda hit: (hit[0], -hit[1]))
    hits: list[MarkerHit] = []
    last_end = -1
    for start, end, kind, marker in raw:
        if start < last_end:
            continue
        reason = "" if kind is MarkerKind.EXACT else "another agent's marker, not configured"
        hits.append(MarkerHit(start, end, kind, marker, reason))
        last_end = end
    return hits
