"""PL003 (marker-in-instruction-file) beyond its fixtures: exact messages, spans and fixes at
the edges of what it reports.

Its positive and negative cases are files in ``tests/analysis/testdata/PL003/``
(run by ``tests/analysis/test_fixtures.py``); ``scripts/test --rule PL003`` runs
this module, those fixtures and its docs check.
"""

from __future__ import annotations

import pytest

from promptls.analysis import analyze
from promptls.analysis.model import Severity
from promptls.config import Settings
from tests.analysis.conftest import MARKER
from tests.analysis.rules.test_pl001 import FOREIGN, _fixed, _found

# The marker rules' exact spans, messages and fixes at their edges (PL001-PL007).
#
# Written against mutation testing (docs/mutation.md): the fixtures show each rule firing,
# these pin what a user reads and what ``--fix`` writes where a small slip in the rule
# would change it (which blank line a removal takes, which glued characters a fix drops,
# the wording of each spacing problem).


# marker_removal (PL001, PL003, PL007): the marker goes with one neighbouring blank line
@pytest.mark.parametrize(
    ("text", "fixed"),
    [
        (f"\n\n{MARKER}", ""),  # the blank line before, from offset 2
        (f"\n\n{MARKER}\n\nb", "\n\nb"),  # the blank line after wins
        (f"a\n\n{MARKER}", "a"),
        (f"a\n{MARKER}", "a\n"),  # one newline is no blank line
        (f"a\n{MARKER}\nb", "a\n\nb"),
        (f"a {MARKER} b", "a  b"),
        (f"a\n\n{MARKER}\nb", "a\nb"),
        (f"a\n\n{MARKER} \n\nb", "a \n\nb"),  # the blank line must touch the marker
        (f"a \n\n{MARKER}\n b", "a \n b"),
        (f"\n{MARKER}", "\n"),
        (f"a\n\n\n{MARKER}\n\n\nb", "a\n\n\n\nb"),
    ],
)
def test_pl003_removes_the_marker_with_one_adjacent_blank_line(text: str, fixed: str) -> None:
    assert _fixed(text, "PL003", "CLAUDE.md") == fixed


# PL003: every exact and foreign marker in an instruction file, never a near-miss
def test_pl003_reports_exact_and_foreign_markers_not_near_misses() -> None:
    text = f"a\n\n{FOREIGN}\n\n__ZIDANE_SYSTEM_PROMPT_BOUNDRY__\n\n{MARKER}\n"
    found = _found(text, "PL003", "AGENTS.md")
    assert [text[f.start : f.end] for f in found] == [FOREIGN, MARKER]
    assert all(f.fix and f.fix.title == "Remove the marker" for f in found)
    assert found[0].message == (
        "boundary marker in an instruction file: this file is rendered into the dynamic "
        "context, where a marker moves the split or leaks to the model"
    )


# PL003's info for the host's marker quoted in code: its whole message, level and span.
#
# Written from the mutation run of 2026-12-01 (docs/mutation.md, "Rules changed on
# 2026-12-01 (second run)").


def test_the_hosts_marker_in_a_code_span_is_an_info_on_the_marker_alone() -> None:
    text = f"Split at `{MARKER}` only in templates.\n"
    (finding,) = analyze(text, path="AGENTS.md", settings=Settings(select=("PL003",))).findings
    assert finding.severity is Severity.INFO
    assert text[finding.start : finding.end] == MARKER
    assert finding.message == (
        "boundary marker quoted in code: read as documentation, it folds into the dynamic "
        "half and reaches cache-aware providers as written, but marker-free wire text "
        "removes it (the model reads an empty quote)"
    )
    assert finding.fix is None
