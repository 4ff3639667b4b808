"""PL032 searches a text holding any of İ ı ſ K (which ``re.IGNORECASE`` matches with an
ASCII letter) everywhere, however many of them it holds.

The candidate search looks for ``users`` and ``home`` in the ASCII-lowered bytes, which
miss ``/Uſers/`` and a drive letter written with the Kelvin sign; such a text must take
the pattern's own search, as a text holding only one of them does. A note on case
folding that lists all four characters is such a text (docs/mutation.md, "Session 8's
speed changes and the mention fence fix").
"""

from __future__ import annotations

import pytest

from promptls.analysis.rules.pl032_machine_path import _HOME, _home_matches

from .test_pl032_patterns import underlined

FOLDED = "İ ı ſ \u212a"


@pytest.mark.parametrize("letters", [FOLDED, "ſ", "İ ı ſ", "\u212a"])
def test_every_home_path_the_pattern_finds_is_found(letters: str) -> None:
    text = f"Folding: {letters}. Old notes: /Uſers/frank/x and \u212a:\\Users\\gina\\y\n"
    found = [m.span() for m in _home_matches(text, text.encode())]
    assert found == [m.span() for m in _HOME.finditer(text)]
    assert len(found) == 2


@pytest.mark.parametrize("letters", [FOLDED, "ſ"])
def test_a_file_listing_all_four_letters_gets_the_findings_of_one_listing_one(
    letters: str,
) -> None:
    """The rule reads a text only once it holds an ASCII home shape; past that, the
    folded spelling is a home path as the pattern reads it, whatever else the text holds."""
    text = f"Folding maps {letters} to ASCII.\nRun from /Users/gina/app or /Uſers/frank/app.\n"
    assert underlined(text) == ["/Users/gina", "/Uſers/frank"]
