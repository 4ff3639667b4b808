"""In documentation ("other" files), quoted and fenced markers are mentions, and only
real fences and code spans make them so.
"""

from __future__ import annotations

import pytest

from tests.analysis.conftest import MARKER, codes

# In documentation ("other" files), quoted and fenced markers are mentions.


def test_tilde_and_unclosed_fences_hide_markers() -> None:
    text = f"Intro\n\n~~~\n{MARKER}\n~~~\n\nMore\n\n````md\n{MARKER}\n```\nstill inside\n"
    assert codes(text, "notes.md") == []


def test_a_fence_needs_a_line_start() -> None:
    text = f"Inline ``` is not a fence\n\n{MARKER} x\n\n{MARKER}\n"
    assert "PL001" in codes(text, "notes.md")


def test_quotes_must_match() -> None:
    assert codes(f"say '{MARKER}` now\n\n{MARKER}\n", "notes.md").count("PL001") == 1
    assert codes(f"say '{MARKER}' now\n\n{MARKER}\n", "notes.md").count("PL001") == 0


def test_a_backtick_run_with_a_backtick_after_it_opens_no_fence() -> None:
    # CommonMark: a backtick fence's info string holds no backtick, so this line is
    # inline code and the markers below it are in the open.
    text = f"```npm test``` runs the tests\n\n{MARKER} x\n\n{MARKER}\n"
    assert "PL001" in codes(text, "notes.md")
    # Only its own line counts: inline code on the next line leaves the fence a fence.
    assert codes(f"```\n`a`\n{MARKER} x\n\n{MARKER}\n```\n", "notes.md") == []
    # The same on the last line, with no line break after it.
    assert "PL001" in codes(f"{MARKER} x\n\n```x``` {MARKER}", "notes.md")
    # A tilde fence's info string may hold anything, backticks and tildes too: a fence.
    text = f"~~~md `x` ~~~\n{MARKER} x\n\n{MARKER}\n"
    assert codes(text, "notes.md") == []
    # The line ends at a lone CR too (old Mac files): the closing run is on a later line.
    text = f"```md\r{MARKER} x\r\r{MARKER}\r```\r"
    assert codes(text, "notes.md") == []


# Mentions: a line of inline code at a line start (```` ```npm test``` ````) opens no
# fence, and the fences after it are read as ever.
#
# The line is skipped as a fence opener; skipping must not end the reading of the text,
# or a real fenced block further down (a README quoting the marker in an example) would no
# longer hide its marker (docs/mutation.md, "Session 8's speed changes and the mention
# fence fix").


@pytest.mark.parametrize("fence", ["```", "~~~"])
def test_a_fence_after_a_line_of_inline_code_still_hides_its_markers(fence: str) -> None:
    text = f"```npm test``` runs the tests.\n\n{fence}\n{MARKER} x\n\n{MARKER}\n{fence}\n"
    assert codes(text, "notes.md") == []


def test_markers_after_that_fence_are_in_the_open() -> None:
    text = f"```npm test``` first.\n\n```\n{MARKER}\n```\n\n{MARKER} x\n\n{MARKER}\n"
    assert "PL001" in codes(text, "notes.md")


# In documentation, a marker is a mention only inside a real fence: two backticks or two
# tildes at a line start open none, so a marker after them is still reported.
# Found by mutating mentions.py's fence patterns (scripts/mutation_patterns.py,
# docs/mutation.md).


def test_two_backticks_at_a_line_start_open_no_fence() -> None:
    assert "PL001" in codes(f"``\n{MARKER}\n\n{MARKER}\n", "notes.md")


def test_two_tildes_at_a_line_start_open_no_fence() -> None:
    assert "PL001" in codes(f"~~\n{MARKER}\n\n{MARKER}\n\n``inline``\n", "notes.md")
