"""In documentation ("other" files), quoted and fenced markers are mentions."""

from __future__ import annotations

from .conftest import MARKER, codes


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
