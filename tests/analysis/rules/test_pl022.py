"""PL022 (unsupported-glob-syntax) beyond its fixtures: exact messages, spans and fixes at
the edges of what it reports.

Its positive and negative cases are files in ``tests/analysis/testdata/PL022/``
(run by ``tests/analysis/test_fixtures.py``); ``scripts/test --rule PL022`` runs
this module, those fixtures and its docs check.
"""

from __future__ import annotations

from promptls.analysis import analyze
from promptls.analysis.settings import Settings
from tests.analysis.test_frontmatter import COPILOT_PATH, CURSOR_PATH, findings


# -- PL022, PL023 --------------------------------------------------------------------------
def test_pl022_reads_the_glob_in_the_file_s_own_agent_dialect() -> None:
    """VS Code keeps a leading ``./`` (no file matches); Cursor drops it (no finding)."""
    text = "---\napplyTo: 'docs/*.md, ./src/*.ts'\n---\nbody\n"
    found = analyze(text, path=COPILOT_PATH, settings=Settings(select=("PL022",))).findings
    assert [(text[f.start : f.end], f.message) for f in found] == [
        (
            "./src/*.ts",
            "'./src/*.ts' starts with ./, which copilot keeps, so it matches no file; "
            "drop the ./ (GitHub Copilot)",
        )
    ]
    assert findings("PL022", CURSOR_PATH, "globs: ./src/*.ts") == []
