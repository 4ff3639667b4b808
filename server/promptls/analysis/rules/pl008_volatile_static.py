"""PL008: per-session values in the cached static half."""

from __future__ import annotations

import re
from collections.abc import Iterator

from promptls.analysis.document import Document
from promptls.analysis.model import DocumentKind, Finding, Severity
from promptls.analysis.rules.base import Rule

# Each pattern starts with a literal character so the regex engine can skip ahead with a
# fast search instead of trying every position; boundaries are checked in Python on the
# few matches (a lookbehind at the front would cost a check at every character).
_DASHED = re.compile(
    r"-(?:[01]\d-[0-3]\d|[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})"
)
_COLON = re.compile(r":(?:[0-5]\d:[0-5]\d|\\Users\\[A-Za-z0-9._-]+)")
"""Clock times (from their first colon) and Windows home paths (``C:\\Users\\x``) in one
pass: both start with a colon."""
_BRACE_SLOT = re.compile(r"\{(?:\{[^{}\r\n]{1,80}\}\}|%[^\r\n]{0,80}?%\})")
_DOLLAR_SLOT = re.compile(r"\$\{[^{}\r\n]{1,80}\}")
_POSIX_HOME = re.compile(r"/(?:home|Users)/[A-Za-z0-9._-]+")
_HEX = frozenset("0123456789abcdefABCDEF")


def _word(char: str) -> bool:
    """A character that would make a date, time or id part of a longer token."""
    return char.isalnum() or char in "_-.:"


def _dashed(text: str, end: int) -> Iterator[tuple[int, int, str]]:
    """ISO dates and UUIDs, found from their first inner dash."""
    for match in _DASHED.finditer(text, 0, end):
        dash = match.start()
        if len(match.group()) == 6:
            start, stop = dash - 4, match.end()
            year = text[start:dash]
            month, day = int(text[dash + 1 : dash + 3]), int(text[dash + 4 : dash + 6])
            ok = len(year) == 4 and year.isdigit() and year[:2] in ("19", "20")
            ok = ok and 1 <= month <= 12 and 1 <= day <= 31
            kind = "date"
        else:
            start, stop = dash - 8, match.end()
            ok = start >= 0 and all(c in _HEX for c in text[start:dash])
            kind = "uuid"
        before = text[start - 1] if start > 0 else " "
        after = text[stop] if stop < len(text) else " "
        if ok and start >= 0 and not _word(before) and not _word(after):
            yield start, stop, kind


def _colon(text: str, end: int) -> Iterator[tuple[int, int, str]]:
    """HH:MM:SS times and Windows home paths, found from their (first) colon."""
    for match in _COLON.finditer(text, 0, end):
        if match.group()[1] == "\\":
            start = match.start() - 1
            if start >= 0 and text[start].isalpha():
                yield start, match.end(), "home"
            continue
        start, stop = match.start() - 2, match.end()
        hours = text[max(0, start) : match.start()]
        if start < 0 or not hours.isdigit() or int(hours) > 23:
            continue
        before = text[start - 1] if start > 0 else " "
        after = text[stop] if stop < len(text) else " "
        if not _word(before) and not _word(after):
            yield start, stop, "time"


def _simple(
    regex: re.Pattern[str], kind: str, text: str, end: int
) -> Iterator[tuple[int, int, str]]:
    """Slots and home paths need no boundary check."""
    for match in regex.finditer(text, 0, end):
        yield match.start(), match.end(), kind


_MESSAGES = {
    "slot": "template slot {0!r}: filled per session, so the cached prefix changes",
    "date": "date {0!r}: changes between sessions and busts the cache",
    "time": "time {0!r}: changes between sessions and busts the cache",
    "uuid": "UUID {0!r}: an id that changes between sessions busts the cache",
    "home": "home path {0!r}: differs per user and machine, so the prefix is not shared",
}


def check(doc: Document) -> Iterator[Finding]:
    """Only with a marker: then the text before it is declared cacheable."""
    if not doc.exact:
        return
    text, end = doc.text, doc.static_end
    found = [
        *_simple(_BRACE_SLOT, "slot", text, end),
        *_simple(_DOLLAR_SLOT, "slot", text, end),
        *_dashed(text, end),
        *_colon(text, end),
        *_simple(_POSIX_HOME, "home", text, end),
    ]
    found.sort()
    for start, stop, kind in found:
        yield RULE.finding(_MESSAGES[kind].format(text[start:stop]), start, stop)


RULE = Rule(
    code="PL008",
    name="volatile-static-content",
    severity=Severity.WARNING,
    summary="Dates, times, UUIDs, home paths or template slots in the cached static half.",
    explanation=(
        "Everything before the marker is the static half, sent with cache control: the "
        "provider reuses it only while it is byte-identical. A value that changes per "
        "session or per user — a template slot ({{x}}, ${x}, {% … %}), an ISO date, a "
        "clock time with seconds, a UUID, a home directory path (/home/x, /Users/x, "
        "C:\\Users\\x) — makes every session write a new cache entry and pay full price. "
        "Move such values after the marker. (Single-brace {x} is not flagged: it is too "
        "common in code examples.) Only prompts with a marker are checked: without one "
        "you have not asked for a cached prefix."
    ),
    bad_example="You are helping {{user_name}} on 2025-06-01.\n\n"
    "__ZIDANE_SYSTEM_PROMPT_BOUNDARY__\n\nOpen files: {{files}}\n",
    good_example="You are a coding agent.\n\n__ZIDANE_SYSTEM_PROMPT_BOUNDARY__\n\n"
    "User: {{user_name}}. Date: {{date}}.\n",
    fixable=False,
    kinds=frozenset({DocumentKind.PROMPT}),
    check=check,
)
