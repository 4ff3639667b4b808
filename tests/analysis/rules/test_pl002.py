"""PL002 (near-miss-marker) beyond its fixtures: exact messages, spans and fixes at
the edges of what it reports.

Its positive and negative cases are files in ``tests/analysis/testdata/PL002/``
(run by ``tests/analysis/test_fixtures.py``); ``scripts/test --rule PL002`` runs
this module, those fixtures and its docs check.
"""

from __future__ import annotations

from tests.analysis.conftest import MARKER
from tests.analysis.rules.test_pl001 import _edits, _found


# PL002: the replacement is offered only where it cannot move or duplicate the split
def test_pl002_offers_the_exact_marker_only_in_a_prompt_without_one() -> None:
    typo = "__ZIDANE_SYSTEM_PROMPT_BOUNDRY__"
    (alone,) = _found(f"a\n\n{typo}\n\nb", "PL002")
    assert alone.fix is not None and alone.fix.title == f"Replace with {MARKER}"
    assert (alone.start, alone.end) == (3, 3 + len(typo))
    assert _edits(alone) == [(3, 3 + len(typo), MARKER)]
    (beside,) = _found(f"a\n\n{MARKER}\n\n{typo}\n\nb", "PL002")
    assert beside.fix is None
    (instruction,) = _found(f"a\n\n{typo}\n\nb", "PL002", "AGENTS.md")
    assert instruction.fix is None
