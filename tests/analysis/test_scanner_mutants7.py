"""A near-miss of a configured marker whose word touches the marker's edge
(``CACHEBREAK__``): a typo that puts a letter there leaves that letter as the word's only
neighbour, and the typo is found in text with non-ASCII characters as in ASCII text.

Written from the session 6 mutation run of the memoised ``_anchor_regex_bytes``
(docs/mutation.md, "Cache-decorated functions"): with the neighbour class written in
upper case (``x__anchor_regex_bytes__mutmut_8``) lowered letters stopped counting as
neighbours in the byte search that non-ASCII text takes.
"""

from __future__ import annotations

import pytest

from promptls.analysis.model import MarkerKind
from promptls.analysis.scanner import scan


@pytest.mark.parametrize(
    ("marker", "typo"),
    [
        ("CACHEBREAK__", "CACHEBREAKX__"),
        ("__CACHEBREAK", "__XCACHEBREAK"),
        ("CACHEBREAK-", "CACHEBREAKS-"),
    ],
)
@pytest.mark.parametrize("prose", ["Cache here:", "Caché ici :"])
def test_a_letter_typed_next_to_the_word_is_found_in_any_text(
    marker: str, typo: str, prose: str
) -> None:
    text = f"{prose} {typo}\n"
    hits = [(h.kind, text[h.start : h.end]) for h in scan(text, [marker])]
    assert hits == [(MarkerKind.NEAR_MISS, typo)]
