"""PL003's info for the host's marker quoted in code: its whole message, level and span.

Written from the mutation run of 2026-12-01 (docs/mutation.md, "Rules changed on
2026-12-01 (second run)").
"""

from __future__ import annotations

from promptls.analysis import analyze
from promptls.analysis.model import Severity
from promptls.analysis.settings import Settings

from .conftest import MARKER


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
