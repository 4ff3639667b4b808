"""PL009 counts an OpenAI model's static half exactly (o200k_base, installed by the test
extra as ``promptls[tokens]``), so it reports a short prefix the estimate's margin would
keep quiet, and names the count as exact; other providers keep the labelled estimate."""

from __future__ import annotations

from promptls.analysis import analyze
from promptls.config import Settings
from promptls.tokens import O200K, count_tokens, estimate_tokens

from .conftest import MARKER

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
