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

Even the one-literal loop reads every character (a few instructions each), while
finding one character (``str.find``, ``bytes.find``) is ``memchr``: a hundred times
faster (finding a longer string is not, in CPython 3.11). When one character of an
alternative's literal lead is rare (``~`` of ``~~~``, ``K`` of ``AKIA``, ``{``, a
``z``), finding it and matching around it costs a small fraction of the scan; when it is
frequent (``-`` in prose), a Python step per occurrence costs more than the scan.
:class:`Led` tries the first and falls back to the regex engine as soon as the
occurrences come closer together than :data:`GAP` characters on average.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from typing import AnyStr, Generic

from promptls.text.lazyre import constants

try:  # CPython's own regex parser: present in 3.11-3.14, private, so guarded
    from re import _constants as _sre  # type: ignore[attr-defined]
    from re import _parser as _sre_parser  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - only on a Python without them
    _sre = _sre_parser = None

GAP = 1024
"""Characters a find must skip per occurrence that does not match, on average, to beat
the regex engine's own scan (a Python step per occurrence against ~1 ns a character)."""
CREDIT = 8
"""Occurrences that may miss before the average gap is looked at."""
LONG_LEAD = 4
"""Lead length from which ``find`` of the whole lead is tried before the regex engine:
shorter needles skip too little (``text.find("sk-")`` costs more than the regex scan)."""
COMMON = " \n\tetaoinsrhldcumfpgwybv-.,:/*#`'\"()TASCWI0123456789kxjqz"
"""Characters from frequent to rare in instruction files (English prose, Markdown);
anything else (most capitals, ``~``, ``{``, ``$``, non-ASCII) counts as rarer still. Only a
guess to pick which character of a lead to find: a wrong one costs the fallback."""


def _rarity(code: int) -> int:
    """How rare a character (code point or byte) is thought to be: higher is rarer. Of
    UTF-8 bytes, a continuation byte (one of 64) is rarer than a lead byte, which every
    character of a script or emoji block shares (``\\xe2`` starts ✅, ❌ and U+200B)."""
    at = COMMON.find(chr(code))
    if at >= 0:
        return at
    return len(COMMON) + (1 if 0x80 <= code < 0xC0 else 0)


def literal_lead(pattern: re.Pattern[AnyStr]) -> AnyStr | None:
    """The literal text every match of ``pattern`` starts with, past any look-around or
    anchor before it, or None (no literal first character, or case-insensitive)."""
    if pattern.flags & re.IGNORECASE or _sre_parser is None:
        return None
    parsed = _sre_parser.parse(pattern.pattern, pattern.flags)
    if parsed.state.flags & re.IGNORECASE:
        return None
    codes: list[int] = []
    items = list(parsed)
    while items and _zero_width(*items[0]):  # ``(?<=\s)``, ``^`` match no text
        items.pop(0)
    for op, value in items:
        if op is not _sre.LITERAL:
            break
        codes.append(value)
    if not codes:
        return None
    if isinstance(pattern.pattern, bytes):
        return bytes(codes)
    return "".join(map(chr, codes))


def _zero_width(op: object, value: object) -> bool:
    """Whether a parsed item matches no text: a look-around, an anchor, or a choice
    between such (``(?:(?<=\\s)|^)``), so the literal after it still starts every match."""
    if op is _sre.ASSERT or op is _sre.ASSERT_NOT or op is _sre.AT:
        return True
    if op is _sre.BRANCH:
        alternatives: list[list[tuple[object, object]]] = value[1]  # type: ignore[index]
        return all(all(_zero_width(*item) for item in branch) for branch in alternatives)
    return False


class Led(Generic[AnyStr]):
    """A compiled pattern searched from its literal lead with ``find`` while that pays.

    ``search`` and ``finditer`` answer exactly as the pattern's own (a match starts
    with the lead, so no position without it can match; look-behinds still see the text
    before ``pos``). A pattern without a literal lead is searched as it is.

    Three tiers, each kept while it pays: ``find`` of the lead's rarest character
    (``memchr``); once that character turns out frequent, ``find`` of the whole lead
    when it has :data:`LONG_LEAD` characters or more (CPython's substring search skips
    ahead several characters at a time, about four times fewer instructions than the
    regex engine's literal scan: ``system`` is rare even where ``y`` is not); then the
    regex engine.
    """

    __slots__ = ("key", "lead", "offset", "pattern")

    def __init__(self, pattern: re.Pattern[AnyStr]) -> None:
        """``pattern`` compiled; its lead is read from its parse, and of the lead the
        rarest character (``key``, at ``offset`` in every match) is what is found."""
        self.pattern: re.Pattern[AnyStr] = pattern
        lead = literal_lead(pattern)
        self.key: AnyStr | None = None
        self.lead: AnyStr | None = None
        self.offset = 0
        if lead is not None:
            codes = list(lead) if isinstance(lead, bytes) else list(map(ord, lead))
            self.offset = max(range(len(codes)), key=lambda i: _rarity(codes[i]))
            self.key = lead[self.offset : self.offset + 1]
            if len(lead) >= LONG_LEAD:
                self.lead = lead

    def search(
        self, text: AnyStr, pos: int = 0, endpos: int = sys.maxsize
    ) -> re.Match[AnyStr] | None:
        """``pattern.search(text, pos, endpos)``."""
        if self.key is None:
            return self.pattern.search(text, pos, endpos)
        return next(self._led(text, pos, endpos), None)

    def finditer(
        self, text: AnyStr, pos: int = 0, endpos: int = sys.maxsize
    ) -> Iterator[re.Match[AnyStr]]:
        """``pattern.finditer(text, pos, endpos)`` for a pattern that never matches empty
        text (refused: the emulation would differ)."""
        if self.key is None:
            return _non_empty(self.pattern, self.pattern.finditer(text, pos, endpos))
        return self._led(text, pos, endpos)

    def found_by_find(self, text: AnyStr) -> bool | None:
        """Whether the pattern matches ``text``, answered by the ``find`` tiers alone;
        None when they give up (the key and the whole lead are frequent in this text) and
        only the regex engine's scan, a pass over every character, could tell. A caller
        with a cheaper way to ask the same question (``invisible.has_invisible``) takes it
        then."""
        if self.key is None:
            return None
        first = next(self._led(text, 0, sys.maxsize, engine=False), False)
        return None if first is None else first is not False

    def _led(
        self, text: AnyStr, pos: int, endpos: int, *, engine: bool = True
    ) -> Iterator[re.Match[AnyStr]]:
        """The matches from ``pos``, tier by tier (see the class). Every match holds the
        lead, so none is empty. One loop per tier, no call per match: a Python step per
        occurrence is what the tiers are weighed against. Without ``engine``, the last
        tier (the regex engine's scan) is not run: the matches end where it would start,
        after a ``None`` (see ``found_by_find``)."""
        pos, endpos = max(pos, 0), max(endpos, 0)  # ``find`` counts negatives from the end
        find, match = text.find, self.pattern.match
        key, offset = self.key, self.offset
        credit = float(CREDIT) if key is not None else -1.0
        while key is not None and credit >= 0:
            at = find(key, pos + offset, endpos)
            if at < 0:
                return
            found = match(text, at - offset, endpos)
            if found is not None:
                yield found
                pos = found.end()
                continue
            credit += (at - offset - pos) / GAP - 1
            pos = at - offset + 1
        lead = self.lead
        credit = float(CREDIT)
        while lead is not None and credit >= 0:
            at = find(lead, pos, endpos)
            if at < 0:
                return
            found = match(text, at, endpos)
            if found is not None:
                yield found
                pos = found.end()
                continue
            credit += (at - pos) / GAP - 1
            pos = at + 1
        if not engine:
            yield None  # type: ignore[misc]  # the give-up mark, for ``found_by_find``
            return
        yield from self.pattern.finditer(text, pos, endpos)


def _non_empty(
    pattern: re.Pattern[AnyStr], matches: Iterator[re.Match[AnyStr]]
) -> Iterator[re.Match[AnyStr]]:
    """``matches``, refusing an empty one."""
    for match in matches:
        if match.end() == match.start():
            raise ValueError(f"{pattern.pattern!r} matched empty text")
        yield match


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
    """``pattern``'s alternatives, compiled on first use, searched one by one.

    For a module's own constant pattern (each is made at import from its source): the
    alternatives compile inside ``lazyre.constants``, so a cache may keep them."""

    def __init__(self, pattern: AnyStr, flags: int = 0) -> None:
        """``pattern`` as one would pass it to ``re.compile``."""
        self.pattern: AnyStr = pattern
        self.flags = flags
        self._compiled: tuple[Led[AnyStr], ...] | None = None

    @property
    def alternatives(self) -> tuple[Led[AnyStr], ...]:
        """The compiled alternatives, in the order the pattern writes them."""
        compiled = self._compiled
        if compiled is None:
            parts: tuple[AnyStr, ...] = split_alternatives(self.pattern)
            with constants():  # a module's own pattern: see the class's docstring
                compiled = self._compiled = tuple(Led(re.compile(p, self.flags)) for p in parts)
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
        one alternative alone still matches, its own ``finditer`` goes on from there
        (a fenced prompt has hundreds of ```` ``` ```` runs and no ``~~~``).
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
    index: int, first: re.Match[AnyStr], pattern: Led[AnyStr], text: AnyStr, endpos: int
) -> Iterator[tuple[int, re.Match[AnyStr]]]:
    """``first``, then ``pattern``'s matches from where it ends: what searching again
    from each match's end gives (no alternative matches empty text), look-behinds still
    seeing the text before."""
    if first.end() == first.start():
        raise ValueError(f"an alternative {pattern.pattern.pattern!r} matched empty text")
    yield index, first
    for match in pattern.finditer(text, first.end(), endpos):
        yield index, match
