"""PL010 at its edges: exactly the invisible characters of ``promptls.text.chars``, runs
at the start of the text, joiners that belong to a script, the wording of each message.

Written against mutation testing (docs/mutation.md).
"""

from __future__ import annotations

import pytest

from promptls.analysis import analyze
from promptls.analysis.rules import pl010_invisible_chars as pl010
from promptls.config import Settings
from promptls.text.chars import INVISIBLE_RANGES


def _runs(text: str, path: str = "AGENTS.md") -> list[str]:
    """Every reported run in text order: repeated runs of one kind are one finding, the
    others its related information."""
    found = analyze(text, path=path, settings=Settings(select=("PL010",))).findings
    spans = sorted((span.start, span.end) for f in found for span in (f, *f.related))
    return [text[start:end] for start, end in spans]


def _messages(text: str) -> list[str]:
    found = analyze(text, path="AGENTS.md", settings=Settings(select=("PL010",))).findings
    return [f.message for f in found]


def test_the_byte_pattern_matches_exactly_the_invisible_characters() -> None:
    """The pattern as ``_utf8_pattern`` builds it, against the table it is built from."""
    invisible = {c for low, high, _ in INVISIBLE_RANGES for c in range(low, high + 1)}
    codes = [*range(0xD800), *range(0xE000, 0x10000), *range(0xDFFF0, 0xE0090)]
    for pattern in (pl010._utf8_pattern(), pl010._UTF8_INVISIBLE):
        matched = {c for c in codes if pattern.fullmatch(chr(c).encode("utf-8"))}
        assert matched == invisible & set(codes)


@pytest.mark.parametrize(
    ("text", "runs"),
    [
        ("\u200bab\u200b\u200bc", ["\u200b", "\u200b\u200b"]),  # a run at offset 0
        ("\ufeffab\u200bc", ["\u200b"]),  # a leading BOM is fine, what follows is not
        ("ab\ufeff", ["\ufeff"]),  # a BOM elsewhere is not
        ("é\u200dx and \u0915\u200c\u094d", []),  # joiners next to a non-Latin letter
        ("a\u200dé", []),
        ("é\u200d", []),  # at the very end
        ("é\u200c\u200dx", []),  # both joiners in one run
        ("a\u200db", ["\u200d"]),  # between ASCII letters
        ("\u200dab é", ["\u200d"]),  # at offset 0, the end of the text does not count
        ("aé\u200dx", []),  # the character right before counts
        ("\x7f\u200dx", ["\u200d"]),  # DEL is ASCII
        ("a\u200d\x7f", ["\u200d"]),
        ("é\u200d\u200bx", ["\u200d\u200b"]),  # a joiner with another invisible character
    ],
)
def test_pl010_runs(text: str, runs: list[str]) -> None:
    assert _runs(text) == runs


def test_pl010_leaves_a_near_miss_to_pl002_but_not_what_follows() -> None:
    near = "\u200b_ZIDANE_SYSTEM_PROMPT_BOUNDARY__"  # the near-miss starts with it
    assert _runs(f"{near} x\u200b", "x.prompt") == ["\u200b"]
    inside = "x __ZIDANE\u200b_SYSTEM_PROMPT_BOUNDARY__ y"
    assert _runs(inside, "x.prompt") == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("ab\u200bc", "invisible character U+200B zero-width space"),
        ("a\u200b", "invisible character U+200B zero-width space"),
        (
            "ab\u200b\u00adc",
            "invisible characters U+00AD soft hyphen, U+200B zero-width space",
        ),
        ("a\u200b\u200bc", "invisible characters U+200B zero-width space"),
        ("ab\u202ec", "bidirectional control U+202E bidirectional embedding/override"),
        (
            "ab\u202e\u200bc",
            "bidirectional controls U+200B zero-width space, "
            "U+202E bidirectional embedding/override",
        ),
    ],
)
def test_pl010_messages(text: str, message: str) -> None:
    assert _messages(text) == [f"{message}: the model reads it, a reviewer cannot see it"]


def test_pl010_fix_removes_the_run() -> None:
    text = "ab\u200b\u200dc"
    (finding,) = analyze(text, path="AGENTS.md", settings=Settings(select=("PL010",))).findings
    assert finding.fix is not None
    assert finding.fix.title == "Remove the invisible characters"
    assert [(e.start, e.end, e.new_text) for e in finding.fix.edits] == [(2, 4, "")]
