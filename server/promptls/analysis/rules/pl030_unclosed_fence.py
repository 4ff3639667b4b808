"""PL030: a fenced code block that is never closed, so it swallows the rest of the file.

A Markdown reader (the model reading the text, Claude Code's import parser) takes
everything after an unclosed fence as code: the instructions below it read as an
example, and a boundary marker or a Claude ``@import`` in it no longer acts. gemini-cli's
import parser sees no fence there and still imports (``_swallowed_imports``). ``analysis/code.py``
finds fences the simplified way the import parsers do; this rule needs CommonMark's
answer, because the usual false alarm is a fence inside a list item or a block quote,
which CommonMark closes with its container. So it follows the containers too (block
quotes, list items and their content column), line by line, and reports only a fence
that is still open at the end of the text.

What it leaves out, knowingly: HTML blocks (a fence inside ``<details>`` without a blank
line is HTML there) and lazy continuation lines of a list paragraph (a container closes
on them here, which can only turn a deep fence into indented text, opener and closer
alike).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from promptls.analysis.document import Document
from promptls.analysis.model import Edit, Finding, Severity
from promptls.analysis.rules.base import TEXT_KINDS, Rule
from promptls.discovery.imports import find_imports, import_style, is_explicit_import
from promptls.discovery.profiles import PROFILES
from promptls.text.lazyre import lazy
from promptls.text.leads import Leads

_OPENER = lazy(r"(`{3,}|~{3,})(.*)")
_ITEM = lazy(r"([-+*]|[0-9]{1,9}[.)])(?:([ ]+)(?=\S)|[ ]*$)")
"""A list item's marker, then the spaces before its content (or nothing on the line)."""
_FENCE_LINE = lazy(r"^[ \t>]*(?:`{3,}|~{3,}).*$", re.MULTILINE)
_BREAK = lazy(r"\r\n|\r|\n")
_RELEVANT = lazy(r"^ {0,3}[>*+\-0-9`~]", re.MULTILINE)
"""A superset of the lines that change anything while no block quote or list item is
open: the rest (prose, tab- or 4-space-indented lines, blanks) are skipped in C."""
_LONE_CR = lazy(r"\r(?!\n)")
_RESET = lazy(r"^(?=\S)[^>*+\-0-9`~]", re.MULTILINE)
"""A line at the left margin that starts no block quote, list item or fence: every open
container ends there (no lazy continuation: see the module's limits)."""
_RUN = Leads(r"```|~~~")
"""Where a fence run can start: searched as two literals (``Leads``)."""
_FINAL_BREAK = lazy(r"(?:\r\n|\r|\n)\Z")
_QUOTE, _ITEM_KIND = "q", "i"


class OpenFence(NamedTuple):
    """A fence still open at the end of the text."""

    start: int
    """Where its opening run starts."""
    run: str
    """The opening run as written."""
    line_end: int
    """Where its opening line ends (before the line break)."""
    body: int
    """Where the swallowed text starts (after the opening line's break)."""
    prefix: str
    """The container prefix a closing run needs on its line (block quote ``>``, list
    indentation), written as the opening line writes it."""
    eol: str
    """The opening line's line break ("" when it is the last line)."""


def _indent(line: str, pos: int) -> int:
    """Spaces from ``pos`` to the first other character."""
    end = pos
    while end < len(line) and line[end] == " ":
        end += 1
    return end - pos


def _enter(line: str, stack: list[tuple[str, int]]) -> tuple[int, int]:
    """How many open containers this line continues, and where its text then starts."""
    pos, matched = 0, 0
    for kind, column in stack:
        indent = _indent(line, pos)
        if kind == _QUOTE:
            if indent > 3 or not line.startswith(">", pos + indent):
                break
            pos += indent + 1
            pos += line.startswith(" ", pos)
        elif not line[pos:].strip():
            pos = len(line)  # a blank line continues a list item
        elif indent >= column:
            pos += column
        else:
            break
        matched += 1
    return matched, pos


def _open(line: str, pos: int, stack: list[tuple[str, int]]) -> int:
    """Push the block quotes and list items this line starts; where its text starts."""
    while True:
        indent = _indent(line, pos)
        if indent > 3:
            return pos
        at = pos + indent
        if line.startswith(">", at):
            stack.append((_QUOTE, 0))
            pos = at + 1 + line.startswith(" ", at + 1)
            continue
        item = _ITEM.match(line, at)
        if item is None:
            return pos
        spaces = len(item.group(2) or "")
        width = len(item.group(1)) + (spaces if 1 <= spaces <= 4 else 1)
        stack.append((_ITEM_KIND, indent + width))
        pos = at + width


def _closes(rest: str, char: str, length: int) -> bool:
    """A closing run: up to three spaces, at least ``length`` of ``char``, then blanks."""
    indent = _indent(rest, 0)
    if indent > 3:
        return False
    run = len(rest) - indent - len(rest[indent:].lstrip(char))
    return run >= length and not rest[indent + run :].strip(" \t")


_Fence = tuple[int, str, int, int, int, str]
"""An open fence: where its run starts, the run, its container depth, the opening line's
end and end after its break, and the text before the run on that line."""


def _walk(
    text: str,
    start: int,
    stop: int,
    stack: list[tuple[str, int]],
    fence: _Fence | None,
    *,
    skip: bool,
) -> tuple[int, _Fence | None]:
    """Read the lines from ``start`` (a line start) to ``stop``; the next line start and
    the fence then open. ``skip``: jump over lines that cannot matter while no container
    is open (``_RELEVANT``)."""
    while start < stop:
        if skip and not stack:
            hit = _RELEVANT.search(text, start, stop)
            if hit is None:
                return stop, fence
            start = hit.start()
        brk = _BREAK.search(text, start)
        end, after = (brk.start(), brk.end()) if brk is not None else (len(text), len(text))
        line_start, start = start, after
        line = text[line_start:end].expandtabs(4)
        matched, pos = _enter(line, stack)
        if fence is not None:
            if matched >= fence[2]:
                if _closes(line[pos:], fence[1][0], len(fence[1])):
                    fence = None
                continue
            fence = None  # its list item or block quote ended, and the block with it
        del stack[matched:]
        pos = _open(line, pos, stack)
        rest = line[pos:]
        indent = _indent(rest, 0)
        opener = _OPENER.fullmatch(rest, indent) if indent <= 3 else None
        if opener is None or (opener.group(1)[0] == "`" and "`" in opener.group(2)):
            continue
        run = opener.group(1)
        at = text.find(run, line_start, end)
        fence = (at, run, len(stack), end, after, text[line_start:at])
    return start, fence


def _last_reset(text: str, lo: int, hi: int) -> int | None:
    """The start of the last reset line (``_RESET``) in ``[lo, hi)``, both line starts.

    Read backwards line by line: prose usually sits just above a fence, so this stops
    after a line or two, and never reads more lines than the walk that follows would.
    """
    end = hi - 1  # the line break that ends the line before ``hi``
    while end >= lo:
        start = text.rfind("\n", lo, end) + 1
        if start < lo:
            start = lo
        if _RESET.match(text, start) is not None:
            return start
        end = start - 1
    return None


def _margin_line(text: str, at: int, fence: _Fence | None) -> tuple[int, _Fence | None]:
    """A line whose fence run starts at the left margin (``at``): it continues no block
    quote or list item, so it ends every container, and a fence inside one with it. It
    closes a fence open outside any container, or opens one of its own. Returns the next
    line start and the fence then open; the same answer ``_walk`` gives for the line."""
    brk = _BREAK.search(text, at)
    end, after = (brk.start(), brk.end()) if brk is not None else (len(text), len(text))
    line = text[at:end]
    if fence is not None and fence[2] == 0:
        return after, None if _closes(line, fence[1][0], len(fence[1])) else fence
    opener = _OPENER.fullmatch(line)
    if opener is None or (opener.group(1)[0] == "`" and "`" in opener.group(2)):
        return after, None
    return after, (at, opener.group(1), 0, end, after, "")


def open_fence(text: str, *, every_line: bool = False) -> OpenFence | None:
    """The fenced block still open at the end of ``text``, by CommonMark's rules.

    Only lines holding a fence run can open or close a fence. One whose run starts at
    the left margin (the usual fence) ends every container, so it is read alone. For
    the others, a line at the left margin that starts no container (``_RESET``) ends
    every open container, and with them a fence inside one, so the lines are read only
    from the last such line before them (``every_line``: all lines, for tests to compare).
    """
    if "```" not in text and "~~~" not in text:
        return None
    stack: list[tuple[str, int]] = []
    fence: _Fence | None = None
    if every_line or _LONE_CR.search(text) is not None:  # ``^`` knows only \n line starts
        _, fence = _walk(text, 0, len(text), stack, fence, skip=False)
    else:
        pos = 0
        for _, hit in _RUN.finditer(text):
            at = hit.start()
            line = text.rfind("\n", 0, at) + 1
            if line < pos:
                continue
            if line == at:
                stack.clear()
                pos, fence = _margin_line(text, at, fence)
                continue
            reset = _last_reset(text, pos, line)
            if reset is not None:
                stack.clear()
                fence = fence if fence is not None and fence[2] == 0 else None
                pos = reset
            brk = _BREAK.search(text, line)
            pos, fence = _walk(text, pos, brk.end() if brk else len(text), stack, fence, skip=True)
        if fence is not None and fence[2] > 0:
            if _RESET.search(text, pos) is not None:
                fence = None
            else:
                _, fence = _walk(text, pos, len(text), stack, fence, skip=True)
    if fence is None:
        return None
    at, run, _depth, end, after, written = fence
    prefix = "".join(c if c in " \t>" else " " for c in written)
    return OpenFence(at, run, end, after, prefix, text[end:after])


def _swallowed_imports(doc: Document, body: int) -> tuple[str, list[str], list[str]]:
    """The profile's agent, and the explicit ``@path`` imports after the fence that it
    would read were the fence closed: (agent, those it skips now, those it still reads).

    Each agent's own import parser decides. Claude Code's knows CommonMark fences, so an
    unclosed one hides every import after it; gemini-cli's knows only pairs of backtick
    runs (``findCodeRegions``, google-gemini/gemini-cli
    ``packages/core/src/utils/memoryImportProcessor.ts`` at 5411f113, 2026-08-21), so
    it still imports what follows an unclosed fence, except up to the next backtick the
    dangling run pairs with.
    """
    if doc.discovery is None or "@" not in doc.text[body:]:
        return "", [], []
    profile = PROFILES.get(doc.discovery.profile)
    if profile is None or profile.imports is None:
        return "", [], []
    style = import_style(profile.imports)
    # Fence lines in the swallowed text are blanked (same length, so offsets hold): one
    # of them may be the closer the author meant (``` for ~~~), and would otherwise open
    # a block of its own.
    tail = _FENCE_LINE.sub(lambda m: " " * len(m.group()), doc.text[body:])
    meant = [ref for ref in find_imports(tail, style.name) if is_explicit_import(ref.target)]
    read = {ref.start - body for ref in find_imports(doc.text, style.name) if ref.start >= body}
    lost = [ref.target for ref in meant if ref.start not in read]
    kept = [ref.target for ref in meant if ref.start in read]
    return style.agent, lost, kept


def _shown(targets: list[str]) -> str:
    """Up to three imports, as written."""
    return ", ".join(f"@{t}" for t in targets[:3]) + (", …" if len(targets) > 3 else "")


def _lines_after(text: str, body: int) -> int:
    """Lines of text after the fence's opening line."""
    tail = text[body:]
    return len(tail.splitlines())


def check(doc: Document) -> Iterator[Finding]:
    """One finding on the opening line of the fence left open at the end."""
    fence = open_fence(doc.text)
    if fence is None:
        return
    if not doc.text[fence.body :].strip():
        return  # the file ends at the fence: nothing reads as code that was meant otherwise
    count = _lines_after(doc.text, fence.body)
    what = f"the {count} line(s) after it"
    message = (
        f"this {fence.run} fence is never closed: it runs to the end of the file, so "
        f"{what} read as code, not instructions; close it with {fence.run} on its own line "
        "(or, if it was meant to close an earlier block, give that block its opening fence)"
    )
    markers = [m for m in doc.exact if m.start >= fence.body]
    agent, lost, kept = _swallowed_imports(doc, fence.body)
    severity = RULE.severity
    if markers:
        severity = Severity.ERROR
        message += "; the boundary marker after it is inside the code block"
    if lost:
        severity = Severity.ERROR
        message += f"; the agent does not import {_shown(lost)} from inside it"
    if kept:
        message += (
            f"; {agent} still imports {_shown(kept)} from inside it (its import parser "
            "sees no fence there), into what the model reads as code"
        )
    yield Finding(RULE.code, severity, message, fence.start, fence.line_end)


def closing_edit(text: str) -> Edit | None:
    """The editor's quick fix: a matching closing run as the new last line, with the
    container prefix of the opening line; the text keeps (or keeps lacking) its final
    line break. It is inserted before that break, at the end of the last line, where
    every editor applies an insertion the same way (past the last line, Neovim leaves an
    empty line behind)."""
    fence = open_fence(text)
    if fence is None:
        return None
    closer = fence.prefix + fence.run
    final = _FINAL_BREAK.search(text)
    if final is None:
        return Edit(len(text), len(text), (fence.eol or "\n") + closer)
    at = final.start()
    return Edit(at, at, final.group() + closer)


DETAILS = """\
**Why warning, and when error.** A fence left open changes how the rest of the file
reads but not what is loaded, so it is a warning. When what follows it is an import the
active profile's agent would read (Claude Code's and gemini-cli's `@path`, per
`discovery/imports.py`, explicit paths only) or a boundary marker, the file loads
differently from what its author sees, and the finding is an error. gemini-cli's
parser does not know fences: its code is a backtick run up to the next run of the same
length (`findCodeRegions` in google-gemini/gemini-cli
`packages/core/src/utils/memoryImportProcessor.ts` at 5411f113, 2026-08-21), so an
unclosed fence hides an import from it only up to the next backtick in the file. Under
gemini the message names the imports gemini-cli still makes from inside the block (the
ones PL013 checks) and those it skips, and only the skipped ones make it an error.

**CommonMark, not a guess.** The rule follows containers: a fence inside a list item
is closed by the end of the item (a less indented line), one inside a block quote by a
line without `>`, so a closed fence in a list stays quiet, and so does an indented
(four spaces) ```` ``` ````, which is not a fence. The closing run must use the opening
character (```` ``` ```` does not close `~~~`), be at least as long (a longer run closes,
a shorter one does not), be indented at most three spaces within its container, and
have nothing after it. HTML blocks are not followed (a fence inside `<details>` without
a blank line is HTML there).

**Quick fix (editor only).** Append the matching closing fence at the end of the file,
on its own line, with the opening line's line break (CRLF stays CRLF) and its container
prefix (`>` or the list indentation); a file with a final line break keeps one, a file
without gets none. It is not applied by `check --fix` or fix-all: where the block was
meant to end is the author's call, and the end of the file is only the safe default.
"""


RULE = Rule(
    code="PL030",
    name="unclosed-code-fence",
    severity=Severity.WARNING,
    summary="A code fence that is never closed swallows the rest of the file.",
    explanation=(
        "CommonMark closes a fenced code block only with a run of the same character "
        "(backtick or tilde), at least as long as the opening run, indented at most three "
        "spaces, on a line of its own; a fence inside a list item or block quote also ends "
        "with its container. A fence left open runs to the end of the file: the model "
        "reads the instructions there as part of an example, and Claude Code's import "
        "parser skips them as code. The finding is an error when an import the agent "
        "would read, or a boundary marker, is swallowed (the file now loads differently), "
        "and a warning otherwise; under gemini it says which imports gemini-cli still "
        "makes from inside the block (its parser knows only pairs of backtick runs, so "
        "it skips text only up to the next backtick the open run pairs with). The editor "
        "offers a quick fix that appends the matching closing fence at the end of the "
        "file; `check --fix` does not apply it, because only the author knows where the "
        "block was meant to end. A fence opened on the file's last non-blank line is not "
        "reported: nothing follows it, so nothing is read as code."
    ),
    bad_example="Run the tests:\n\n```sh\nnpm test\n\nAlways run the linter first.\n",
    good_example="Run the tests:\n\n```sh\nnpm test\n```\n\nAlways run the linter first.\n",
    fixable=False,
    kinds=TEXT_KINDS,
    check=check,
    applies_to="instruction, rule, skill and prompt files",
    fix_note="a quick fix in the editor",
    details=DETAILS,
)
