"""PL033's gate reads a non-ASCII text's UTF-8 bytes instead of the text (a text with
one emoji is stored at 4 bytes a character, so the bytes are a quarter of the memory to
read). It must pass exactly the texts the gate over the text passes: over random texts
of token prefixes, word characters and non-ASCII characters right before and after
them, both answer the same, and a secret after an emoji is still reported."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from promptls.analysis import analyze
from promptls.analysis.rules.pl033_committed_secret import _GATE, may_hold_secret
from promptls.text.mapper import text_to_utf8

PIECES = [
    "AKIA",
    "ASIA",
    "AIza",
    "ghp_",
    "github_pat_",
    "xoxb-",
    "sk_live_",
    "rk_live_",
    "sk-",
    "-----BEGIN ",
    "-",
    "_",
    "x",
    "9",
    " ",
    "\n",
    "é",
    "日本",
    "🚀",
    "\u200b",
    "\U0001f600",
]

texts = st.lists(st.sampled_from(PIECES) | st.characters(), max_size=24).map("".join)


@settings(max_examples=2000, deadline=None)
@given(texts)
def test_the_gate_over_the_bytes_answers_as_the_gate_over_the_text(text: str) -> None:
    assert may_hold_secret(text, text_to_utf8(text)) == (_GATE.search(text) is not None)


def test_a_key_after_an_emoji_is_reported_and_one_glued_to_a_word_is_not() -> None:
    key = "ghp_Q7mK2xP9vL4nR8tWQ7mK2xP9vL4nR8tWQ7mK"
    found = analyze(f"✅ token 🚀{key} done\n", path="notes.prompt.md").findings
    assert [f.code for f in found if f.code == "PL033"] == ["PL033"]
    glued = analyze(f"✅ token x{key} done\n", path="notes.prompt.md").findings
    assert not [f for f in glued if f.code == "PL033"]
