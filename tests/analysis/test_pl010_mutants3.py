"""PL010's budget of whole-text fence checks, at the edge the mutation run of session 5
(docs/mutation.md) found unpinned: a line whose run only *looks* like it guards a fence
(a backtick run inside a tilde block, which cannot close it) costs one check, not two.
"""

from __future__ import annotations

from promptls.analysis import analyze
from promptls.analysis.model import Finding
from promptls.config import Settings

READS = "the model reads it, a reviewer cannot see it"
ZWSP = "invisible character U+200B zero-width space"


def _pl010(text: str) -> list[Finding]:
    return list(analyze(text, path="AGENTS.md", settings=Settings(select=("PL010",))).findings)


def test_pl010_a_fence_like_line_that_moves_no_fence_costs_one_check() -> None:
    # Nine lines `\u200b```` inside a ~~~ block: removing a run turns its line into a
    # backtick fence line (so each is checked against the whole text), but a backtick run
    # cannot close a tilde block, so no removal moves a fence. Nine checks fit the budget
    # of sixteen: all nine runs are ordinary and share one finding whose fix removes them.
    text = "~~~\n" + "\u200b```\n" * 9 + "~~~\n"
    [found] = _pl010(text)
    assert found.message == (
        f"{ZWSP}, 9 times in this file (lines 2, 3, 4, 5, 6, 7, 8, 9, 10): {READS}"
    )
    assert found.fix is not None
    assert found.fix.title == "Remove all 9 of them"
    assert len(found.related) == 8
