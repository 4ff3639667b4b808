"""PL010: invisible or bidirectional-control characters."""

from __future__ import annotations

import re
from collections.abc import Iterator

from promptls.analysis.document import Document
from promptls.analysis.model import Edit, Finding, Fix, MarkerKind, Severity
from promptls.analysis.rules.base import TEXT_KINDS, Rule
from promptls.text.chars import BIDI, INVISIBLE_RANGES, describe
from promptls.text.lazyre import lazy_built
from promptls.text.mapper import utf8_to_offsets


def _utf8_pattern() -> re.Pattern[bytes]:
    """The invisible characters of chars.py as UTF-8 byte patterns grouped by their
    leading bytes (``\\xe2\\x80[\\x8b-\\x8f\\xaa-\\xae]``…): generated, so the two lists
    cannot drift apart, and shaped so the regex engine scans bytes quickly."""
    groups: dict[bytes, set[int]] = {}
    for low, high, _ in INVISIBLE_RANGES:
        for code in range(low, min(high, 0xFFFF) + 1):
            encoded = chr(code).encode("utf-8")
            groups.setdefault(encoded[:-1], set()).add(encoded[-1])
    alternatives = []
    for prefix, lasts in sorted(groups.items()):
        body = b"".join(re.escape(bytes([b])) for b in sorted(lasts))
        alternatives.append(re.escape(prefix) + b"[" + body + b"]")
    alternatives.append(rb"\xf3\xa0[\x80\x81][\x80-\xbf]")  # tags U+E0000-U+E007F
    return re.compile(b"|".join(alternatives))


_UTF8_INVISIBLE = lazy_built(_utf8_pattern)
_ASCII_BYTES = bytes(range(0x80))
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


def _runs(doc: Document) -> Iterator[tuple[int, int]]:
    """Runs of invisible characters as ``str`` spans, found over the UTF-8 bytes."""
    data = doc.utf8
    if data is None:
        return
    # Cheap exact pre-check: with the ASCII bytes deleted, what is left is only the
    # multi-byte characters, still whole and in order, and every pattern starts at a lead
    # byte, so a match there exists exactly when one exists in the text. Usually that
    # remainder is a few percent of the text and holds no invisible character at all.
    if _UTF8_INVISIBLE.search(data.translate(None, _ASCII_BYTES)) is None:
        return
    spans = [m.span() for m in _UTF8_INVISIBLE.finditer(data)]
    if not spans:
        return
    flat = utf8_to_offsets(data, [x for span in spans for x in span])
    run_start = run_end = -1
    for i in range(0, len(flat), 2):
        start, end = flat[i], flat[i + 1]
        if start == run_end:
            run_end = end
            continue
        if run_start >= 0:
            yield run_start, run_end
        run_start, run_end = start, end
    yield run_start, run_end


def check(doc: Document) -> Iterator[Finding]:
    """Each run of invisible characters, except inside near-miss markers (PL002's)."""
    text = doc.text
    near = [m for m in doc.markers if m.kind is MarkerKind.NEAR_MISS]
    for start, end in _runs(doc):
        if _legitimate(text, start, end) or any(m.start <= start < m.end for m in near):
            continue
        run = text[start:end]
        names = sorted({describe(ch) for ch in run})
        bidi = any(ord(ch) in BIDI for ch in run)
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
