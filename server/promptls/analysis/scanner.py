"""Find boundary markers and marker-like near-misses in one linear pass.

Exact markers (every configured marker, then the known foreign ones that are not
configured) are found from their rarest character (``exact_markers``). Near-misses are
found from *anchors*: the words of the configured markers (alphanumeric runs of 4+
characters, e.g. ``ZIDANE``, ``SYSTEM``, ``PROMPT``, ``BOUNDARY``) located
case-insensitively with C-speed searches (``anchors``). Only around an anchor does
Python-level work happen, with the ASCII atom patterns for a text without invisible
characters (``_kit``).

The near-miss criterion (also in ``docs/rules.md``), exactly:

1. An *atom* is a maximal run of ASCII letters, digits, ``_``, ``-`` and invisible
   characters (see ``chars.py``). A *candidate* is one atom, or up to N+1 atoms (N = the
   marker's word count) joined by spaces/tabs with at most one line break per join.
   Long runs are not typos (``_WINDOW``): a join of more than 160 characters, or a
   joined atom of 160 or more, ends the candidate there, and an atom that runs on for
   more than 160 characters before the first of the marker's words in it, or is longer
   than 320, is no candidate.
2. The anchor word must appear intact (any letter case) in an atom that contains ``_``,
   ``-`` or an invisible character — prose words never qualify.
3. A one-atom candidate must contain ``_``, ``-`` or an invisible character. A
   multi-atom candidate must start with ``_``/``-`` and end with ``_``/``-`` (it is
   wrapped like a marker: ``__ZIDANE SYSTEM PROMPT BOUNDARY__``), so "the system prompt
   boundary" or "prompt-dynamic boundary" in a sentence are never candidates.
4. Normalise: drop invisible characters, ``_``, ``-`` and whitespace, upper-case. The
   result must be within Levenshtein distance 2 of the marker normalised the same way
   (1 when that is shorter than 12 characters, 0 when shorter than 6).
5. It must not overlap an exact marker (``___ZIDANE…`` contains one: that is PL004)
   nor a near-miss found earlier in the text (of two overlapping ones, the earlier wins).

So ``SYSTEM_PROMPT_BOUNDARY`` (a constant name, 6 edits away) and "system prompt
boundary" are clean, while ``__zidane_system_prompt_boundary__``,
``__ZIDANE-SYSTEM-PROMPT-BOUNDARY__``, ``_ZIDANE_SYSTEM_PROMPT_BOUNDARY__``,
``__ZIDANE_SYSTEM_PROMPT_BOUNDRY__``, a zero-width space inside, or the marker wrapped
after ``PROMPT_`` are near-misses. Near-misses of foreign markers are not reported, and
custom markers get near-miss detection only when they are made of letters, digits, ``_``
and ``-`` (and have a 4-letter word); others (``<!-- split -->``) are matched exactly.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from promptls.analysis.anchors import WINDOW, anchor_positions, spots
from promptls.analysis.exact_markers import find_exact
from promptls.analysis.model import MarkerHit, MarkerKind
from promptls.analysis.nearmiss import edit_distance, reason
from promptls.prompt import SYSTEM_PROMPT_BOUNDARY
from promptls.text.chars import INVISIBLE_CLASS, INVISIBLE_RANGES
from promptls.text.invisible import has_invisible
from promptls.text.lazyre import constants, lazy
from promptls.text.mapper import text_to_utf8

FOREIGN_MARKERS = ("__SYSTEM_PROMPT_DYNAMIC_BOUNDARY__", "__PROMPT_DYNAMIC_BOUNDARY__")
"""Other agents' boundary markers seen in the wild (recognised unless configured)."""

_ATOM = lazy(rf"[A-Za-z0-9_\-{INVISIBLE_CLASS}]+")
_JOIN = lazy(r"[ \t]*(?:\r\n|\r|\n)[ \t]*|[ \t]+")
"""Blanks joining two atoms: at most one line break. The line break is tried first, so
``match`` (the walk to the right) takes blanks before it too, as ``fullmatch`` (the walk
to the left) does: a wrap after trailing spaces (Markdown's hard break) is one join."""
_SEPARATORS = lazy(rf"[_\-\s{INVISIBLE_CLASS}]+")
_HAS_SHAPE = lazy(rf"[_\-{INVISIBLE_CLASS}]")
_WORDS = lazy(r"[A-Za-z0-9]{4,}")
_IDENTIFIER = lazy(r"[A-Za-z0-9_\-]+")
_WINDOW = WINDOW


class _Target(NamedTuple):
    """A configured marker prepared for comparison."""

    marker: str
    core: str
    budget: int
    words: int


def _core(text: str) -> str:
    """Normalise for comparison: no separators or invisibles, upper case."""
    return _SEPARATORS.sub("", text).upper()


def _budget(core: str) -> int:
    """How many edits a near-miss may have: short markers get fewer."""
    if len(core) >= 12:
        return 2
    if len(core) >= 6:
        return 1
    return 0


_ATOM_STRING = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-" + "".join(
    chr(c) for low, high, _ in INVISIBLE_RANGES for c in range(low, high + 1)
)
_ATOM_CHARS = frozenset(_ATOM_STRING)
_VISIBLE_ATOM = lazy(r"[A-Za-z0-9_\-]+")
_VISIBLE_SHAPE = lazy(r"[_\-]")
_VISIBLE_STRING = _ATOM_STRING[:64]
_VISIBLE_CHARS = frozenset(_VISIBLE_STRING)


class _Kit(NamedTuple):
    """What reads atoms (``_ATOM``, ``_HAS_SHAPE``, ``_ATOM_STRING``, ``_ATOM_CHARS``), or
    for a text without invisible characters (``Document.invisible``) their ASCII parts,
    which give the same atoms there: a class or ``rstrip`` set without the invisible
    ranges is tested in a few instructions a character (a quarter of the scanner's work
    around its anchors)."""

    atom: re.Pattern[str]
    shape: re.Pattern[str]
    chars: str
    members: frozenset[str]


def _kit(invisible: bool) -> _Kit:
    """The kit for a text that may hold invisible characters, or holds none; read from
    the module's names per scan, once the lazy patterns have compiled in their place."""
    if invisible:
        return _Kit(_ATOM, _HAS_SHAPE, _ATOM_STRING, _ATOM_CHARS)
    return _Kit(_VISIBLE_ATOM, _VISIBLE_SHAPE, _VISIBLE_STRING, _VISIBLE_CHARS)


def _run_start(text: str, stop: int, low: int, chars: str) -> int:
    """Where the run of ``chars`` that ends at ``stop`` starts, or ``low`` if it reaches
    that far: one ``rstrip`` of the slice, in C, where a Python loop stepped a character
    at a time (atoms and the blanks between them are read leftwards from every anchor)."""
    return low + len(text[low:stop].rstrip(chars))


def _atom_at(text: str, position: int, kit: _Kit) -> tuple[int, int] | None:
    """The atom containing ``position`` if it is marker-shaped (criterion 2).

    Atoms longer than the scan window are not marker typos and are skipped.
    """
    low = max(0, position - _WINDOW)
    start = _run_start(text, position, low, kit.chars)
    if start == low and low > 0 and text[start - 1] in kit.members:
        return None
    match = kit.atom.match(text, position)
    if match is None or match.end() - start > 2 * _WINDOW:
        return None
    if kit.shape.search(text, start, match.end()) is None:
        return None
    return start, match.end()


_BLANK = " \t\r\n"


def _left_atoms(text: str, start: int, count: int, kit: _Kit) -> list[tuple[int, int]]:
    """Up to ``count`` atoms before ``start`` joined to it by allowed whitespace, in
    text order.

    Reads leftwards by runs (bounded by the window): a regex anchored at the end of a
    slice would retry from every start position.
    """
    atoms: list[tuple[int, int]] = []
    cursor = start
    for _ in range(count):
        gap_start = _run_start(text, cursor, max(0, cursor - _WINDOW), _BLANK)
        if gap_start == cursor or _JOIN.fullmatch(text, gap_start, cursor) is None:
            break
        low = max(0, gap_start - _WINDOW)
        atom_start = _run_start(text, gap_start, low, kit.chars)
        if atom_start == gap_start or (atom_start == low and low > 0):
            break
        atoms.append((atom_start, gap_start))
        cursor = atom_start
    atoms.reverse()
    return atoms


def _right_atoms(text: str, end: int, count: int, kit: _Kit) -> list[tuple[int, int]]:
    """Up to ``count`` atoms after ``end`` joined to it by allowed whitespace."""
    atoms: list[tuple[int, int]] = []
    cursor = end
    for _ in range(count):
        join = _JOIN.match(text, cursor)
        if join is None or join.end() - cursor > _WINDOW:
            break
        atom = kit.atom.match(text, join.end())
        if atom is None or atom.end() - atom.start() >= _WINDOW:
            break
        atoms.append((atom.start(), atom.end()))
        cursor = atom.end()
    return atoms


def _neighbours(
    text: str, atom: tuple[int, int], count: int, shortest: int, kit: _Kit
) -> tuple[list[tuple[int, int]], int]:
    """The atoms a candidate around ``atom`` may span, and the index of ``atom``.

    A candidate of several atoms starts with ``_`` or ``-`` and ends with one (criterion
    3), so when no atom up to this one starts so, only the atom alone can be one: the
    atoms to its right are not looked at. When the atom is too short on its own, nothing
    is a candidate unless an atom up to it starts so and one from it on ends so: the
    atoms to its right are read first (a flag such as ``--prompt`` is followed by words,
    none ending so), and the ones to its left only when one of those does.
    """
    right: list[tuple[int, int]] | None = None
    if atom[1] - atom[0] < shortest:
        right = _right_atoms(text, atom[1], count, kit)
        if text[atom[1] - 1] not in "_-" and not any(text[end - 1] in "_-" for _, end in right):
            return [], 0
    atoms = _left_atoms(text, atom[0], count, kit)
    atoms.append(atom)
    anchor = len(atoms) - 1
    if any(text[start] in "_-" for start, _ in atoms):
        atoms += _right_atoms(text, atom[1], count, kit) if right is None else right
    elif right is not None:
        return [], anchor
    return atoms, anchor


def _shortest(targets: Sequence[_Target]) -> int:
    """Normalising only removes characters, so a span shorter than every target's core
    minus its edit budget cannot come close enough to any."""
    return min(len(t.core) - t.budget for t in targets)


def _best_candidate(
    text: str,
    atoms: list[tuple[int, int]],
    anchor: int,
    targets: Sequence[_Target],
    kit: _Kit,
) -> tuple[int, int, _Target, int] | None:
    """The closest marker-shaped candidate containing the anchor atom (criteria 3–4).

    Ties go to the shortest span, so a Markdown bullet ``-`` before a near-miss is not
    swallowed into it, then to the one that starts first. Spans that are too short or not
    wrapped in ``_``/``-`` are rejected before any string is built.
    """
    best: tuple[int, int, _Target, int] | None = None
    limit = max(t.words for t in targets) + 1
    shortest = _shortest(targets)
    for i in range(anchor + 1):
        for j in range(anchor, min(len(atoms), i + limit)):
            start, end = atoms[i][0], atoms[j][1]
            if end - start < shortest:
                continue
            if i == j:
                if kit.shape.search(text, start, end) is None:
                    continue
            elif text[start] not in "_-" or text[end - 1] not in "_-":
                continue
            core = _core(text[start:end])
            for target in targets:
                distance = edit_distance(core, target.core, target.budget)
                if distance > target.budget:
                    continue
                key = (distance, end - start)
                if best is None or key < (best[3], best[1] - best[0]):
                    best = (start, end, target, distance)
    return best


@lru_cache(maxsize=64)
def _targets(markers: tuple[str, ...]) -> tuple[tuple[_Target, ...], tuple[str, ...], int, int]:
    """The configured markers a near-miss can be close to, prepared once per marker set
    (every file of a run has the same): the targets, their anchor words (lowered,
    sorted), the most words one has, and the shortest span that can come close."""
    targets = tuple(
        _Target(m, _core(m), _budget(_core(m)), len(_WORDS.findall(m)))
        for m in markers
        if _WORDS.search(m) and _IDENTIFIER.fullmatch(m)
    )
    if not targets:
        return (), (), 0, 0
    words = tuple(sorted({w.lower() for t in targets for w in _WORDS.findall(t.marker)}))
    return targets, words, max(t.words for t in targets), _shortest(targets)


def anchor_words(markers: tuple[str, ...]) -> tuple[str, ...]:
    """The words (lowered, sorted) whose occurrences are the anchors of near-misses of
    ``markers``: empty when no marker gets near-miss detection."""
    return _targets(markers)[1]


def scan(
    text: str,
    markers: Sequence[str],
    foreign: Sequence[str] = FOREIGN_MARKERS,
    *,
    data: bytes | None = None,
    starts: Sequence[int] | None = None,
    invisible: bool | None = None,
    dash_spots: list[int] | None = None,
) -> tuple[MarkerHit, ...]:
    """All exact, foreign and near-miss markers of a text, sorted by offset.

    ``data`` is the text's UTF-8 encoding when the caller already has it, and
    ``starts`` its piece starts (``utf8_pieces``) when the caller has them (without,
    the plain search maps its byte offsets by counting); ``invisible`` whether
    the text holds an invisible character, when the caller knows (``Document.invisible``),
    and ``dash_spots`` the ``-`` spots of a pass shared with PL033 (``Document.dashes``).
    """
    exact = find_exact(text, markers, foreign)
    targets, words, most_words, shortest = _targets(tuple(markers))
    near: list[MarkerHit] = []
    if targets:
        seen: set[tuple[int, int]] = set()
        covered_until = atom_end = -1
        inside = iter(exact)
        hit = next(inside, None)
        if invisible is None:
            invisible = not text.isascii() and has_invisible(data or text_to_utf8(text), text)
        kit = _kit(invisible)
        positions = anchor_positions(
            text, words, data, starts, invisible=invisible, dash_spots=dash_spots
        )
        for position in positions:
            if position < covered_until:
                continue
            while hit is not None and hit.end <= position:
                hit = next(inside, None)
            if hit is not None and hit.start <= position:
                # Every candidate holds its anchor, so it would overlap this exact
                # marker (criterion 5): the words of a real marker need no checking.
                continue
            if position < atom_end:
                continue  # another anchor word of the atom just looked at
            atom = _atom_at(text, position, kit)
            if atom is None or atom in seen:
                continue
            seen.add(atom)
            atom_end = atom[1]
            atoms, anchor = _neighbours(text, atom, most_words, shortest, kit)
            if not atoms:
                continue
            found = _best_candidate(text, atoms, anchor, targets, kit)
            if found is None:
                continue
            start, end, target, distance = found
            if any(h.start < end and start < h.end for h in exact) or (
                near and start < near[-1].end
            ):
                continue
            raw = text[start:end]
            near.append(
                MarkerHit(
                    start,
                    end,
                    MarkerKind.NEAR_MISS,
                    target.marker,
                    reason(raw, target.marker, distance),
                )
            )
            covered_until = end
    return tuple(sorted([*exact, *near], key=lambda h: (h.start, h.end)))


def _precompile(marker: str) -> None:
    """Compile the default marker's anchor searches with the module, like its other
    patterns, rather than inside the first large document's analysis: the shaped ones
    (``anchors.spots``), which most texts take; the plain ones compile when a text first
    needs them."""
    with constants():  # the default marker: promptls' own constant
        spots(_targets((marker,))[1])


_precompile(SYSTEM_PROMPT_BOUNDARY)
