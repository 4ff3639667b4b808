"""PL010: invisible or bidirectional-control characters."""

from __future__ import annotations

from collections.abc import Iterator

from promptls.analysis.code import (
    fence_role_changes,
    lengthened_fence_edits,
    removal_moves_fences,
)
from promptls.analysis.document import Document
from promptls.analysis.model import Edit, Finding, Fix, MarkerKind, Related, Severity
from promptls.analysis.rules.base import TEXT_KINDS, Rule
from promptls.text import codeset
from promptls.text.chars import BIDI, describe
from promptls.text.invisible import INVISIBLE, UTF8_INVISIBLE
from promptls.text.mapper import Mapper, utf8_to_offsets
from promptls.text.markdown import line_start

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


_ZERO_WIDTH = frozenset("\u200b\u2060\ufeff")
"""Zero-width characters that carry no text and reorder none (no tags, no bidi)."""


def _fence_escape(doc: Document, start: int, end: int) -> bool:
    """A zero-width space put before a fence run inside a fenced example (```` ``` ```` or
    ``~~~`` after it, nothing but indentation or ``>`` before it), the way authors show
    a fenced block inside another: it keeps the inner line from opening or closing the
    outer block, and it can hide nothing, being alone on a fence line."""
    text = doc.text
    if not set(text[start:end]) <= _ZERO_WIDTH or not text.startswith(("```", "~~~"), end):
        return False
    if text[line_start(text, start) : start].strip(" \t>"):
        return False
    return doc.code.fence_at(start) is not None


def _runs(doc: Document) -> Iterator[tuple[int, int]]:
    """Runs of invisible characters as ``str`` spans, found in the ``str`` with the C
    speedup, else over the UTF-8 bytes."""
    if not doc.invisible:
        return
    if codeset.NATIVE:
        flat = [x for at in INVISIBLE.offsets(doc.text) for x in (at, at + 1)]
    else:
        data = doc.utf8
        if data is None:
            return
        spans = [m.span() for m in UTF8_INVISIBLE.finditer(data)]
        flat = utf8_to_offsets(data, [x for span in spans for x in span], doc.utf8_starts)
    if not flat:
        return
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


_TAGS = range(0xE0000, 0xE0080)
LISTED_LINES = 10
"""A grouped finding's message names this many lines; related information has all."""


def _names(run: str) -> tuple[str, ...]:
    """What a run is made of, for messages and grouping: tag characters, which spell
    text, count as one kind whatever they spell."""
    names = {describe(ch) for ch in run if ord(ch) not in _TAGS}
    if any(ord(ch) in _TAGS for ch in run):
        names.add("Unicode tag characters (U+E0000-U+E007F)")
    return tuple(sorted(names))


def _what(run: str, names: tuple[str, ...]) -> str:
    kind = "bidirectional control" if any(ord(ch) in BIDI for ch in run) else "invisible character"
    return f"{kind}{'s' if len(run) > 1 else ''} {', '.join(names)}"


READS = "the model reads it, a reviewer cannot see it"


def _structural(doc: Document, start: int, end: int, checked: bool) -> Finding:
    """A run that keeps a line from acting as a fence: removing it alone would open or
    close a code block, so the fix lengthens the enclosing fence first, or is not offered
    (also when the text has more such lines than ``STRUCTURE_CHECKS``: ``checked`` False)."""
    text = doc.text
    what = _what(text[start:end], _names(text[start:end]))
    edits = lengthened_fence_edits(text, start, end, doc.code) if checked else None
    if edits is None:
        return RULE.finding(
            f"{what}: {READS}; it keeps this line from acting as a code fence, so removing "
            "it would change the document's structure (no fix: remove it by hand and fix "
            "the fences)",
            start,
            end,
        )
    return RULE.finding(
        f"{what}: {READS}; it keeps this line from closing the enclosing code block, so "
        "the fix also lengthens that block's fences",
        start,
        end,
        fix=Fix(
            "Remove the invisible characters and lengthen the enclosing fence",
            tuple(Edit(a, b, new) for a, b, new in edits),
        ),
    )


STRUCTURE_CHECKS = 16
"""Fence-like lines whose removal is checked against the whole text's fences (each check
is linear); beyond these, such a run is reported without a fix, which never breaks a file."""


def _moves_fences(doc: Document, runs: list[tuple[int, int]], budget: list[int]) -> bool | None:
    """Whether removing ``runs`` (one line's) changes the fences: None when it may and
    the budget of whole-text checks is spent. ``budget`` is [checks left, whether the
    text has a backtick or tilde at all]."""
    if budget[1] == 0 or not fence_role_changes(doc.text, runs):
        return False
    if budget[0] <= 0:
        return None
    budget[0] -= 1
    return removal_moves_fences(doc.text, runs, doc.code)


def _group(
    doc: Document,
    names: tuple[str, ...],
    spans: list[tuple[int, int]],
    mapper: Mapper | None = None,
) -> Finding:
    """One finding for every run of one kind: the first run is its range, the others
    are related information, and the fix removes them all."""
    text = doc.text
    start, end = spans[0]
    what = _what(text[start:end], names)
    removal = tuple(Edit(a, b, "") for a, b in spans)
    if len(spans) == 1:
        fix = Fix("Remove the invisible characters", removal)
        return RULE.finding(f"{what}: {READS}", start, end, fix=fix)
    mapper = mapper or Mapper(text, "utf-32")
    lines = [mapper.offset_to_line(a) + 1 for a, _ in spans]
    shown = ", ".join(str(n) for n in dict.fromkeys(lines[:LISTED_LINES]))
    more = ", …" if len(set(lines)) > LISTED_LINES else ""
    return RULE.finding(
        f"{what}, {len(spans)} times in this file (lines {shown}{more}): {READS}",
        start,
        end,
        related=tuple(
            Related(a, b, f"the same {what} ({n} of {len(spans)})")
            for n, (a, b) in enumerate(spans[1:], start=2)
        ),
        fix=Fix(f"Remove all {len(spans)} of them", removal),
    )


def check(doc: Document) -> Iterator[Finding]:
    """Runs of invisible characters, except inside near-miss markers (PL002's), one
    finding per kind of run in the file.

    Suppressed runs are reported one by one (the engine silences them), and a run that
    keeps a fence line from acting as one stands alone with its own, structure-keeping fix.
    """
    text = doc.text
    near = [m for m in doc.markers if m.kind is MarkerKind.NEAR_MISS]
    runs = [
        (start, end)
        for start, end in _runs(doc)
        if not _legitimate(text, start, end)
        and not any(m.start <= start < m.end for m in near)
        and not _fence_escape(doc, start, end)
    ]
    on_line: dict[int, list[tuple[int, int]]] = {}
    for start, end in runs:
        on_line.setdefault(line_start(text, start), []).append((start, end))
    groups: dict[tuple[str, ...], list[tuple[int, int]]] = {}
    budget = [STRUCTURE_CHECKS, int("`" in text or "~" in text)]  # no fence chars: no fence
    for start, end in runs:
        mates = on_line[line_start(text, start)]
        moves = _moves_fences(doc, [(start, end)], budget)
        if moves is False and len(mates) > 1:
            moves = _moves_fences(doc, mates, budget)
        if moves is not False:
            yield _structural(doc, start, end, checked=moves is True)
            continue
        names = _names(text[start:end])
        alone = _group(doc, names, [(start, end)])
        if doc.suppressions.covers(alone):
            yield alone
        else:
            groups.setdefault(names, []).append((start, end))
    mapper = Mapper(text, "utf-32") if any(len(s) > 1 for s in groups.values()) else None
    for names, spans in groups.items():
        yield _group(doc, names, spans, mapper)


DETAILS = """\
**Grouping.** A file that uses one invisible character on purpose (a word joiner in
every row of a table, say) used to get one finding per line. Now every run of the same
kind in a file is **one finding**: its range is the first run, its message gives the
count and the lines (the first ten), its related information lists every other run
("the same … (2 of 8)"), and its fix removes them all, which is what `--fix` and an
editor's fix-all apply. The kind is the set of characters in the run (tag characters
count as one kind, whatever they spell), so a zero-width space and a soft hyphen stay
apart. A run a suppression comment covers is left out of the group and reported on its
own, so the engine silences exactly it.

**Fences shown inside fences.** A zero-width space (or word joiner, or U+FEFF) alone
at the head of a ```` ``` ```` or `~~~` line inside another fenced block is how authors
show a fenced example inside one: it keeps the inner line from opening or closing the
outer block, and on a fence line it can hide nothing. It is not reported.

**Fixes that keep the structure.** Any other invisible run whose removal would open or
close a code block (a zero-width space at top level, a zero-width non-joiner or a bidi
control at a fence's head) would end a block there or start one, turning the rest into
prose or code. Such a run (one whose removal changes which lines open or close a fenced
block, checked against the whole text) is reported on its own: when it lies inside a
fenced block, the fix lengthens that block's opening and closing fences past every run
inside it and then removes the character, and is offered only if the fences end up on
exactly the same lines; otherwise (at top level, where removing it would open a block)
there is no fix. Checking costs a pass over the text, so a text with more than 16 such
lines reports the rest without a fix.
"""


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
        "Repeated runs of one kind in a file are one finding (the first as its range, the "
        "others as related information) whose fix removes them all. The fix never changes "
        "the document's structure: a character that keeps a line from acting as a code "
        "fence is removed only together with a lengthened enclosing fence, or not at all."
    ),
    bad_example="Always run the tests.\u200b\u202e Never push.\n",
    good_example="Always run the tests. Never push.\n",
    fixable=True,
    kinds=TEXT_KINDS,
    check=check,
    needs_discovery=False,
    applies_to="prompt files, instruction files",
    details=DETAILS,
)
