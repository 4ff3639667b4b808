"""One pass over a text's ``-`` for the searches that start at one.

The marker scanner's shaped anchor search starts at every ``-`` beside a run of letters
and digits (``anchors.spots``), PL033's gate at every ``-`` of ``sk-``, ``xoxb-`` or
``-----BEGIN``, and PL008 at the first inner ``-`` of a date or a UUID. In prose ``-``
is too frequent to find one at a time (a bullet every few lines), so each search alone
is the regex engine's scan of every character and a match attempt at every ``-``: 0.9,
0.5–0.7 and 0.3–0.6 ms per MB. One pattern holding the conditions as alternatives after
the ``-`` scans once and tries each ``-`` once (1.0 ms per MB for the bench's prompts);
the few positions it matches are tried with each search's own pattern again, so each
gets exactly what its own search finds (``tests/analysis/test_dashes.py``).

Every alternative is zero-width after the ``-`` it consumes, so no match hides another
``-``. The pass runs once per document (``Document.dashes``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from promptls.analysis.anchors import SPARSE, spot_ahead, spot_behind, spot_condition
from promptls.analysis.scanner import anchor_words
from promptls.prompt import SYSTEM_PROMPT_BOUNDARY
from promptls.text.lazyre import constants
from promptls.text.leads import Led

_WORD = "[A-Za-z0-9_-]"
_SECRET_AFTER_WORD = rf"(?<=sk-)(?<!{_WORD}sk-)|(?<=xox[baprs]-)(?<!{_WORD}xox[baprs]-)"
_SECRET_BEFORE_DASH = "(?=----BEGIN )"
SECRET_DASH = f"{_SECRET_AFTER_WORD}|{_SECRET_BEFORE_DASH}"
"""PL033's gate at a ``-``: one ending ``sk-`` or ``xoxb-`` (and kin) that starts a word,
or the first of ``-----BEGIN``. Kept here, beside the scanner's condition, so that the
shared pass and PL033's own gate (``pl033_committed_secret._GATE``) read one string."""


VOLATILE_DASH = r"[01]\d-[0-3]\d|[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
"""What follows the first inner ``-`` of an ISO date or a UUID (PL008's ``_DASHED``, which
reads this string; its ``\\d`` is any decimal digit, as in PL008's own pattern, so the
shared pass, compiled ASCII for the scanner, scopes it ``(?u:…)``)."""

_AHEAD, _DASH_AHEAD, _BEHIND = "(?=[A-Za-z0-9])", "(?=-)", "(?<=[A-Za-z0-9]-)"
"""What each condition needs beside its ``-``: a letter or digit after it (a date, a
UUID, a run holding a marker word), a ``-`` after it (``-----BEGIN``), or a letter or
digit before it (``sk-``, ``xoxb-``, the end of a run of four). The shared pattern tries
each group of conditions behind its own test, so a list bullet's ``- `` fails three
tests, and a ``-`` passes on to the conditions of its own side only."""


class Dashes(NamedTuple):
    """What the shared pass found."""

    spots: list[int]
    """Offsets of the ``-`` spots (``anchors.spots``' first search), in order; at most
    ``anchors.SPARSE``'s limit plus one (more are dense: the shaped search gives up)."""
    secret: bool | None
    """Whether PL033's gate matches at some ``-``; None when the pass stopped early
    (dense spots) before it could tell."""
    volatile: list[int] | None
    """Offsets of every ``-`` where PL008's date-or-UUID search matches (to the end of
    the text), in order; None when the pass stopped early."""


_VOLATILE = f"(?=(?u:{VOLATILE_DASH}))"
_VOLATILE_VIEW = "(?={})".format(VOLATILE_DASH.replace("\\d", "[0-9\\x80]"))
"""``_VOLATILE`` over ``codeset.ascii_view`` bytes, where every non-ASCII character is
``\\x80``: a Unicode digit (``\\d`` in PL008's pattern) may be one, so a superset of
the positions; each position found is tried with the ``str`` pattern again."""
_DASH = r"\-"
"""The spot's character, escaped, as ``anchors.spot_condition`` takes it."""
_Searches = tuple[Led[str], Led[bytes], re.Pattern[str] | None, re.Pattern[str], re.Pattern[str]]


@lru_cache(maxsize=64)
def _searches(words: tuple[str, ...]) -> _Searches:
    """The shared search, and each search's own pattern (the spots' only when the
    markers have anchor words), once per marker set."""
    behind = [_SECRET_AFTER_WORD]
    spot, ahead = None, []
    if words:
        ahead.append(spot_ahead(words))
        behind.append(spot_behind(_DASH))
        spot = re.compile(rf"\-(?:{spot_condition(_DASH, words)})", re.ASCII)

    def union(volatile: str) -> str:
        groups = (
            f"{_AHEAD}(?:{'|'.join([volatile, *ahead])})",
            f"{_DASH_AHEAD}{_SECRET_BEFORE_DASH}",
            f"{_BEHIND}(?:{'|'.join(behind)})",
        )
        return f"-(?:{'|'.join(groups)})"

    on_text = Led(re.compile(union(_VOLATILE), re.ASCII))
    on_view = Led(re.compile(union(_VOLATILE_VIEW).encode("ascii"), re.ASCII))
    secret = re.compile(rf"-(?:{SECRET_DASH})", re.ASCII)
    return on_text, on_view, spot, secret, re.compile(f"-{_VOLATILE}")


def dash_pass(text: str, words: tuple[str, ...], view: bytes | None = None) -> Dashes:
    """The ``-`` spots for ``words`` (none without words), PL033's gate answer and
    PL008's dates and UUIDs at a ``-``, from one search. The patterns are ASCII-only
    but for PL008's ``\\d``, so ``re.ASCII`` changes nothing but the scanner's
    case-insensitive word match, which it asks for.

    ``view`` is the text's ``codeset.ascii_view``, when the caller has it: the search
    runs over its bytes (a text stored at 4 bytes a character is a quarter of the
    memory), at the same offsets; every position it finds is tried on the text."""
    on_text, on_view, spot, secret, volatile = _searches(words)
    most = len(text) // SPARSE + 64
    spots: list[int] = []
    dated: list[int] = []
    found = False
    starts = (
        (m.start() for m in on_text.finditer(text))
        if view is None
        else (m.start() for m in on_view.finditer(view))
    )
    for at in starts:
        if spot is not None and spot.match(text, at) is not None:
            spots.append(at)
            if len(spots) > most:
                return Dashes(spots, True if found else None, None)
        if not found and secret.match(text, at) is not None:
            found = True
        if volatile.match(text, at) is not None:
            dated.append(at)
    return Dashes(spots, found, dated)


def _precompile() -> None:
    """Compile the default marker's searches with the module (promptls' own constants,
    so the code cache keeps their programs), not in the first large document's analysis."""
    with constants():
        _searches(anchor_words((SYSTEM_PROMPT_BOUNDARY,)))


_precompile()
