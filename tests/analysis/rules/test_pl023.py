"""PL023 (rule-without-description) beyond its fixtures: exact messages, spans and fixes at
the edges of what it reports.

Its positive and negative cases are files in ``tests/analysis/testdata/PL023/``
(run by ``tests/analysis/test_fixtures.py``); ``scripts/test --rule PL023`` runs
this module, those fixtures and its docs check.
"""

from __future__ import annotations

import pytest

from promptls.analysis import analyze
from promptls.analysis.settings import Settings
from tests.analysis.test_frontmatter import COPILOT_PATH, CURSOR_PATH, NO_WAY_IN, findings


@pytest.mark.parametrize(
    ("text", "marked"),
    [
        ("---\nname: x\n---\nbody\n", "---"),
        ("---\ndescription: ''\napplyTo: ''\n---\nbody\n", "description: ''"),
        ("---\napplyTo: ' '\n---\nbody\n", "applyTo: ' '"),
        ("body only\n", "body only"),
    ],
)
def test_pl023_marks_the_blank_key_or_the_first_line(text: str, marked: str) -> None:
    found = analyze(text, path=COPILOT_PATH, settings=Settings(select=("PL023",))).findings
    assert [(text[f.start : f.end], f.message) for f in found] == [(marked, NO_WAY_IN)]


@pytest.mark.parametrize(
    "front", ["applyTo: '*.py'", "description: Python style", "applyTo: ''\ndescription: d"]
)
def test_pl023_is_quiet_with_either_key(front: str) -> None:
    assert findings("PL023", COPILOT_PATH, front) == []


def test_pl023_is_only_for_copilot_files() -> None:
    assert findings("PL023", CURSOR_PATH, "alwaysApply: false") == []
