"""One pass over a text's ``-`` for the searches that start at one.

The marker scanner's shaped anchor search starts at every ``-`` beside a run of letters
and digits (``anchors.spots``), and PL033's gate at every ``-`` of ``sk-``, ``xoxb-`` or
``-----BEGIN``. In prose ``-`` is too frequent to find one at a time (a bullet every
few lines), so each search alone is the regex engine's scan of every character and a match
attempt at every ``-``: 0.9 and 0.5–0.7 ms per MB. One pattern holding both conditions
as alternatives after the ``-`` scans once and tries each ``-`` once (1.0 ms per MB for
the bench's prompts); the few positions it matches are tried with each search's own
pattern again, so each gets exactly what its own search finds
(``tests/analysis/test_dashes.py``).

Every alternative is zero-width after the ``-`` it consumes, so no match hides another
``-``. The pass runs once per document (``Document.dashes``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from promptls.analysis.anchors import SPARSE, spot_condition
from promptls.text.leads import Led

_WORD = "[A-Za-z0-9_-]"
SECRET_DASH = rf"(?<=sk-)(?<!{_WORD}sk-)|(?<=xox[baprs]-)(?<!{_WORD}xox[baprs]-)|(?=----BEGIN )"
"""PL033's gate at a ``-``: one ending ``sk-`` or ``xoxb-`` (and kin) that starts a word,
or the first of ``-----BEGIN``. Kept here, beside the scanner's condition, so that the
shared pass and PL033's own gate (``pl033_committed_secret._GATE``) read one string."""


_NEIGHBOUR = "(?=[A-Za-z0-9-]|(?<=[A-Za-z0-9]-))"
"""What every condition needs: a letter or digit beside the ``-``, or a ``-`` after it. A
list bullet's ``- `` fails this one test instead of each condition in turn (0.1 ms per
MB)."""


class Dashes(NamedTuple):
    """What the shared pass found."""

    spots: list[int]
    """Offsets of the ``-`` spots (``anchors.spots``' first search), in order; at most
    ``anchors.SPARSE``'s limit plus one (more are dense: the shaped search gives up)."""
    secret: bool | None
    """Whether PL033's gate matches at some ``-``; None when the pass stopped early
    (dense spots) before it could tell."""


@lru_cache(maxsize=64)
def _searches(words: tuple[str, ...]) -> tuple[Led[str], re.Pattern[str] | None, re.Pattern[str]]:
    """The shared search, and each search's own pattern (the spots' only when the
    markers have anchor words), once per marker set."""
    conditions = [SECRET_DASH]
    spot = None
    if words:
        condition = spot_condition(r"\-", words)
        conditions.append(condition)
        spot = re.compile(rf"\-(?:{condition})", re.ASCII)
    union = Led(re.compile(rf"-{_NEIGHBOUR}(?:{'|'.join(conditions)})", re.ASCII))
    return union, spot, re.compile(rf"-(?:{SECRET_DASH})", re.ASCII)


def dash_pass(text: str, words: tuple[str, ...]) -> Dashes:
    """The ``-`` spots for ``words`` (none without words) and PL033's gate answer at a
    ``-``, from one search. The patterns are ASCII-only, so ``re.ASCII`` changes
    nothing but the scanner's case-insensitive word match, which it asks for."""
    union, spot, secret = _searches(words)
    most = len(text) // SPARSE + 64
    spots: list[int] = []
    found = False
    for match in union.finditer(text):
        at = match.start()
        if spot is not None and spot.match(text, at) is not None:
            spots.append(at)
            if len(spots) > most:
                return Dashes(spots, True if found else None)
        if not found and secret.match(text, at) is not None:
            found = True
    return Dashes(spots, found)
