"""PL015 (shadowed-file) beyond its fixtures: exact messages, spans and fixes at
the edges of what it reports.

Its positive and negative cases are files in ``tests/analysis/testdata/PL015/``
(run by ``tests/analysis/test_fixtures.py``); ``scripts/test --rule PL015`` runs
this module, those fixtures and its docs check.
"""

from __future__ import annotations

from pathlib import Path

from tests.analysis.rules.test_pl013 import _check, _spans


# PL015: a shadowed file is marked on its first line with the reason
def test_pl015_marks_the_shadowed_file_with_the_reason(tmp_path: Path) -> None:
    files = {
        "AGENTS.md": "\n\n# Rules\nUse tabs.\n",
        "AGENTS.override.md": "# Override\n",
    }
    text, found = _check(tmp_path, files, "codex", "AGENTS.md", "PL015")
    assert _spans(text, found) == ["# Rules"]
    assert found[0].message.startswith("shadowed: ")
    assert "AGENTS.override.md" in found[0].message
