"""The shared pass over ``-`` (``analysis.dashes``) gives the marker scanner the spots
its own ``-`` search finds, PL033 its gate's answer at a ``-`` and PL008 where its date
and UUID search matches; each answers the same from it as from its own searches, and the
pass answers the same over a non-ASCII text's one-byte view as over the text."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from promptls.analysis import anchors
from promptls.analysis.dashes import dash_pass
from promptls.analysis.rules import pl008_volatile_static as pl008
from promptls.analysis.rules import pl033_committed_secret as pl033
from promptls.analysis.scanner import anchor_words, scan
from promptls.text.codeset import ascii_view_pure
from promptls.text.mapper import text_to_utf8
from tests import MARKER, examples

PIECES = [
    "zidane",
    "SYSTEM",
    "prompt",
    "Boundary",
    "BEGIN",
    "begin",
    "-",
    "--",
    "-----BEGIN ",
    "_",
    "sk-",
    "xoxb-",
    "xoxz-",
    "ask-",
    " ",
    "\n",
    "a",
    "x9",
    "é",
    "😀",
    "K",  # Kelvin sign: upper case of ``k`` outside ASCII
    "a" * 150,
    "2025",
    "-06-01",
    "-0\u0666-0\u0661",  # Arabic-Indic digits: ``\\d`` in PL008's pattern
    "0a1b2c3d",
    "-4e5f-6a7b-8c9d-",
    "0e1f2a3b4c5d",
    "12:30:59",
    "{{x}}",
    MARKER,
]
MARKER_SETS = [[MARKER], [MARKER, "__BEGIN_HERE__"], ["<!-- split -->"]]


def _own(text: str, words: tuple[str, ...]) -> tuple[list[int], bool, list[int]]:
    """What the three searches find alone: every ``-`` spot (none without words),
    whether the gate's ``-`` alternative matches, and where PL008's first does."""
    spots = [m.start() for m in anchors.spots(words)[0].finditer(text)] if words else []
    secret = pl033._GATE.alternatives[0].search(text) is not None
    return spots, secret, [m.start() for m in pl008._VOLATILE.alternatives[0].finditer(text)]


@pytest.mark.parametrize("markers", MARKER_SETS, ids=["default", "begin", "html"])
@settings(max_examples=examples(400), deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=40), st.integers(0, 400))
@example(["-----BEGIN ", "prompt"], 400)  # a spot right after the gate's ``-----``
@example(["a", "sk-", "prompt"], 400)
@example(["x", "2025", "-06-01", " ", "{{x}}", "2025", "-0\u0666-0\u0661"], 400)
@example(["2025", "-06-01", "12:30:59"], 8)  # a date cut by the end
def test_the_shared_pass_finds_what_each_search_finds(
    markers: list[str], pieces: list[str], end: int
) -> None:
    text = "".join(pieces)
    words = anchor_words(tuple(markers))
    dashes = dash_pass(text, words)
    assert dash_pass(text, words, ascii_view_pure(text)) == dashes  # over the one-byte view
    spots, secret, dated = _own(text, words)
    assert dashes.spots == spots
    assert dashes.secret is secret
    assert dashes.volatile == dated
    assert list(pl008.matches(text, end, dashes.volatile)) == list(pl008.matches(text, end))
    data = None if text.isascii() else text_to_utf8(text)
    assert pl033.may_hold_secret(text, data, dashes.secret) == pl033.may_hold_secret(text, data)
    assert scan(text, markers, dash_spots=dashes.spots) == scan(text, markers)


def test_dense_spots_stop_the_pass_and_each_search_runs_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past the shaped search's limit the pass stops: the spots it has are more than
    the limit (the scanner takes its plain search) and the gate is left to PL033."""
    monkeypatch.setattr(anchors, "SPARSE", 10**9)  # the limit: 64 spots
    text = "prompt-x " * 100 + "sk-" + "A" * 48 + "\n__ZIDANE_SYSTEM_PROMPT_BOUNDRY__\n"
    monkeypatch.setattr("promptls.analysis.dashes.SPARSE", 10**9)
    words = anchor_words((MARKER,))
    dashes = dash_pass(text, words)
    assert len(dashes.spots) == 65
    assert dashes.secret is None
    assert dashes.volatile is None
    assert anchors.shaped_positions(text, words, dashes.spots) is None
    assert pl033.may_hold_secret(text, None, dashes.secret)
    (hit,) = scan(text, [MARKER], dash_spots=dashes.spots)
    assert text[hit.start : hit.end] == "__ZIDANE_SYSTEM_PROMPT_BOUNDRY__"
