"""The scanner finds every kind of near-miss and never flags ordinary prose."""

from __future__ import annotations

import pytest

from promptls.analysis.model import MarkerKind
from promptls.analysis.scanner import scan

from .conftest import MARKER


@pytest.mark.parametrize(
    ("token", "why"),
    [
        ("__zidane_system_prompt_boundary__", "letter case"),
        ("__Zidane_System_Prompt_Boundary__", "letter case"),
        ("_ZIDANE_SYSTEM_PROMPT_BOUNDARY__", "underscores"),
        ("ZIDANE_SYSTEM_PROMPT_BOUNDARY", "underscores"),
        ("__ZIDANE-SYSTEM-PROMPT-BOUNDARY__", "hyphens"),
        ("__ZIDANE SYSTEM PROMPT BOUNDARY__", "spaces"),
        ("__ZIDANE_SYSTEM_PROMPT_BOUNDRY__", "1 edit"),
        ("__ZIDAEN_SYSTEM_PROMPT_BOUNDARY__", "2 edits"),
        ("__ZIDANE_SYS\u200bTEM_PROMPT_BOUNDARY__", "U+200B"),
        ("__ZIDANE_SYSTEM_PROMPT\u2060_BOUNDARY__", "U+2060"),
        ("__ZIDANE_SYSTEM_PROMPT_\nBOUNDARY__", "across lines"),
        ("__ZIDANE_SYSTEM_PROMPT_\r\nBOUNDARY__", "across lines"),
    ],
)
def test_near_misses_are_found_with_a_reason(token: str, why: str) -> None:
    text = f"Doctrine here.\n\n{token}\n\nTurn state."
    hits = scan(text, [MARKER])
    assert [h.kind for h in hits] == [MarkerKind.NEAR_MISS]
    hit = hits[0]
    assert text[hit.start : hit.end] == token
    assert why in hit.reason or why.split()[0] in hit.reason


@pytest.mark.parametrize(
    "prose",
    [
        "Keep the system prompt boundary stable.",
        "Anything after the dynamic boundary changes per turn.",
        "The PROMPT_BOUNDARY constant and SYSTEM_PROMPT_BOUNDARY are names in code.",
        "A prompt-dynamic boundary is where caching stops.",
        "ZidaneSystemPromptBoundary is a class name.",
        "the prompt dynamic boundary",
        "__init__ system prompt __main__",
        "SYSTEM PROMPT BOUNDARY in capitals",
    ],
)
def test_prose_is_never_a_marker(prose: str) -> None:
    assert scan(prose, [MARKER]) == ()


def test_exact_foreign_and_glued_markers() -> None:
    text = f"a\n\n{MARKER}\n\nb __SYSTEM_PROMPT_DYNAMIC_BOUNDARY__ c _{MARKER}"
    kinds = [h.kind for h in scan(text, [MARKER])]
    assert kinds == [MarkerKind.EXACT, MarkerKind.FOREIGN, MarkerKind.EXACT]


def test_configured_foreign_marker_is_exact() -> None:
    foreign = "__PROMPT_DYNAMIC_BOUNDARY__"
    hits = scan(f"x\n\n{foreign}\n\ny", [MARKER, foreign])
    assert [(h.kind, h.marker) for h in hits] == [(MarkerKind.EXACT, foreign)]


def test_offsets_after_emoji_and_cjk() -> None:
    text = "🎉 中文テキスト 👨‍👩‍👧 __ZIDANE_SYSTEM_PROMPT_BOUNDRY__ end"
    (hit,) = scan(text, [MARKER])
    assert text[hit.start : hit.end] == "__ZIDANE_SYSTEM_PROMPT_BOUNDRY__"


def test_custom_marker_without_words_is_exact_only() -> None:
    assert [h.kind for h in scan("a <<<>>> b <<>>> c", ["<<<>>>"])] == [MarkerKind.EXACT]


def test_custom_identifier_marker_gets_near_misses_others_exact_only() -> None:
    custom = "@@CACHE_SPLIT_HERE@@"
    assert scan("a @@CACHE-SPLIT-HERE@@ b", [custom]) == ()
    ident = "CACHE_SPLIT_HERE"
    (hit,) = scan("a cache_split_here b", [ident])
    assert hit.kind is MarkerKind.NEAR_MISS and hit.marker == ident
