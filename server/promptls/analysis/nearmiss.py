"""Near-miss arithmetic: how far a candidate is from a marker, and why it will not split.

The scanner (``scanner.py``) finds candidates; this module measures them against a
configured marker and words the reason a user reads in the diagnostic and the hover.
"""

from __future__ import annotations

from promptls.text.chars import INVISIBLE_CLASS, describe
from promptls.text.lazyre import lazy

_INVISIBLE = lazy(f"[{INVISIBLE_CLASS}]")
_WRAP = lazy(r"_?\s+_?")
_RUN = lazy(r"[A-Za-z0-9]+")


def edit_distance(a: str, b: str, limit: int) -> int:
    """Levenshtein distance, giving up (returning limit+1) once it exceeds ``limit``.

    Only the diagonal band ``|i - j| <= limit`` is computed: a cell outside it is more
    than ``limit`` edits away, so it can only ever count as "too far".
    """
    if a == b:
        return 0
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    far = limit + 1
    previous = [j if j <= limit else far for j in range(len(b) + 1)]
    for i, ca in enumerate(a, 1):
        current = [far] * (len(b) + 1)
        if i <= limit:
            current[0] = i
        low, high = max(1, i - limit), min(len(b), i + limit)
        for j in range(low, high + 1):
            current[j] = min(
                previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != b[j - 1])
            )
        if min(current[low - 1 : high + 1]) > limit:
            return far
        previous = current
    return min(previous[-1], far)


def _case_differs(visible: str, marker: str) -> bool:
    """Whether the token's letters are cased unlike the marker's (all-caps markers:
    any lower-case letter; otherwise compare letter by letter when the letters align)."""
    token = [c for c in visible if c.isalpha()]
    wanted = [c for c in marker if c.isalpha()]
    if wanted and all(c.isupper() for c in wanted):
        return any(c.islower() for c in token)
    if wanted and all(c.islower() for c in wanted):
        return any(c.isupper() for c in token)
    if len(token) == len(wanted):
        return any(a != b and a.lower() == b.lower() for a, b in zip(token, wanted, strict=True))
    return False


def reason(raw: str, marker: str, distance: int) -> str:
    """Why a near-miss will not split, in a user's words."""
    reasons: list[str] = []
    invisible = sorted({describe(ch) for ch in _INVISIBLE.findall(raw)})
    if invisible:
        reasons.append("contains invisible " + ", ".join(invisible))
    visible = _INVISIBLE.sub("", raw)
    if "\n" in visible or "\r" in visible:
        reasons.append("is broken across lines")
    elif " " in visible or "\t" in visible:
        reasons.append("has spaces where the marker has underscores")
    if _case_differs(visible, marker):
        reasons.append("differs in letter case")
    if distance:
        reasons.append(f"is {distance} edit{'s' if distance > 1 else ''} away from it")
    compact = _WRAP.sub("_", visible)  # a space or a wrap stands for one "_"
    if _RUN.sub("W", compact) != _RUN.sub("W", marker):
        reasons.append("has different underscores or hyphens")
    if not reasons:
        reasons.append("differs from it")
    return f"near-miss of {marker}: " + "; ".join(reasons) + " — it will not split"
