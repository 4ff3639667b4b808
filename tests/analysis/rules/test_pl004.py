"""PL004 (glued-marker) beyond its fixtures: exact messages, spans and fixes at
the edges of what it reports.

Its positive and negative cases are files in ``tests/analysis/testdata/PL004/``
(run by ``tests/analysis/test_fixtures.py``); ``scripts/test --rule PL004`` runs
this module, those fixtures and its docs check.
"""

from __future__ import annotations

import pytest

from tests.analysis.conftest import MARKER
from tests.analysis.rules.test_pl001 import _fixed, _found


# PL004: which characters count as glued, what the message shows, what the fix does
@pytest.mark.parametrize(
    ("text", "glued", "fixed"),
    [
        (f"ab{MARKER}", "'ab…'", f"ab\n\n{MARKER}"),  # the run reaches offset 0
        (f"x ab{MARKER}", "'ab…'", f"x ab\n\n{MARKER}"),
        (f"x {MARKER}cd", "'…cd'", f"x {MARKER}\n\ncd"),
        (f"x {MARKER}cd y", "'…cd'", f"x {MARKER}\n\ncd y"),
        (f"x _-{MARKER}", "'_-…'", f"x {MARKER}"),  # stray underscores and hyphens go
        (f"x {MARKER}-_ y", "'…-_'", f"x {MARKER} y"),
        (f"x a_{MARKER}_b y", "'a_…_b'", f"x a_\n\n{MARKER}\n\n_b y"),
        (f"x __{MARKER}b y", "'__…b'", f"x {MARKER}\n\nb y"),
        (f"x é{MARKER}", "'é…'", f"x é\n\n{MARKER}"),  # letters of any script
        (f"x X{MARKER}X y", "'X…X'", f"x X\n\n{MARKER}\n\nX y"),  # X is a letter, kept
    ],
)
def test_pl004_glued_runs_and_their_fix(text: str, glued: str, fixed: str) -> None:
    (finding,) = _found(text, "PL004")
    left = text.index(MARKER)
    while left and text[left - 1] not in " ":
        left -= 1
    right = text.index(MARKER) + len(MARKER)
    while right < len(text) and text[right] != " ":
        right += 1
    assert (finding.start, finding.end) == (left, right)
    assert finding.message == (
        f"marker glued to {glued}: the split happens at the exact marker and the glued "
        "characters stay in the prompt"
    )
    assert finding.fix is not None
    assert finding.fix.title == "Separate the marker from the glued text"
    assert _fixed(text, "PL004") == fixed


def test_pl004_punctuation_and_spaces_are_not_glued() -> None:
    assert _found(f"x ({MARKER}) y", "PL004") == []
    assert _found(f"x.\u00a0{MARKER}\u3000y", "PL004") == []  # no-break and ideographic spaces


def test_pl004_fixes_only_the_first_marker_and_skips_free_ones() -> None:
    text = f"a\n\n{MARKER}x\n\nb\n\ny{MARKER}\n\n{MARKER}\n"
    found = _found(text, "PL004")
    assert [text[f.start : f.end] for f in found] == [f"{MARKER}x", f"y{MARKER}"]
    assert found[0].fix is not None and found[1].fix is None
    later = f"a\n\n{MARKER}\n\nb\n\n{MARKER}x\n"
    assert [later[f.start : f.end] for f in _found(later, "PL004")] == [f"{MARKER}x"]
