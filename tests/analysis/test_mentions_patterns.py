"""In documentation, a marker is a mention only inside a real fence: two backticks or two
tildes at a line start open none, so a marker after them is still reported.
Found by mutating mentions.py's fence patterns (scripts/mutation_patterns.py,
docs/mutation.md).
"""

from __future__ import annotations

from .conftest import MARKER, codes


def test_two_backticks_at_a_line_start_open_no_fence() -> None:
    assert "PL001" in codes(f"``\n{MARKER}\n\n{MARKER}\n", "notes.md")


def test_two_tildes_at_a_line_start_open_no_fence() -> None:
    assert "PL001" in codes(f"~~\n{MARKER}\n\n{MARKER}\n\n``inline``\n", "notes.md")
