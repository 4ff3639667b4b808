"""PL010: invisible or bidirectional-control characters."""

from __future__ import annotations

import re
from collections.abc import Iterator

from promptls.analysis.chars import BIDI, INVISIBLE_CLASS, describe
from promptls.analysis.document import Document
from promptls.analysis.model import Edit, Finding, Fix, MarkerKind, Severity
from promptls.analysis.rules.base import TEXT_KINDS, Rule

_RUN = re.compile(f"[{INVISIBLE_CLASS}]+")
_JOINERS = frozenset("\u200c\u200d")


def _legitimate(text: str, start: int, end: int) -> bool:
    """A leading BOM, or joiners inside emoji sequences and non-Latin scripts."""
    run = text[start:end]
    if start == 0 and run == "\ufeff":
        return True
    if set(run) <= _JOINERS:
        before = text[start - 1] if start else ""
        after = text[end] if end < len(text) else ""
        return (before > "\x7f") or (after > "\x7f")
    return False


def check(doc: Document) -> Iterator[Finding]:
    """Each run of invisible characters, except inside near-miss markers (PL002's)."""
    text = doc.text
    if text.isascii():
        return
    near = [m for m in doc.markers if m.kind is MarkerKind.NEAR_MISS]
    for match in _RUN.finditer(text):
        start, end = match.span()
        if _legitimate(text, start, end) or any(m.start <= start < m.end for m in near):
            continue
        names = sorted({describe(ch) for ch in match.group()})
        bidi = any(ord(ch) in BIDI for ch in match.group())
        kind = "bidirectional control" if bidi else "invisible character"
        yield RULE.finding(
            f"{kind}{'s' if end - start > 1 else ''} {', '.join(names)}: the model reads "
            "it, a reviewer cannot see it",
            start,
            end,
            fix=Fix("Remove the invisible characters", (Edit(start, end, ""),)),
        )


RULE = Rule(
    code="PL010",
    name="invisible-characters",
    severity=Severity.WARNING,
    summary="Zero-width, bidi-control or other invisible characters in prompt text.",
    explanation=(
        "Zero-width spaces and joiners, soft hyphens, word joiners, bidirectional "
        "embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), a BOM that is "
        "not at the start, Hangul fillers and Unicode tag characters are invisible in an "
        "editor and in code review but are read by the model. They are a known way to hide "
        "instructions (tag characters can spell out a whole sentence) and to make text "
        "display in a different order than it is read. Joiners between non-ASCII "
        "characters (emoji sequences, Persian or Indic text) and a leading BOM are allowed. "
        "The fix removes the characters."
    ),
    bad_example="Always run the tests.\u200b\u202e Never push.\n",
    good_example="Always run the tests. Never push.\n",
    fixable=True,
    kinds=TEXT_KINDS,
    check=check,
)
