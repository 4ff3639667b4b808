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
