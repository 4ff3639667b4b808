"""Fixes never overlap, and fixing twice gives the same text as fixing once."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from promptls.analysis import Edit, Fix, analyze, apply_fixes, fix_all
from promptls.prompt import split_system_prompt
from tests import examples

from .conftest import MARKER

PIECES = [
    MARKER,
    "__zidane_system_prompt_boundary__",
    "__ZIDANE_SYSTEM_PROMPT_BOUNDRY__",
    "__SYSTEM_PROMPT_DYNAMIC_BOUNDARY__",
    "__ZIDANE_SYS\u200bTEM_PROMPT_BOUNDARY__",
    "_",
    "x",
    "\n",
    "\n\n",
    "\r\n",
    " ",
    "text",
    "🎉",
    "中文",
    "{{slot}}",
    "\u200b",
    "\u202e",
]


def test_conflicting_fixes_are_skipped() -> None:
    first = Fix("a", (Edit(0, 3, "X"),))
    overlapping = Fix("b", (Edit(2, 5, "Y"),))
    later = Fix("c", (Edit(6, 7, "Z"),))
    assert apply_fixes("abcdefgh", [later, overlapping, first]) == "XdefZh"


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=14), st.sampled_from(["x.prompt", "AGENTS.md"]))
def test_fix_all_is_idempotent(pieces: list[str], path: str) -> None:
    text = "".join(pieces)
    once = fix_all(text, path=path)
    assert fix_all(once, path=path) == once
    for finding in analyze(once, path=path).findings:
        assert finding.fix is None or finding.code in {"PL001", "PL007"}


def test_fixed_prompt_splits_cleanly() -> None:
    text = f"Doctrine.\n{MARKER}   \nTurn.\n\n__zidane_system_prompt_boundary__\n"
    fixed = fix_all(text, path="x.prompt")
    static, dynamic = split_system_prompt(fixed)
    assert static == "Doctrine." and dynamic.startswith("Turn.")
