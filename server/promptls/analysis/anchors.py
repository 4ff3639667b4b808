"""Where a marker's words (the scanner's *anchors*) occur in marker-shaped atoms.

A near-miss holds one of the configured marker's words intact in an atom that holds
``_``, ``-`` or an invisible character (criterion 2 in ``scanner``). Two searches give
the same near-misses:

- the plain one finds every word, any case, next to a word-ish character, in a lowered
  copy of the text (its UTF-8 bytes when it is not ASCII): one pass to lower the text
  and one scan per word, four for the default marker (29 M instructions for the
  bench's 1 MB prompt, whose prose talks about prompts and boundaries; the shaped one,
  22 M);
- the shaped one starts from the other half of the criterion: in such an atom every
  run of letters and digits has a ``-`` or ``_`` beside it, so it looks for those
  (``spots``: two searches, each led by its character) and reads the words only in the
  runs beside them. It needs a text without invisible characters (every one is
  non-ASCII, so ASCII text never has one), and gives up for the plain search where spots
  are dense (code, tables of flags).

The shaped search returns only the anchors in marker-shaped atoms no longer than the
scanner looks at; the plain one returns those and the rest, which the scanner drops
(``_atom_at``): the scanner finds the same markers from either (``tests`` compare them).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from itertools import islice

from promptls.text.lazyre import lazy
from promptls.text.leads import Led
from promptls.text.mapper import utf8_pieces, utf8_to_offsets

WINDOW = 160
"""How far the scanner reads from an anchor (``scanner._WINDOW``): an atom longer than
twice this is no typo of a marker."""
SPARSE = 256
"""Characters per spot (below), on average, under which the plain search is cheaper than
a Python step per spot (a file of code, or of ``--flags`` named after the marker's
words): the shaped search stops after that many and the plain one runs instead."""
SHORTEST = 4
"""The shortest anchor word (``scanner._WORDS``: four letters or digits and more)."""

_ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
_ALNUM_RUN = lazy(r"[A-Za-z0-9]*")


def spot_condition(char: str, words: tuple[str, ...]) -> str:
    """What must hold right after a spot's ``char`` (escaped: ``\\-`` or ``_``), as
    zero-width look-arounds: a run of four letters or digits holding a word ahead, or
    one behind (see ``spots``). ``dashes`` tries the ``-`` one with PL033's in one pass,
    each half where the character on its side is a letter or digit."""
    return f"{spot_ahead(words)}|{spot_behind(char)}"


def spot_ahead(words: tuple[str, ...]) -> str:
    """``spot_condition``'s first half: the run ahead holds a word."""
    either = "|".join(_cased_first(word) for word in words)
    return rf"(?=[A-Za-z0-9]{{{SHORTEST}}})(?=[A-Za-z0-9]*?(?:{either}))"


def spot_behind(char: str) -> str:
    """``spot_condition``'s second half: a run of four behind the spot's ``char``."""
    return rf"(?<=[A-Za-z0-9]{{{SHORTEST}}}{char})"


def _cased_first(word: str) -> str:
    """``(?i:word)`` for an ASCII-compiled pattern, as one alternative per case of its
    first character written as a plain literal (``p(?i:rompt)|P(?i:rompt)``): the regex
    engine turns away an alternative that starts with a plain literal by comparing one
    character, where a case-insensitive one costs it a full attempt; the look-ahead
    above tries every word at each character of a run."""
    first, rest = word[0], f"(?i:{re.escape(word[1:])})"
    cases = sorted({first.lower(), first.upper()}) if first.isascii() else [first]
    return "|".join(re.escape(case) + rest for case in cases)


@lru_cache(maxsize=64)
def spots(words: tuple[str, ...]) -> tuple[Led[str], Led[str]]:
    """The searches for a *spot*: ``-`` or ``_`` right before a run of letters and
    digits that holds a word (any ASCII case), or right after a run of at least
    :data:`SHORTEST` letters and digits. Every run of letters and digits in an atom that
    holds ``-`` or ``_`` has one of them beside it, so every word of such an atom sits in
    the run after a spot or the run before one. Each search is led by its character
    (``Led``), and its look-ahead reads one run, so the search stays linear. The words
    are tried only after a run of four letters or digits is seen (a bullet's ``- `` and
    ``--in`` have none): trying them at each character costs more than the rest."""
    return tuple(  # type: ignore[return-value]  # two, one per character
        Led(re.compile(rf"{char}(?:{spot_condition(char, words)})", re.ASCII))
        for char in (r"\-", "_")
    )


def _anchor_pattern(word: str, near: str) -> str:
    """Criterion 2, cheaply: a lowered anchor word with ``_``, ``-``, a letter, a digit
    or (in bytes) a non-ASCII character right before or after it — ``system prompt``
    has spaces and never gets this far. The word comes first, so the regex engine
    skips ahead with a fast literal search; the neighbour test is a look-around.
    """
    escaped = re.escape(word)
    return f"{escaped}(?:(?={near})|(?<={near}{escaped}))"


@lru_cache(maxsize=64)
def anchor_regex(word: str) -> Led[str]:
    """The anchor search over lowered ASCII text (from the word, with ``find`` while the
    word is rare: ``zidane`` is, ``prompt`` often is not)."""
    return Led(re.compile(_anchor_pattern(word, r"[_\-a-z0-9]")))


@lru_cache(maxsize=64)
def anchor_regex_bytes(word: str) -> Led[bytes]:
    """The anchor search over lowered UTF-8 bytes (non-ASCII bytes count as neighbours:
    they may be an invisible character inside the marker)."""
    return Led(re.compile(_anchor_pattern(word, r"[_\-a-z0-9\x80-\xff]").encode("latin-1")))


_start = re.Match[str].start
"""Where a match starts, as a function for ``map`` (no generator frame per anchor hit:
"systems" and "prompts" are in most instruction files, many times)."""
_start_bytes = re.Match[bytes].start


def anchor_positions(
    text: str,
    words: Sequence[str],
    data: bytes | None = None,
    starts: Sequence[int] | None = None,
    *,
    invisible: bool = True,
    dash_spots: list[int] | None = None,
) -> list[int]:
    """Sorted ``str`` offsets of the anchors the scanner must look at: the shaped search
    when the text has no invisible character (``invisible`` False, or ASCII) and its
    marker-shaped spots are sparse, else the plain one. ``dash_spots`` are the ``-``
    spots when a shared pass found them (``dashes.Dashes.spots``)."""
    if not invisible or text.isascii():
        found = shaped_positions(text, words, dash_spots)
        if found is not None:
            return found
    return plain_positions(text, words, data, starts)


def plain_positions(
    text: str, words: Sequence[str], data: bytes | None, starts: Sequence[int] | None
) -> list[int]:
    """Where an anchor word occurs (any case) next to a word-ish character, as sorted
    ``str`` offsets. ASCII text is searched lowered; other text through its UTF-8 bytes
    (ASCII-lowering bytes keeps every offset and every multi-byte character intact)."""
    found: set[int] = set()
    if text.isascii():
        lowered = text.lower()
        for word in words:
            found.update(map(_start, anchor_regex(word).finditer(lowered)))
        return sorted(found)
    if data is None:
        data, starts = utf8_pieces(text)
    hay = data.lower()
    for word in words:
        found.update(map(_start_bytes, anchor_regex_bytes(word).finditer(hay)))
    return utf8_to_offsets(hay, sorted(found), starts)


def shaped_positions(
    text: str, words: Sequence[str], dash_spots: list[int] | None = None
) -> list[int] | None:
    """Every occurrence of a word (any case) in a run of letters and digits beside a
    spot (``spots``), for a text without invisible characters; None when spots are too
    many (``SPARSE``). Such a run is in an atom holding ``_`` or ``-``, where every
    occurrence has a letter, digit, ``_`` or ``-`` beside it: an anchor of the plain
    search. Runs longer than ``2 * WINDOW`` are left out: their atoms are longer than
    any typo of a marker, and the scanner drops them. ``dash_spots``, when given, are
    the ``-`` spots (what the first search finds), from a pass shared with PL033."""
    most = len(text) // SPARSE + 64
    hits: list[int] = []
    for led in spots(tuple(words)):
        if dash_spots is not None and led.key == "-":
            hits += dash_spots[: most + 1]
        else:
            hits += islice(map(_start, led.finditer(text)), most + 1 - len(hits))
        if len(hits) > most:
            return None
    found: set[int] = set()
    for at in hits:
        end = _ALNUM_RUN.match(text, at + 1).end()  # type: ignore[union-attr]  # may be empty
        if end - at <= 2 * WINDOW:
            _occurrences(found, text[at + 1 : end].lower(), at + 1, words)
        low = max(0, at - 2 * WINDOW)
        left = text[low:at]
        start = at - len(left) + len(left.rstrip(_ALNUM))
        if start > low or low == 0:
            _occurrences(found, text[start:at].lower(), start, words)
    return sorted(found)


def _occurrences(found: set[int], run: str, offset: int, words: Sequence[str]) -> None:
    """Add where each word occurs in ``run`` (lowered, at ``offset``), left to right
    without overlaps, as the plain search's ``finditer`` takes them."""
    for word in words:
        index = run.find(word)
        while index >= 0:
            found.add(offset + index)
            index = run.find(word, index + len(word))
