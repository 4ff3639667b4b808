"""PL018 (invalid-front-matter) beyond its fixtures: exact messages, spans and fixes at
the edges of what it reports.

Its positive and negative cases are files in ``tests/analysis/testdata/PL018/``
(run by ``tests/analysis/test_fixtures.py``); ``scripts/test --rule PL018`` runs
this module, those fixtures and its docs check.
"""

from __future__ import annotations

import pytest

from promptls.analysis import analyze
from promptls.analysis.settings import Settings
from tests.analysis.test_frontmatter import COPILOT_FILE, COPILOT_PATH

# The front-matter rules (PL018–PL024): the exact messages, spans and fixes a user
# sees, at the edges the mutation run of ``analysis/rules/pl018…pl024`` found unpinned
# (docs/mutation.md).


# -- PL018 ---------------------------------------------------------------------------------
def span(code: str, path: str, text: str) -> list[str]:
    """The text each finding of ``code`` covers."""
    found = analyze(text, path=path, settings=Settings(select=(code,))).findings
    return [text[f.start : f.end] for f in found]


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_pl018_marks_from_where_yaml_stopped_to_the_end_of_that_line(newline: str) -> None:
    """Not the line break, not the next line, whichever line ending the file uses."""
    lines = ["---", "description: x", "applyTo: **/*.ts", "---", "body", ""]
    assert span("PL018", COPILOT_PATH, newline.join(lines)) == ["*/*.ts"]
    lines = ["---", "description: x", "\tapplyTo: y", "---", ""]
    assert span("PL018", COPILOT_PATH, newline.join(lines)) == ["\tapplyTo: y"]


# The front-matter rules PL018-PL021, the scope globs they share and the glob hover's
# lookups, at the edges the mutation run of ``frontmatter_check.py``, ``frontmatter_kinds.py``
# and the rules left unpinned (docs/mutation.md, "Fourth round").


# -- PL018 ---------------------------------------------------------------------------------
def test_pl018_a_problem_at_a_line_break_marks_that_break() -> None:
    # An anchor with no name: YAML stops at the line break right after `&`.
    text = "---\nk: &\n---\nBody.\n"
    [found] = analyze(text, path=COPILOT_FILE, settings=Settings(select=("PL018",))).findings
    assert (found.start, found.end) == (8, 9)
