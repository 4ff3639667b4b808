"""PL033 decides from one cheap search whether a text can hold a secret at all: a token's
public prefix found from its rarest character. A text the search passes over is never
searched shape by shape, so the search must find every text in which any shape matches.
Over random texts built from the prefixes, the characters around them and bodies of the
lengths the shapes take, whenever a shape's pattern or a private key's header matches,
the gate does too."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from promptls.analysis.rules.pl033_committed_secret import _GATE, _PRIVATE_KEY, SHAPES, secrets

BODY = "Q7mK2xP9vL4nR8tW"
"""Sixteen characters a generated key could hold (no run, no sequence, many distinct)."""

PIECES = [
    "AKIA",
    "ASIA",
    "AIza",
    "ghp_",
    "gho_",
    "ghr_",
    "github_pat_",
    "xoxb-",
    "xoxp-",
    "123456-",
    "sk_live_",
    "rk_live_",
    "sk-",
    "sk-ant-api03-",
    "sk-proj-",
    "sk-svcacct-",
    "T3BlbkFJ",
    "-----BEGIN ",
    "-----BEGIN RSA PRIVATE KEY-----",
    "OPENSSH PRIVATE KEY-----",
    "-----",
    BODY,
    BODY[:6],
    "_",
    "-",
    "x",
    " ",
    "\n",
    "日本",
    "🚀",
]

texts = st.lists(st.sampled_from(PIECES), max_size=24).map("".join)


@settings(max_examples=1500, deadline=None)
@given(texts)
def test_every_text_a_shape_matches_passes_the_gate(text: str) -> None:
    if _PRIVATE_KEY.search(text) or any(shape.pattern.search(text) for shape in SHAPES):
        assert _GATE.search(text) is not None


def test_a_key_after_a_word_character_is_no_token_and_the_gate_says_so() -> None:
    key = "ghp_" + BODY * 3
    assert list(secrets("token: " + key)) and _GATE.search("token: " + key)
    assert _GATE.search("xghp_" + BODY * 3) is None
    assert not list(secrets("xghp_" + BODY * 3))
