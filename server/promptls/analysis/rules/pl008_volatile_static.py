"""PL008: per-session values in the cached static half."""

from __future__ import annotations

import re
from collections.abc import Iterator
from heapq import merge

from promptls.agents.registry import DEFAULT_PROFILE, PROFILES
from promptls.analysis.dashes import VOLATILE_DASH
from promptls.analysis.document import Document
from promptls.analysis.model import DocumentKind, Finding, Severity
from promptls.analysis.rules.base import Rule
from promptls.discovery.comments import block_comment_spans
from promptls.text.lazyre import lazy
from promptls.text.leads import Leads

# Each pattern starts with a literal character so the regex engine can skip ahead with a
# fast search instead of trying every position; boundaries are checked in Python on the
# few matches (a lookbehind at the front would cost a check at every character).
_DASHED = rf"-(?:{VOLATILE_DASH})"
"""ISO dates and UUIDs, from their first inner dash."""
_COLON = r":(?:[0-5]\d:[0-5]\d|\\Users\\[A-Za-z0-9._-]+)"
"""Clock times (from their first colon) and Windows home paths (``C:\\Users\\x``)."""
_BRACE_SLOT = r"\{(?:\{[^{}\r\n]{1,80}\}\}|%[^\r\n]{0,80}?%\})"
_DOLLAR_SLOT = r"\$\{[^{}\r\n]{1,80}\}"
_POSIX_HOME = r"/(?:home|Users)/[A-Za-z0-9._-]+"
_KINDS = ("dashed", "colon", "slot", "slot", "home")


def _one_pass(patterns: tuple[str, ...]) -> Leads[str]:
    """All patterns as one alternation over the static half, each searched from its
    literal first character (``Leads``: five literal searches of a 1 MB prompt cost
    less than half the alternation's one pass, which tests a class at every character).

    Each alternative consumes only its literal first character and looks ahead for
    the rest, so a match never hides another pattern's match that starts inside it.
    Group 1 of alternative ``n`` ends where pattern ``n``'s match would.
    """
    alternatives = []
    for pattern in patterns:
        lead = pattern[:2] if pattern.startswith("\\") else pattern[:1]
        alternatives.append(f"{lead}(?=({pattern[len(lead) :]}))")
    return Leads("|".join(alternatives))


_HEX = frozenset("0123456789abcdefABCDEF")


def _word(char: str, joiners: str) -> bool:
    """A character that would make a value part of a longer token: a letter, a digit,
    ``_``, or one of the value's own ``joiners`` (a date after ``.`` is part of a version
    number; a ``.`` after it ends a sentence)."""
    return char.isalnum() or char == "_" or char in joiners


def _dashed(text: str, dash: int, stop: int) -> tuple[int, int, str] | None:
    """An ISO date or a UUID found from its first inner dash, if its edges are free."""
    if stop - dash == 6:
        start = dash - 4
        year = text[max(0, start) : dash]
        month, day = int(text[dash + 1 : dash + 3]), int(text[dash + 4 : dash + 6])
        ok = len(year) == 4 and year.isdigit() and year[:2] in ("19", "20")
        ok = ok and 1 <= month <= 12 and 1 <= day <= 31
        kind = "date"
    else:
        start = dash - 8
        ok = start >= 0 and all(c in _HEX for c in text[start:dash])
        kind = "uuid"
    before = text[start - 1] if start > 0 else " "
    after = text[stop] if stop < len(text) else " "
    joiners = "." if kind == "date" else "-"
    if ok and start >= 0 and not _word(before, joiners) and not _word(after, "-"):
        return start, stop, kind
    return None


def _colon(text: str, colon: int, stop: int) -> tuple[int, int, str] | None:
    """An HH:MM:SS time or a Windows home path found from its (first) colon."""
    if text[colon + 1] == "\\":
        start = colon - 1
        if start >= 0 and text[start].isalpha():
            return start, stop, "home"
        return None
    start = colon - 2
    hours = text[max(0, start) : colon]
    if start < 0 or not hours.isdigit() or int(hours) > 23:
        return None
    before = text[start - 1] if start > 0 else " "
    after = text[stop] if stop < len(text) else " "
    if not _word(before, ":.") and not _word(after, ":"):
        return start, stop, "time"
    return None


PATTERNS = (_DASHED, _COLON, _BRACE_SLOT, _DOLLAR_SLOT, _POSIX_HOME)
_VOLATILE = _one_pass(PATTERNS)


def matches(text: str, end: int, dashed: list[int] | None = None) -> Iterator[tuple[int, int, int]]:
    """(start, stop, pattern index) of every match each pattern alone would find.

    A pattern's own matches do not overlap (like ``finditer``): one that starts inside
    the previous match of the same pattern is skipped. ``dashed`` are the offsets where
    the first alternative matches when the document's shared pass over ``-`` has them
    (``Document.dashes``); the other alternatives are searched then.
    """
    resume = [0] * len(PATTERNS)
    for index, match in _alternation(text, end, dashed):
        start, stop = match.start(), match.end(1)
        if start >= resume[index]:
            resume[index] = stop
            yield start, stop, index


def _alternation(
    text: str, end: int, dashed: list[int] | None
) -> Iterator[tuple[int, re.Match[str]]]:
    """``_VOLATILE.finditer(text, 0, end)``, its first alternative's matches taken at
    ``dashed``: every alternative consumes only its own first character, and no two
    share one, so the alternation's matches are each alternative's, in text order."""
    if dashed is None:
        return _VOLATILE.finditer(text, 0, end)
    first, *rest = _VOLATILE.alternatives
    dates = (first.pattern.match(text, at, end) for at in dashed if at < end)
    own = _tagged(0, (match for match in dates if match is not None))
    others = [_tagged(index, led.finditer(text, 0, end)) for index, led in enumerate(rest, 1)]
    return merge(own, *others, key=lambda found: found[1].start())


def _tagged(index: int, found: Iterator[re.Match[str]]) -> Iterator[tuple[int, re.Match[str]]]:
    """Each match with the index of the alternative that found it."""
    for match in found:
        yield index, match


def _volatile(text: str, end: int, dashed: list[int] | None = None) -> list[tuple[int, int, str]]:
    """Every volatile value before ``end`` whose edges are free."""
    found: list[tuple[int, int, str]] = []
    for start, stop, index in matches(text, end, dashed):
        kind = _KINDS[index]
        if kind == "dashed":
            hit = _dashed(text, start, stop)
        elif kind == "colon":
            hit = _colon(text, start, stop)
        else:
            hit = (start, stop, kind)
        if hit is not None:
            found.append(hit)
    return found


_MESSAGES = {
    "slot": "template slot {0!r}: filled per session, so the cached prefix changes",
    "date": "date {0!r}: changes between sessions and busts the cache",
    "time": "time {0!r}: changes between sessions and busts the cache",
    "uuid": "UUID {0!r}: an id that changes between sessions busts the cache",
    "home": "home path {0!r}: differs per user and machine, so the prefix is not shared",
}


_SIGILS = frozenset("#^/>!&@*")
"""Mustache and Handlebars tags (sections, partials, comments, helpers)."""


def is_slot(body: str) -> bool:
    """Whether ``{{…}}`` holds a template expression, not escaped braces.

    Python's ``str.format`` writes a literal brace as ``{{``, so a JSON example in a
    format string reads ``{{"action_name": {{...}}}}``: the inner ``{{...}}`` is no
    slot. An expression starts with a name, a template sigil, or Go's ``.Field`` / ``.``
    (after Jinja's and Go's ``-`` / ``~`` whitespace trimming); a quote, an ellipsis or
    punctuation does not (and ``{{ "text" }}`` would render a constant anyway).
    """
    inner = body[2:-2].strip().strip("-~").strip()
    if not inner:
        return False
    first = inner[0]
    if first == ".":
        return len(inner) == 1 or inner[1].isalpha() or inner[1] in "_/"
    return first.isalpha() or first == "_" or first in _SIGILS


EXAMPLE_USERS = frozenset(
    {"someone", "user", "username", "yourname", "your-name", "your_name", "you", "me", "name"}
    | {"example", "someuser", "johndoe", "jdoe"}
)
"""Home folder names that only examples use: ``/Users/someone/project``."""
_PATCH = lazy(r"\*\*\* Begin Patch\b.*?(?:\*\*\* End Patch\b|\Z)", re.S)
"""An ``apply_patch`` envelope (on its own lines, or inside a JSON string of a tool
call with ``\\n`` escapes): its file paths are an example of the tool's input."""


def _example_user(value: str) -> bool:
    """``/Users/someone`` or ``C:\\Users\\username``: a placeholder home."""
    return value.replace("\\", "/").rsplit("/", 1)[-1].lower() in EXAMPLE_USERS


def _stripped(doc: Document) -> list[tuple[int, int]]:
    """Block HTML comments, when the profile's agent strips them before sending."""
    name = doc.discovery.profile if doc.discovery is not None else doc.settings.profile
    profile = PROFILES.get(name or DEFAULT_PROFILE)
    if profile is None or not profile.hide_html_comments or "<!--" not in doc.text:
        return []
    return block_comment_spans(doc.text)


def _patches(doc: Document) -> list[tuple[int, int]]:
    """``apply_patch`` envelopes in the static half."""
    if "*** Begin Patch" not in doc.text:
        return []
    return [m.span() for m in _PATCH.finditer(doc.text, 0, doc.static_end)]


def _inside(spans: list[tuple[int, int]], offset: int) -> bool:
    return any(a <= offset < b for a, b in spans)


def _volatile_here(
    doc: Document, start: int, stop: int, kind: str, examples: list[tuple[int, int]]
) -> bool:
    """Whether a match is a value that changes the prefix between sessions.

    A template slot is filled wherever it is, code included (the engine does not read
    Markdown), unless its braces are escapes. A literal date, time, UUID or path quoted
    in code or in a patch example, or a placeholder home, is the author's example: the
    same bytes every session.
    """
    value = doc.text[start:stop]
    if kind == "slot":
        return not value.startswith("{{") or is_slot(value)
    if kind == "home" and _example_user(value):
        return False
    return not _inside(examples, start) and not doc.code.contains(start)


def check(doc: Document) -> Iterator[Finding]:
    """Only with a marker: then the text before it is declared cacheable."""
    if not doc.exact:
        return
    text = doc.text
    found = _volatile(text, doc.static_end, doc.dashes.volatile)
    if not found:
        return
    found.sort()
    stripped = _stripped(doc)  # never reaches the provider, whatever it holds
    examples = _patches(doc)
    for start, stop, kind in found:
        if not _inside(stripped, start) and _volatile_here(doc, start, stop, kind, examples):
            yield RULE.finding(_MESSAGES[kind].format(text[start:stop]), start, stop)


DETAILS = """\
**Values that are not per-session.** The rule asks one question: will these bytes differ
between two sessions? Real prompts showed three shapes where the answer is no, and the
rule now stays quiet on them:

- **Escaped braces.** Python's `str.format` writes a literal brace as `{{`, so a prompt
  kept as a format string shows a JSON example as `{{"action_name": {{...}}}}`. A
  `{{…}}` is a slot only when it holds an expression: a name (`{{user}}`, `{{ user.name }}`),
  a Mustache/Handlebars sigil (`{{#each}}`, `{{> partial}}`), or Go's `{{.Field}}`, after
  Jinja's and Go's `-`/`~` trimming. A quote, an ellipsis or other punctuation first is
  an escape or literal text; `{{ "text" }}` would render a constant anyway. `${x}` and
  `{% … %}` are unchanged.
- **Examples.** A date, time, UUID or home path quoted in code (an inline span or a
  fence, found as for [PL003](#pl003)) or inside an `apply_patch` envelope
  (`*** Begin Patch` … `*** End Patch`, also inside a JSON string) is the author's
  example, the same bytes in every session; so is a placeholder home such as
  `/Users/someone` or `/home/username` anywhere. Template slots stay reported in code:
  a template engine fills them wherever they are.
- **Stripped comments.** When the profile's agent removes block-level HTML comments
  before sending (claude, `hide_html_comments`; `promptls/discovery/comments.py` finds
  them exactly as discovery strips them), nothing inside one reaches the provider, so
  it cannot change the cached prefix. An inline comment inside a paragraph is kept by
  the agent and still checked. Other profiles send comments as written.
"""


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
        "you have not asked for a cached prefix. Not reported: doubled braces that hold no "
        'expression ({{...}}, {{"key": 1}}: str.format escapes); dates, times, UUIDs and '
        "paths quoted in code or in an apply_patch example, and placeholder homes "
        "(/Users/someone); anything inside a block-level HTML comment when the profile's "
        "agent strips comments before sending (claude)."
    ),
    bad_example="You are helping {{user_name}} on 2025-06-01.\n\n"
    "__ZIDANE_SYSTEM_PROMPT_BOUNDARY__\n\nOpen files: {{files}}\n",
    good_example="You are a coding agent.\n\n__ZIDANE_SYSTEM_PROMPT_BOUNDARY__\n\n"
    "User: {{user_name}}. Date: {{date}}.\n",
    fixable=False,
    kinds=frozenset({DocumentKind.PROMPT}),
    check=check,
    applies_to="prompt files",
    details=DETAILS,
)
