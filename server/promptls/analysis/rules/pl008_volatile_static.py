"""PL008: per-session values in the cached static half."""

from __future__ import annotations

import re
from collections.abc import Iterator

from promptls.analysis.document import Document
from promptls.analysis.model import DocumentKind, Finding, Severity
from promptls.analysis.rules.base import Rule

_SLOT = re.compile(r"\{\{[^{}\r\n]{1,80}\}\}|\$\{[^{}\r\n]{1,80}\}|\{%[^\r\n]{0,80}?%\}")
_DATE_TIME = re.compile(
    r"(?<![\w.])(?:19|20)\d\d-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])(?![\w-])"
    r"|(?<![\w:.])(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?![\w:])"
)
_UUID = re.compile(
    r"(?<![\w-])[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?![\w-])"
)
_HOME = re.compile(r"(?:/home/|/Users/|[A-Za-z]:\\Users\\)[A-Za-z0-9._-]+")

_KINDS = (
    (_SLOT, "template slot {0!r}: filled per session, so the cached prefix changes"),
    (_DATE_TIME, "date/time {0!r}: changes between sessions and busts the cache"),
    (_UUID, "UUID {0!r}: an id that changes between sessions busts the cache"),
    (_HOME, "home path {0!r}: differs per user and machine, so the prefix is not shared"),
)


def check(doc: Document) -> Iterator[Finding]:
    """Only with a marker: then the text before it is declared cacheable."""
    if not doc.exact:
        return
    end = doc.static_end
    for regex, message in _KINDS:
        for match in regex.finditer(doc.text, 0, end):
            yield RULE.finding(message.format(match.group()), match.start(), match.end())


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
