"""Exact o200k_base counts (``promptls[tokens]``; the test extra installs it).

The expected ids are published: OpenAI's harmony tests encode "hello world" as
``[24912, 2375]`` with the o200k vocabulary (openai/harmony ``test_encode_allowed_special``),
and an independent tokenizer's verification table (a JavaScript BPE port, found by
its o200kCases table) lists the o200k_base ids of the other strings below. When the
extra was chosen, its counts were also checked against tiktoken itself (loaded with
the o200k_base file whose SHA-256 tiktoken pins) on every corpus file: equal everywhere.
Counting must work with no network: toktok-rs has the vocabulary compiled in.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest

from promptls.tokens import O200K, count_tokens, estimate_tokens, exact_tokenizer_available

KNOWN_O200K = [
    ("hello world", 2),  # [24912, 2375]
    (" 日本語とEnglish 12345!\n", 8),  # [17428, 40909, 5330, 28881, 220, 7633, 2548, 4175]
    ("\x1ca", 2),  # [216, 64]
    ("a\n\n", 2),  # [64, 279]
    ("<|endoftext|>", 7),  # plain text, not the special token
    ("a\ud800b", 3),  # a lone surrogate is sent as U+FFFD: [64, 3251, 65]
    ("", 0),
]


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Any attempt to open a socket fails the test."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the tokenizer tried to reach the network")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    yield


def test_the_tokens_extra_is_installed_for_the_tests() -> None:
    assert exact_tokenizer_available()


@pytest.mark.parametrize(("text", "count"), KNOWN_O200K)
def test_known_o200k_counts(no_network: None, text: str, count: int) -> None:
    result = count_tokens(text, O200K)
    assert (result.count, result.exact, result.method) == (count, True, O200K)


def test_without_an_encoding_the_count_is_the_labelled_estimate() -> None:
    text = "Claude and Gemini tokenizers are not public. " * 20
    result = count_tokens(text)
    assert (result.count, result.exact, result.method) == (estimate_tokens(text), False, "estimate")


def test_missing_tokenizer_falls_back_to_the_estimate(monkeypatch: pytest.MonkeyPatch) -> None:
    import promptls.tokens as tokens

    monkeypatch.setattr(tokens, "_counter", tokens._MISSING)
    result = count_tokens("hello world", O200K)
    assert result == tokens.TokenCount(estimate_tokens("hello world"), False, "estimate")
    assert not exact_tokenizer_available()
