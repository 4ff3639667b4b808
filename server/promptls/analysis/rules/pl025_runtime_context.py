"""PL025: context an agent injected at run time, pasted back into an instruction file.

Claude Code sends the model a ``<system-reminder>`` holding ``# claudeMd``,
``# userEmail`` and ``# currentDate`` sections (and ``<env>`` / ``gitStatus`` snapshots),
Gemini CLI a ``<session_context>`` with the date, the OS and a directory listing;
asked to "update CLAUDE.md", a model sometimes writes them back, and repositories commit
them. From then on every session starts with a frozen date the model trusts over its
own sense of time, and sometimes the user's email address. The rule recognises those
shapes only: a heading named after an injected key followed by its value, a value line
in the injected wording with a concrete date, an ``<env>`` snapshot, a Gemini
``<session_context>``, and a ``<system-reminder>`` block whose body carries injected
context. A date in prose, a
placeholder (``Today's date is {{CURRENT_DATE}}``), a hand-written reminder tag and any
of these inside code (a fence or backticks: documentation) stay quiet.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from promptls.analysis.document import Document
from promptls.analysis.model import Edit, Finding, Fix, Severity
from promptls.analysis.rules.base import INSTRUCTION_ONLY, Rule
from promptls.text.lazyre import lazy
from promptls.text.markdown import Code

_YEAR = r"[^\n]*\b(?:19|20)\d\d\b[^\n]*"
"""A value with a four-digit year: a concrete date, not a ``{{placeholder}}``."""
_DATE_LINE = rf"Today's date is {_YEAR}"
_EMAIL_LINE = r"The user's email address is [^\s@]+@[^\s@]+\.[^\n]*"

_KEYED = lazy(
    r"^[ \t]*#{1,6}[ \t]*(currentDate|userEmail)[ \t]*\r?\n"
    rf"[ \t]*(?:{_DATE_LINE}|{_EMAIL_LINE})[ \t]*(?:\r?\n|\Z)",
    re.MULTILINE,
)
"""``# currentDate`` + ``Today's date is 2026-03-08.`` (any heading level), or the email pair."""

_BARE = lazy(rf"^[ \t]*({_DATE_LINE}|{_EMAIL_LINE})[ \t]*(?:\r?\n|\Z)", re.MULTILINE)
"""The value line alone: the injected wording is the whole line."""

_ENV = ("<env>", "</env>")
_REMINDER = ("<system-reminder>", "</system-reminder>")
_SESSION = ("<session_context>", "</session_context>")
_SESSION_SIGN = "We are setting up the context for our chat"
"""Gemini CLI's (and its forks') first message: date, OS, temp folder, directory listing."""

INJECTED_SIGNS = (
    "# claudeMd",
    "# currentDate",
    "# userEmail",
    "# gitStatus",
    "As you answer the user's questions, you can use the following context",
    "Today's date is",
    "The user's email address is",
    "This is the git status at the start of the conversation",
    "(project instructions, checked into the codebase)",
    "(user's private global instructions for all projects)",
    "The TodoWrite tool hasn't been used recently",
    "your todo list is currently empty",
    "Whenever you read a file, you should consider whether it",
    "was modified, either by the user or by a linter",
)
"""Wording Claude Code puts in the reminders it injects (its system prompt and the
reminders it attaches, as seen in committed files); a reminder written by hand to add
weight to an instruction has none of it and is left alone."""


def _block(text: str, start: int, end: int) -> tuple[int, int]:
    """Widen a block to whole lines when nothing else shares them; between two blank
    lines (or a blank line and the start or end of the file), one of them goes too, so
    the spacing stays single and a heading never loses the blank line before it."""
    line_start = text.rfind("\n", 0, start) + 1
    if text[line_start:start].strip(" \t") == "":
        start = line_start
    if end < len(text) and text[end - 1] != "\n":
        line_end = text.find("\n", end)
        line_end = len(text) if line_end < 0 else line_end + 1
        if text[end:line_end].strip() == "":
            end = line_end
    if start != line_start or (end < len(text) and text[end - 1] != "\n"):
        return start, end
    before = next((b for b in ("\r\n", "\n") if text[:start].endswith(b * 2)), "")
    after = next((b for b in ("\r\n", "\n") if text.startswith(b, end)), "")
    if after and (before or start == 0):
        return start, end + len(after)
    if before and end == len(text):
        return start - len(before), end
    return start, end


def _what(body: str) -> str:
    """The kind of injected context a block holds, for the message (never the values)."""
    parts = []
    if "Today's date is" in body or "currentDate" in body or "Today's date:" in body:
        parts.append("a frozen date")
    if "email address is" in body or "userEmail" in body:
        parts.append("an email address")
    if "git status" in body or "gitStatus" in body:
        parts.append("a git status snapshot")
    if "claudeMd" in body or "Contents of " in body:
        parts.append("a copy of instruction files")
    if "Directory Structure" in body or "folder structure" in body:
        parts.append("a directory listing")
    return " and ".join(parts) or "an agent's runtime reminder"


def _tagged(text: str, tags: tuple[str, str]) -> Iterator[tuple[int, int, str]]:
    """(start, end, body) of each ``<tag>…</tag>`` pair, the end past the closing tag's
    line break when only blanks follow it; linear (str.find, each character once)."""
    opening, closing = tags
    start = text.find(opening)
    while start >= 0:
        close = text.find(closing, start + len(opening))
        if close < 0:
            return
        end = close + len(closing)
        line_end = text.find("\n", end)
        if line_end >= 0 and text[end:line_end].strip() == "":
            end = line_end + 1
        yield start, end, text[start + len(opening) : close]
        start = text.find(opening, end)


def _candidates(text: str) -> Iterator[tuple[int, int, str, str]]:
    """(start, end, body, shape) of every injected block, reminders first."""
    for start, end, body in _tagged(text, _REMINDER):
        if any(sign in body for sign in INJECTED_SIGNS):
            yield start, end, body, "a <system-reminder> block"
    for start, end, body in _tagged(text, _SESSION):
        if _SESSION_SIGN in body:
            yield start, end, body, "a <session_context> block"
    for start, end, body in _tagged(text, _ENV):
        if "Working directory:" in body and "Today's date:" in body:
            yield start, end, body, "an <env> snapshot"
    for match in _KEYED.finditer(text):
        yield match.start(), match.end(), match.group(), f"a '# {match.group(1)}' section"
    for match in _BARE.finditer(text):
        words = "Today's date is" if match.group(1).startswith("Today") else "The user's email"
        yield match.start(), match.end(), match.group(), f"a '{words} …' line"


def _blocks(text: str) -> list[tuple[int, int, str, str]]:
    """Injected blocks outside code, nested ones dropped and touching ones joined (one
    finding and one removal for a run such as ``# userEmail`` … ``# currentDate`` …).
    One sort and one sweep: a file of thousands of pasted lines stays linear."""
    code = Code(text)
    found = sorted(_candidates(text), key=lambda c: (c[0], -c[1]))
    joined: list[tuple[int, int, list[str], list[str]]] = []
    covered = -1
    for start, end, body, shape in found:
        if start < covered or code.contains(start):
            continue
        covered = end
        if joined and joined[-1][1] == start:
            first = joined[-1]
            first[2].append(body)
            if shape not in first[3]:
                first[3].append(shape)
            joined[-1] = (first[0], end, first[2], first[3])
        else:
            joined.append((start, end, [body], [shape]))
    return [(s, e, "".join(bodies), " and ".join(shapes)) for s, e, bodies, shapes in joined]


def check(doc: Document) -> Iterator[Finding]:
    """Each run of injected blocks outside code, with a fix that removes exactly it."""
    text = doc.text
    if "Today's date" not in text and "email address is" not in text and "<system-" not in text:
        return
    for start, end, body, shape in _blocks(text):
        cut_start, cut_end = _block(text, start, end)
        span_end = end - 1 if text[end - 1 : end] == "\n" else end
        yield RULE.finding(
            f"{shape} that an agent injected at run time, holding {_what(body)}: "
            "committed, every session starts with it as if it were current",
            start,
            max(start + 1, span_end),
            fix=Fix("Remove the persisted runtime context", (Edit(cut_start, cut_end, ""),)),
        )


DETAILS = """\
What is recognised, and why: Claude Code frames its per-session context as a
`<system-reminder>` that starts "As you answer the user's questions, you can use the
following context:" and holds `# claudeMd` (the instruction files), `# userEmail` ("The
user's email address is …") and `# currentDate` ("Today's date is …"), next to a
`gitStatus` snapshot ("This is the git status at the start of the conversation…") and, in
older versions, an `<env>` block with "Working directory:" and "Today's date:". Gemini
CLI (and its forks) opens each chat with "This is the Gemini CLI. We are setting up the
context for our chat." followed by "Today's date is Thursday, September 4, 2025 …", the
OS and a directory listing, inside `<session_context>` in current versions. Public
repositories commit exactly these pieces: a `# currentDate` / `Today's date is 2026-03-08.`
pair at the end of CLAUDE.md, a `# userEmail` line followed by a date in a memory file, a
whole reminder pasted in. The list of reminder wordings is `INJECTED_SIGNS` in
`pl025_runtime_context.py`. Blocks that touch are one finding with one removal; the fix
takes the block's lines and the blank line after it (at the end of the file, the one
before), never text that shares a line with it. A `gitStatus` snapshot outside a reminder
is not reported: where it ends cannot be told exactly, and the fix must not guess.
"""


RULE = Rule(
    code="PL025",
    name="persisted-runtime-context",
    severity=Severity.WARNING,
    summary="Context an agent injected at run time was saved into the instruction file.",
    explanation=(
        "Claude Code gives the model a `<system-reminder>` with `# currentDate` "
        "(`Today's date is …`), `# userEmail` (`The user's email address is …`), the "
        "instruction files and a git status snapshot; Gemini CLI a `<session_context>` with "
        "the date, the OS and a directory listing. When the model is asked to update its "
        "instruction file it sometimes writes these back, and the file gets committed: every "
        "later session then starts with a stale date the model trusts, a stale git "
        "status, and sometimes the user's email address in a public repository. The rule "
        "looks for those exact shapes (an injected key heading with its value, the value "
        "line in the injected wording with a concrete date, an `<env>` snapshot, a "
        "`<session_context>` block, a `<system-reminder>` block carrying injected context); "
        "a date in prose, a "
        "`{{placeholder}}`, a hand-written reminder tag, and anything in code are not "
        "reported. Messages never repeat the email address. The fix removes the block "
        "and one adjacent blank line, nothing else."
    ),
    bad_example=(
        "Run `make test` before committing.\n\n# currentDate\nToday's date is 2026-03-08.\n"
    ),
    good_example="Run `make test` before committing.\n",
    fixable=True,
    kinds=INSTRUCTION_ONLY,
    check=check,
    needs_discovery=False,
    applies_to="instruction files",
    details=DETAILS,
)
