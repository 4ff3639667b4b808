"""PL009 (below-cache-minimum) beyond its fixtures: exact messages, spans and fixes at
the edges of what it reports.

Its positive and negative cases are files in ``tests/analysis/testdata/PL009/``
(run by ``tests/analysis/test_fixtures.py``); ``scripts/test --rule PL009`` runs
this module, those fixtures and its docs check.
"""

from __future__ import annotations

import pytest

from promptls.analysis import analyze
from promptls.analysis.cache_minimums import minimum_for
from promptls.config import Settings
from promptls.tokens import O200K, count_tokens, estimate_tokens
from tests.analysis.conftest import MARKER, codes
from tests.analysis.rules.test_pl011 import _found

# Rule behaviour that is not one fixture: exact spans, settings, kinds, ordering.
#
# Each rule's positive and negative cases are fixtures in ``testdata/`` (test_fixtures.py).


def test_pl009_uses_the_model_setting() -> None:
    middle = "word " * 1000 + f"\n\n{MARKER}\n\nturn"  # ~1250 tokens
    assert "PL009" not in codes(middle, "x.prompt", settings=Settings(model="claude-sonnet-4-5"))
    assert "PL009" in codes(middle, "x.prompt", settings=Settings(model="claude-opus-4-5"))
    assert "PL009" not in codes(middle, "x.prompt", settings=Settings(model="unknown-model"))


# PL008, PL009 and PL010 after their afternoon changes, at the edges the mutation run of
# 2026-12-01 (docs/mutation.md, "Fourth round") found unpinned: which ``{{…}}`` is a slot,
# placeholder homes and ``apply_patch`` examples, PL009's exact-count finding, and PL010's
# grouped and structure-keeping findings.


def test_pl009_the_exact_count_finding_marks_the_marker_and_says_why_it_matters() -> None:
    static = "hello world " * 300 + "\n\n"
    text = f"{static}{MARKER}\n\nTurn."
    settings = Settings(select=("PL009",), model="gpt-4o")
    [found] = analyze(text, path="x.prompt", settings=settings).findings
    count = count_tokens(static, O200K).count
    assert found.message == (
        f"static half is {count} tokens (o200k_base), below the 1024-token minimum cacheable "
        "prefix of gpt-4o: unless tools or earlier blocks make the prefix long enough, "
        "caching silently does nothing"
    )
    assert text[found.start : found.end] == MARKER


# PL009 counts an OpenAI model's static half exactly (o200k_base, installed by the test
# extra as ``promptls[tokens]``), so it reports a short prefix the estimate's margin would
# keep quiet, and names the count as exact; other providers keep the labelled estimate.


# "hello world " is two o200k_base tokens per repeat but three by the 4-characters
# estimate, so the estimate plus its quarter margin reaches 1024 while the real count
# stays far below it.
STATIC = "hello world " * 300


def _pl009(model: str) -> list[str]:
    text = f"{STATIC}\n\n{MARKER}\n\nTurn."
    found = analyze(text, path="x.prompt", settings=Settings(select=("PL009",), model=model))
    return [f.message for f in found.findings]


def test_the_example_sits_where_estimate_and_exact_count_disagree() -> None:
    exact = count_tokens(STATIC + "\n\n", O200K)
    assert exact.exact and exact.count < 1024 * 0.8
    assert estimate_tokens(STATIC + "\n\n") * 1.25 >= 1024


def test_an_openai_model_is_counted_exactly() -> None:
    (message,) = _pl009("gpt-4o")
    exact = count_tokens(f"{STATIC}\n\n", O200K).count
    assert message.startswith(f"static half is {exact} tokens (o200k_base), below the 1024-token")


def test_a_claude_model_keeps_the_estimate_and_its_margin() -> None:
    assert _pl009("claude-sonnet-4-5") == []


def _static_of(tokens: int) -> str:
    """A static half (with the blank line before the marker) of exactly ``tokens`` tokens."""
    for repeats in range(tokens // 2 - 8, tokens):
        for tail in ("", "hello"):
            static = "hello world " * repeats + tail + "\n\n"
            if count_tokens(static, O200K).count == tokens:
                return static
    raise AssertionError(f"no static half of {tokens} tokens")


def test_the_exact_count_at_the_minimum_passes_and_one_below_is_reported() -> None:
    for tokens, reported in ((1024, False), (1023, True)):
        static = _static_of(tokens)
        found = analyze(
            f"{static}{MARKER}\n\nTurn.",
            path="x.prompt",
            settings=Settings(select=("PL009",), model="gpt-4o"),
        ).findings
        assert bool(found) is reported, tokens
        if reported:
            assert found[0].message.startswith(f"static half is {tokens} tokens (o200k_base)")


# The size rules at their boundaries: PL009's cache minimum, PL011's per-profile limits
# and PL014's cut, which starts at the byte discovery cuts (PL011 leaves codex's budget to
# it when there is a discovery).
#
# Written against mutation testing (docs/mutation.md): each case sits one unit either side
# of a limit, or counts in the unit the profile counts (codex: UTF-8 bytes, Claude Code:
# characters), where a small slip in the rule would move or drop a finding.


# PL009
@pytest.mark.parametrize(
    ("model", "minimum"),
    [
        ("claude-opus-4.5", 4096),  # dots read as dashes, not as claude-opus-4 (1024)
        (" Claude_Haiku_4_5-20251001 ", 4096),
        ("anthropic/claude-opus-4-5", 4096),  # a provider prefix is dropped
        ("openrouter/anthropic/claude-opus-4.5", 4096),
        ("claude-opus-4-20250514", 1024),
        ("gpt-4o", 1024),
        ("gemini-2.5-pro", 2048),  # dated Google row (analysis/cache_minimums.py)
        ("gemini-9", None),  # a model the table does not know: no finding
    ],
)
def test_pl009_model_names_are_normalised_before_the_table(model: str, minimum: int | None) -> None:
    known = minimum_for(model)
    assert (known[0] if known else None) == minimum


def test_pl009_message_names_the_estimate_the_minimum_and_the_model() -> None:
    text = f"Doctrine.\n\n{MARKER}\n\nTurn."
    (finding,) = _found(text, "PL009", model="claude-sonnet-4-5")
    assert (finding.start, finding.end) == (11, 11 + len(MARKER))
    assert finding.message == (
        "static half is about 3 tokens (estimated at 4 characters a token for ASCII, 2 for "
        "other letters and 1 for CJK and emoji; real counts differ by up to a quarter), "
        "below the 1024-token minimum cacheable prefix of claude-sonnet-4-5 even so: unless "
        "tools or earlier blocks make the prefix long enough, caching silently does nothing"
    )


def test_pl009_reports_only_below_the_minimum_less_the_estimates_error() -> None:
    """1024 tokens, and real counts up to a quarter above the estimate: an estimate of
    820 (×1.25 = 1025) may reach the minimum, 819 (×1.25 = 1023.75) cannot."""
    settings = {"model": "claude-sonnet-4-5"}  # ASCII is 4 characters a token
    assert _found(f"{'w' * 4091}\n\n{MARKER}\n\nTurn.", "PL009", **settings) == []  # 1024
    assert _found(f"{'w' * 4090}\n\n{MARKER}\n\nTurn.", "PL009", **settings) == []  # 1023
    at_margin = "w" * 3277 + "\n\n"  # 3279 characters: 820 tokens
    assert _found(f"{at_margin}{MARKER}\n\nTurn.", "PL009", **settings) == []
    below = "w" * 3274 + "\n\n"  # 3276 characters: 819 tokens
    (finding,) = _found(f"{below}{MARKER}\n\nTurn.", "PL009", **settings)
    assert "about 819 tokens" in finding.message


def test_pl009_a_one_character_static_half_is_still_checked() -> None:
    (finding,) = _found(f"x{MARKER}\n\nTurn.", "PL009", model="claude-sonnet-4-5")
    assert "about 1 tokens" in finding.message
    assert _found(f"{MARKER}\n\nTurn.", "PL009", model="claude-sonnet-4-5") == []
    assert _found(f" \n\n{MARKER}\n\nTurn.", "PL009", model="claude-sonnet-4-5") == []
