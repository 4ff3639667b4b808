"""Suppression comments find "their line" through the mapper, whatever ends the lines.

A ``disable-next-line`` must reach the line after a CRLF or a lone CR, a ``noqa`` must
cover exactly its own line, and backticks on an earlier line (however it ended) must not
make a comment look quoted.
"""

from __future__ import annotations

import pytest

from promptls.analysis import analyze
from tests.positions import encoded_position

ZWSP = "\u200b"


def _reported_lines(text: str, path: str) -> list[int]:
    """0-based lines of the invisible characters that are still reported (repeated ones
    are one finding; the others are its related information)."""
    found = [f for f in analyze(text, path=path).findings if f.code == "PL010"]
    starts = sorted(span.start for f in found for span in (f, *f.related))
    return [encoded_position(text, start, "utf-32")[0] for start in starts]


@pytest.mark.parametrize("eol", ["\n", "\r\n", "\r"])
def test_disable_next_line_reaches_the_next_line(eol: str) -> None:
    lines = ["😀 `a", "<!-- promptls-disable-next-line PL010 -->", f"漢{ZWSP}", f"b{ZWSP}"]
    # The odd backtick on line 0 is not on the comment's line: the comment is not quoted.
    assert _reported_lines(eol.join(lines), "AGENTS.md") == [3]


@pytest.mark.parametrize("eol", ["\n", "\r\n", "\r"])
def test_noqa_covers_its_own_line_only(eol: str) -> None:
    lines = [f"a{ZWSP}", f"😀{ZWSP}  # promptls: noqa PL010", f"c{ZWSP}"]
    assert _reported_lines(eol.join(lines), "x.prompt") == [0, 2]


@pytest.mark.parametrize("eol", ["\n", "\r\n", "\r"])
def test_a_comment_quoted_on_its_own_line_suppresses_nothing(eol: str) -> None:
    lines = ["`<!-- promptls-disable-next-line PL010 -->`", f"漢{ZWSP}"]
    assert _reported_lines(eol.join(lines), "AGENTS.md") == [1]
