"""Which runs open a fence for the rules that skip code (PL003, PL007, PL008, PL010)."""

from __future__ import annotations

import pytest

from promptls.analysis.code import fence_role_changes, fences


@pytest.mark.parametrize("char", ["`", "~"])
def test_two_characters_at_a_line_start_open_no_fence(char: str) -> None:
    text = f"{char * 2}x\n{char * 3}\ncode\n{char * 3}\n"
    assert [(f.start, f.run, f.close) for f in fences(text)] == [(4, char * 3, 13)]


@pytest.mark.parametrize("char", ["`", "~"])
def test_an_invisible_character_after_two_or_an_indented_run_changes_no_fence(char: str) -> None:
    for line in (f"{char * 2}\u200b", f"    {char * 3}\u200b"):
        assert fence_role_changes(line, [(len(line) - 1, len(line))]) is False
    line = f"{char * 3}\u200b"
    assert fence_role_changes(line, [(3, 4)]) is True  # the run then closes a fence
