"""PL005 (empty-half) beyond its fixtures: exact messages, spans and fixes at
the edges of what it reports.

Its positive and negative cases are files in ``tests/analysis/testdata/PL005/``
(run by ``tests/analysis/test_fixtures.py``); ``scripts/test --rule PL005`` runs
this module, those fixtures and its docs check.
"""

from __future__ import annotations

from tests.analysis.conftest import MARKER
from tests.analysis.rules.test_pl001 import _edits, _found


# PL005: the empty half and the whitespace the fix removes with the marker
def test_pl005_marker_at_the_start_is_removed_with_the_space_after_it() -> None:
    text = f"\n \n{MARKER}\n\n  Turn.\n"
    (finding,) = _found(text, "PL005")
    assert (finding.start, finding.end) == (3, 3 + len(MARKER))
    assert finding.message == (
        "marker at the start: the static half is empty, so nothing is cached"
    )
    assert finding.fix is not None and finding.fix.title == "Remove the marker"
    assert _edits(finding) == [(0, text.index("Turn"), "")]


def test_pl005_marker_at_the_end_is_removed_with_the_space_before_it() -> None:
    text = f"Doctrine.  \n\n{MARKER}\n \n"
    (finding,) = _found(text, "PL005")
    start = text.index(MARKER)
    assert (finding.start, finding.end) == (start, start + len(MARKER))
    assert finding.message == (
        "marker at the end: the dynamic half is empty (join would never produce this)"
    )
    assert finding.fix is not None and finding.fix.title == "Remove the marker"
    assert _edits(finding) == [(len("Doctrine."), start + len(MARKER), "")]
    # a second marker after the first: PL001's business, and the dynamic half exists
    assert _found(f"Doctrine.\n\n{MARKER}\n\n{MARKER}", "PL005") == []
    assert _found(f"a\n\n{MARKER}\n\nb", "PL005") == []
