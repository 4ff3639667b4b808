"""PL007 (foreign-marker) beyond its fixtures: exact messages, spans and fixes at
the edges of what it reports.

Its positive and negative cases are files in ``tests/analysis/testdata/PL007/``
(run by ``tests/analysis/test_fixtures.py``); ``scripts/test --rule PL007`` runs
this module, those fixtures and its docs check.
"""

from __future__ import annotations

from tests.analysis.conftest import MARKER
from tests.analysis.rules.test_pl001 import FOREIGN, _edits, _found


# PL007: replace with the configured marker, or remove when there is a real one
def test_pl007_replaces_or_removes_the_foreign_marker() -> None:
    text = f"a\n\n{FOREIGN}\n\nb"
    (finding,) = _found(text, "PL007")
    assert (finding.start, finding.end) == (3, 3 + len(FOREIGN))
    assert finding.message == (
        f"foreign marker {FOREIGN}: another agent's boundary, not configured here, so it will "
        "not split; replace it or add it to the `markers` setting"
    )
    assert finding.fix is not None and finding.fix.title == f"Replace with {MARKER}"
    assert _edits(finding) == [(3, 3 + len(FOREIGN), MARKER)]
    custom = "<<SPLIT>>"
    (other,) = _found(text, "PL007", markers=(custom, MARKER))
    assert _edits(other) == [(3, 3 + len(FOREIGN), custom)]
    with_real = f"a\n\n{MARKER}\n\n{FOREIGN}\n\nb"
    (removal,) = _found(with_real, "PL007")
    assert removal.fix is not None and removal.fix.title == "Remove the foreign marker"
    start = with_real.index(FOREIGN)
    assert _edits(removal) == [(start, start + len(FOREIGN) + 2, "")]


def test_pl007_without_configured_markers_offers_no_fix() -> None:
    text = f"a\n\n{FOREIGN}\n\nb"
    (finding,) = _found(text, "PL007", markers=())
    assert finding.fix is None


def test_pl007_reports_a_foreign_marker_after_other_marker_shapes() -> None:
    text = f"a\n\n__ZIDANE_SYSTEM_PROMPT_BOUNDRY__\n\n{FOREIGN}\n\nb"
    (finding,) = _found(text, "PL007")
    assert text[finding.start : finding.end] == FOREIGN
