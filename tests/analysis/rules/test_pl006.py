"""PL006 (marker-spacing) beyond its fixtures: exact messages, spans and fixes at
the edges of what it reports.

Its positive and negative cases are files in ``tests/analysis/testdata/PL006/``
(run by ``tests/analysis/test_fixtures.py``); ``scripts/test --rule PL006`` runs
this module, those fixtures and its docs check.
"""

from __future__ import annotations

import pytest

from tests.analysis.conftest import MARKER
from tests.analysis.rules.test_pl001 import _fixed, _found


# PL006: each side's problem in words, and the blank line the fix puts there
@pytest.mark.parametrize(
    ("before", "after", "problems"),
    [
        (
            "\r\n\r\n",
            "\n\n",
            "before it: CRLF line breaks (the split only trims \\n\\n, so \\r stays in the prompt)",
        ),
        (" ", "\n\n", "before it: no line break"),
        (
            "\n",
            "\n\n",
            "before it: a single line break (no blank line; the newline stays in the prompt)",
        ),
        ("\n \n", "\n\n", "before it: spaces or tabs around the blank line"),
        ("\n\n\t", "\n\n", "before it: spaces or tabs around the blank line"),
        ("\n\n\n", "\n\n", "before it: 2 blank lines (only one is trimmed by the split)"),
        ("\n\n\n\n", "\n\n", "before it: 3 blank lines (only one is trimmed by the split)"),
        ("\n\n", "\n\n\n", "after it: 2 blank lines (only one is trimmed by the split)"),
        (
            "\n",
            "\t",
            "before it: a single line break (no blank line; the newline stays in the "
            "prompt); after it: no line break",
        ),
    ],
)
def test_pl006_says_what_is_wrong_on_each_side(before: str, after: str, problems: str) -> None:
    text = f"Doctrine.{before}{MARKER}{after}Turn."
    (finding,) = _found(text, "PL006")
    start = text.index(MARKER)
    assert (finding.start, finding.end) == (start, start + len(MARKER))
    assert finding.message == ("marker not surrounded by exactly one blank line — " + problems)
    assert finding.fix is not None
    assert finding.fix.title == "Put exactly one blank line around the marker"
    assert _fixed(text, "PL006") == f"Doctrine.\n\n{MARKER}\n\nTurn."


def test_pl006_leaves_glued_sides_and_the_edges_to_other_rules() -> None:
    assert _found(f"Doctrine.\n\n{MARKER}\n\nTurn.", "PL006") == []
    assert _found(f"Doctrine.\n\nx{MARKER}y\n\nTurn.", "PL006") == []  # PL004's
    assert _found(f"{MARKER}\nTurn.", "PL006") == []  # PL005's
    assert _found(f"Doctrine.\n{MARKER}", "PL006") == []
    (only_after,) = _found(f"Doctrine.\n\nx{MARKER} Turn.", "PL006")
    assert only_after.message.endswith("after it: no line break")
