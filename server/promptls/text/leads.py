"""A regex alternation searched one alternative at a time, each from its literal lead.

CPython's regex engine skips ahead quickly only when a pattern starts with one literal
character (a tight C loop over the text, about one character a cycle). A top-level
alternation whose alternatives start with different characters (```` ``` ```` or
``~~~``; ``-``, ``_`` or ``A``) instead tests a character class at every position, ten
times slower: on a 1 MB prompt that was 7–10 ms a pattern, more than the rest of the
rule. ``Leads`` gives the same answers from one search per alternative, and picks what
the alternation would have picked: the leftmost match, and at one position the
alternative written first.

The pattern stays written as one alternation (one string to read, and the one the
pattern mutation tests mutate); it is split at its top-level ``|`` when first used.
Every alternative must consume at least one character (an empty match would make the
emulation of ``finditer`` differ), and group numbers are each alternative's own.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from typing import AnyStr, Generic


def split_alternatives(pattern: AnyStr) -> tuple[AnyStr, ...]:
    """The top-level alternatives of ``pattern`` (``a|(b|c)|[|]`` → ``a``, ``(b|c)``,
    ``[|]``): a ``|`` inside a group, a character class or after a backslash stays."""
    text = pattern.decode("latin-1") if isinstance(pattern, bytes) else pattern
    parts: list[str] = []
    depth, start, i = 0, 0, 0
    in_class = False
    while i < len(text):
        char = text[i]
        if char == "\\":
            i += 2
            continue
        if in_class:
            if char == "]":
                in_class = False
        elif char == "[":
            in_class = True
            if text.startswith("^", i + 1):
                i += 1
            if text.startswith("]", i + 1):  # a leading ``]`` is a literal in the class
                i += 1
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "|" and depth == 0:
            parts.append(text[start:i])
            start = i + 1
        i += 1
    parts.append(text[start:])
    if isinstance(pattern, bytes):
        return tuple(p.encode("latin-1") for p in parts)
    return tuple(parts)


class Leads(Generic[AnyStr]):
    """``pattern``'s alternatives, compiled on first use, searched one by one."""

    def __init__(self, pattern: AnyStr, flags: int = 0) -> None:
        """``pattern`` as one would pass it to ``re.compile``."""
        self.pattern: AnyStr = pattern
        self.flags = flags
        self._compiled: tuple[re.Pattern[AnyStr], ...] | None = None

    @property
    def alternatives(self) -> tuple[re.Pattern[AnyStr], ...]:
        """The compiled alternatives, in the order the pattern writes them."""
        compiled = self._compiled
        if compiled is None:
            parts: tuple[AnyStr, ...] = split_alternatives(self.pattern)
            compiled = self._compiled = tuple(re.compile(p, self.flags) for p in parts)
        return compiled

    def search(
        self, text: AnyStr, pos: int = 0, endpos: int = sys.maxsize
    ) -> tuple[int, re.Match[AnyStr]] | None:
        """The alternation's ``search``: (which alternative, its match), or None."""
        best: tuple[int, re.Match[AnyStr]] | None = None
        for index, alternative in enumerate(self.alternatives):
            found = alternative.search(text, pos, endpos)
            if found is not None and (best is None or found.start() < best[1].start()):
                best = (index, found)
        return best

    def finditer(
        self, text: AnyStr, pos: int = 0, endpos: int = sys.maxsize
    ) -> Iterator[tuple[int, re.Match[AnyStr]]]:
        """The alternation's ``finditer``: (which alternative, its match), in order.

        Each alternative's next match is kept; after a match ends at ``e``, only the
        alternatives whose kept match starts before ``e`` search again, from ``e``. Once
        one alternative alone still matches, its own ``finditer`` goes on from there in
        C (a fenced prompt has hundreds of ```` ``` ```` runs and no ``~~~``).
        """
        alternatives = self.alternatives
        ahead: list[re.Match[AnyStr] | None] = [a.search(text, pos, endpos) for a in alternatives]
        while True:
            best, match = -1, None
            pending = 0
            for index, found in enumerate(ahead):
                if found is not None:
                    pending += 1
                    if match is None or found.start() < match.start():
                        best, match = index, found
            if match is None:
                return
            if pending == 1:
                yield from _rest(best, match, alternatives[best], text, endpos)
                return
            resume = match.end()
            if resume == match.start():
                raise ValueError(f"an alternative of {self.pattern!r} matched empty text")
            yield best, match
            for index, found in enumerate(ahead):
                if found is not None and found.start() < resume:
                    ahead[index] = alternatives[index].search(text, resume, endpos)


def _rest(
    index: int, first: re.Match[AnyStr], pattern: re.Pattern[AnyStr], text: AnyStr, endpos: int
) -> Iterator[tuple[int, re.Match[AnyStr]]]:
    """``first``, then ``pattern``'s matches from where it ends: what searching again
    from each match's end gives (no alternative matches empty text), look-behinds still
    seeing the text before."""
    if first.end() == first.start():
        raise ValueError(f"an alternative {pattern.pattern!r} matched empty text")
    yield index, first
    for match in pattern.finditer(text, first.end(), endpos):
        if match.end() == match.start():
            raise ValueError(f"an alternative {pattern.pattern!r} matched empty text")
        yield index, match
