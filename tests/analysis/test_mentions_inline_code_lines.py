"""Mentions: a line of inline code at a line start (```` ```npm test``` ````) opens no
fence, and the fences after it are read as ever.

The line is skipped as a fence opener; skipping must not end the reading of the text,
or a real fenced block further down (a README quoting the marker in an example) would no
longer hide its marker (docs/mutation.md, "Session 8's speed changes and the mention
fence fix").
"""

from __future__ import annotations

import pytest

from .conftest import MARKER, codes


@pytest.mark.parametrize("fence", ["```", "~~~"])
def test_a_fence_after_a_line_of_inline_code_still_hides_its_markers(fence: str) -> None:
    text = f"```npm test``` runs the tests.\n\n{fence}\n{MARKER} x\n\n{MARKER}\n{fence}\n"
    assert codes(text, "notes.md") == []


def test_markers_after_that_fence_are_in_the_open() -> None:
    text = f"```npm test``` first.\n\n```\n{MARKER}\n```\n\n{MARKER} x\n\n{MARKER}\n"
    assert "PL001" in codes(text, "notes.md")
