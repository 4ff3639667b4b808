"""The scanner turns away an anchor atom too short to be a near-miss alone from the
atoms to its right before it reads those to its left (``scanner._neighbours``): it
reports what reading both sides first reports, on texts of short marker-shaped atoms
wrapped, joined and split in every way."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from promptls.analysis import scanner
from promptls.analysis.scanner import _Kit, _left_atoms, _right_atoms, scan
from tests import MARKER, examples

PIECES = [
    "ZIDANE",
    "zidane",
    "SYSTEM",
    "PROMPT",
    "prompt",
    "BOUNDRY",
    "BOUNDARY",
    "ZIDANE_",
    "_SYSTEM",
    "PROMPT_",
    "_BOUNDARY__",
    "--prompt",
    "prompt-",
    "-PROMPX",
    "AAAA-",
    "AAAA",
    "-",
    "_",
    "__",
    " ",
    "  ",
    "\n",
    "\r\n",
    "\n\n",
    "\t",
    "x",
    "é",
    "😀",
    "\u200b",
    "a" * 150,
]


def _both_sides(
    text: str, atom: tuple[int, int], count: int, shortest: int, kit: _Kit
) -> tuple[list[tuple[int, int]], int]:
    """``_neighbours`` without turning anything away early: the atoms to the left,
    then those to the right when one up to the anchor starts with ``_`` or ``-``."""
    atoms = _left_atoms(text, atom[0], count, kit)
    atoms.append(atom)
    anchor = len(atoms) - 1
    if any(text[start] in "_-" for start, _ in atoms):
        atoms += _right_atoms(text, atom[1], count, kit)
    elif atom[1] - atom[0] < shortest:
        return [], anchor
    return atoms, anchor


@pytest.mark.parametrize("markers", [[MARKER], [MARKER, "__CACHE_SPLIT_HERE__"], ["PROMPT-AAAA"]])
@settings(max_examples=examples(400), deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=40))
@example(["--prompt", " ", "ZIDANE", " ", "SYSTEM", "\n", "PROMPT_", "BOUNDRY", "__"])
@example(["__", "ZIDANE", " ", "SYSTEM", " ", "PROMPT", " ", "BOUNDRY", "__"])
@example(["__", "ZIDANE", " ", "SYSTEM", " ", "PROMPT", "\n", "BOUNDRY", "-"])
@example(["-PROMPX", " ", "AAAA-"])  # only the last atom holds a word, and ends the span
def test_short_atoms_are_turned_away_only_when_no_candidate_holds_them(
    markers: list[str], pieces: list[str]
) -> None:
    text = "".join(pieces)
    found = scan(text, markers)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(scanner, "_neighbours", _both_sides)
        assert scan(text, markers) == found
