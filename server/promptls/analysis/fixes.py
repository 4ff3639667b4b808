"""Applying fixes: non-overlapping edits, conflicting fixes skipped, to a fixpoint."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise

from promptls.analysis.model import Edit, Fix


def _conflict(a: Edit, b: Edit) -> bool:
    """Edits conflict when they overlap or one inserts inside (or at the edge of) the other."""
    if a.start < b.end and b.start < a.end:
        return True
    if a.start == a.end and b.start <= a.start <= b.end:
        return True
    return b.start == b.end and a.start <= b.start <= a.end


def _internal_conflict(edits: tuple[Edit, ...]) -> bool:
    """Whether a fix's own edits conflict, in one sweep over them sorted (a grouped fix
    may hold thousands): an edit can only conflict with an earlier one if it conflicts
    with the one just before it or with the one reaching furthest."""
    ordered = sorted(edits, key=lambda e: (e.start, e.end))
    furthest = None
    for previous, edit in pairwise(ordered):
        if furthest is None or previous.end > furthest.end:
            furthest = previous
        if _conflict(previous, edit) or _conflict(furthest, edit):
            return True
    return False


def select_fixes(fixes: Iterable[Fix]) -> list[Fix]:
    """Fixes that can be applied together, earliest first; later conflicting ones lose."""
    chosen: list[Fix] = []
    taken: list[Edit] = []
    ordered = sorted(
        (f for f in fixes if f.edits), key=lambda f: min((e.start, e.end) for e in f.edits)
    )
    for fix in ordered:
        edits = fix.edits
        if _internal_conflict(edits) or any(_conflict(e, t) for e in edits for t in taken):
            continue
        chosen.append(fix)
        taken.extend(edits)
    return chosen


def apply_fixes(text: str, fixes: Iterable[Fix]) -> str:
    """Apply every fix that does not conflict with an earlier one, in one pass."""
    edits = sorted(
        (e for f in select_fixes(fixes) for e in f.edits if 0 <= e.start <= e.end <= len(text)),
        key=lambda e: (e.start, e.end),
    )
    if not edits:
        return text
    parts: list[str] = []
    cursor = 0
    for edit in edits:
        parts.append(text[cursor : edit.start])
        parts.append(edit.new_text)
        cursor = edit.end
    parts.append(text[cursor:])
    return "".join(parts)
