"""PL008 searches its five patterns in one pass; it must find what five passes find.

The single pass lets each pattern look ahead from its first character, so a slot that
contains a home path, a date inside a UUID-like run, or a pattern's own overlapping
repeats are all decided as if every pattern had scanned the static half on its own.
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from promptls.analysis import analyze
from promptls.analysis.rules.pl008_volatile_static import PATTERNS, matches
from tests import MARKER

PIECES = st.sampled_from(
    [
        "-",
        ":",
        "{",
        "}",
        "$",
        "%",
        "/",
        "\\",
        "\n",
        " ",
        "2025",
        "-06-01",
        "12:30:59",
        "0a1b",
        "-0a1b",
        "deadbeef-",
        "0a1b2c3d4e5f",
        "home/",
        "Users",
        "C:\\Users\\me",
        "{{ user }}",
        "{% if x %}",
        "${HOME}",
        "é",
        "🙂",
    ]
)
TEXTS = st.lists(PIECES, max_size=30).map("".join)


def _five_passes(text: str, end: int) -> list[tuple[int, int, int]]:
    """Reference: each pattern on its own, as ``finditer`` reports it."""
    found = []
    for index, pattern in enumerate(PATTERNS):
        for match in re.finditer(pattern, text[:end]):
            found.append((match.start(), match.end(), index))
    return sorted(found)


@settings(max_examples=500, deadline=None)
@given(text=TEXTS, data=st.data())
def test_one_pass_finds_what_five_passes_find(text: str, data: st.DataObject) -> None:
    end = data.draw(st.integers(0, len(text)))
    assert sorted(matches(text, end)) == _five_passes(text, end)


def test_values_inside_one_another_are_each_reported() -> None:
    # A home path inside a slot, and a time right after a date: one pass, all found.
    text = f"Hi {{{{ /home/ana }}}} at 2025-06-01 12:30:59 UTC\n\n{MARKER}\n\nrest"
    found = [(f.code, text[f.start : f.end]) for f in analyze(text).findings]
    assert ("PL008", "{{ /home/ana }}") in found
    assert ("PL008", "/home/ana") in found
    assert ("PL008", "2025-06-01") in found
    assert ("PL008", "12:30:59") in found
