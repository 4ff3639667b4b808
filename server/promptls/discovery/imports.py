"""Which ``@path`` tokens count as imports in an instruction file, per agent.

Claude Code and gemini-cli both inline ``@path`` references from their memory files, but
they parse them differently, and the difference decides what the model sees: a token one
agent imports is plain text to the other, and gemini-cli replaces a token it cannot
import with an HTML comment, so the words vanish from the model's view. This module
scans text and does path arithmetic only; following the imports on disk (reading,
confinement, depth, cycles) is ``promptls.discovery.follow``'s job.

- ``gemini`` (gemini-cli ``memoryImportProcessor.ts`` ``findImports`` and
  ``findCodeRegions``, commit 5411f113, 2026-08-21): ``@`` at the start of the text or
  right after a space, tab, CR or LF, running to the next of those four; its first
  character is ``.``, ``/`` or an ASCII letter. No extension is needed (``@README``),
  and trailing punctuation is part of the path (``@./a.md,`` names ``./a.md,``). Code is
  only what the pattern "a run of backticks, anything, the same run" matches over the
  whole text: inline spans and ````` fences, and also a stray pair of backticks lines
  apart. ``~~~`` fences, indented code and an unclosed ````` fence are not code.
- ``claude`` (code.claude.com/docs/en/memory, crawl of 2026-08-22; the client is closed
  source): ``@`` at the start of a line or after whitespace, then a path relative to the
  importing file, ``~/…`` or absolute, running to the next whitespace: punctuation
  after the path is part of it, so ``@a.md,`` imports nothing when no ``a.md,`` exists
  (oracle scenario "claude: punctuation after an import", Claude Code 2.1.332). Not
  inside inline code spans, fenced blocks (````` or ``~~~``, CommonMark rules, an
  unclosed fence runs to the end) or indented code blocks (four spaces or a tab after a
  blank line; oracle scenario "claude: indented code holds no import").
"""

# Plain str paths on purpose: cheap stats and comparable cache keys.
# ruff: noqa: PTH117, PTH118, PTH120

from __future__ import annotations

import os
from bisect import bisect_right
from typing import NamedTuple

from promptls.text import runmemo
from promptls.text.lazyre import lazy


class ImportStyle(NamedTuple):
    """How one agent parses and follows imports: the data behind ``Profile.imports``.

    ``home``: ``@~/x`` names a file in the home folder. ``silent_misses``: a token that is
    not an explicit path (``@alice``, ``@scope/pkg``) and names no file is left alone
    without a trace. ``confined``: a target must lie inside the top-level file's project
    root by real path. ``per_chain``: cycles are tracked per import chain with the
    top-level file left out, and a file imported twice is inlined twice. ``approval``:
    imports leaving the working folder from a project file need the user's approval.
    ``comments``: the agent writes an HTML comment where an import fails, so the reasons
    quote it.
    """

    name: str
    agent: str
    home: bool
    silent_misses: bool
    confined: bool
    per_chain: bool
    approval: bool
    comments: bool


CLAUDE_STYLE = ImportStyle(
    "claude", "Claude Code", home=True, silent_misses=True, confined=False, per_chain=False,
    approval=True, comments=False,
)  # fmt: skip
GEMINI_STYLE = ImportStyle(
    "gemini", "gemini-cli", home=False, silent_misses=False, confined=True, per_chain=True,
    approval=False, comments=True,
)  # fmt: skip
_STYLES = {s.name: s for s in (CLAUDE_STYLE, GEMINI_STYLE)}


def import_style(name: str | None) -> ImportStyle:
    """The style a profile names; Claude's is the default for an unknown name."""
    return _STYLES.get(name or "", CLAUDE_STYLE)


class ImportRef(NamedTuple):
    """One ``@path`` in a file: where it is (``str`` offsets, 1-based line) and its text.

    ``target`` is the path as the agent reads it (escapes undone); ``text[start:end]`` is
    the whole token as written, ``@`` included.
    """

    target: str
    line: int
    start: int
    end: int


def find_imports(text: str, style: str) -> list[ImportRef]:
    """List the imports of one file in order of appearance, code left out (scanned once
    per text in a ``check`` run: a parent folder's file is read by every walk below it)."""
    if "@" not in text:  # no token at all (most files): cheaper than the memo's hashing
        return []
    return list(runmemo.remembered("imports", (style, text), lambda: _scan(text, style)))


def _scan(text: str, style: str) -> tuple[ImportRef, ...]:
    """``find_imports`` itself."""
    if style == "gemini":
        return tuple(_gemini_imports(text))
    return tuple(_claude_imports(text))


# -- gemini-cli ------------------------------------------------------------------------

_GEMINI_TOKEN = lazy(r"(?<![^ \t\r\n])@([^ \t\r\n]*)")
_BACKTICKS = lazy(r"`+")


def _gemini_starts(path: str) -> bool:
    """gemini-cli's first-character test: ``.``, ``/`` or an ASCII letter."""
    first = path[:1]
    return first in (".", "/") or ("a" <= first <= "z") or ("A" <= first <= "Z")


def backtick_regions(text: str) -> list[tuple[int, int]]:
    """The spans gemini-cli's code pattern matches, left to right, in linear time.

    The pattern is a backtick run, the shortest stretch of anything, then the same run.
    Backtracking, it tries the whole run at a position first and shorter runs after, and
    a run of length ``k`` closes at the first ``k`` backticks found later. Knowing the
    longest backtick run in every suffix answers "is there a closer" without a search,
    so a hostile file of backticks costs no quadratic rescans.
    """
    runs = [(m.start(), m.end()) for m in _BACKTICKS.finditer(text)]
    starts = [s for s, _ in runs]
    longest_after = [0] * (len(runs) + 1)
    for k in range(len(runs) - 1, -1, -1):
        longest_after[k] = max(runs[k][1] - runs[k][0], longest_after[k + 1])

    def longest_from(pos: int) -> int:
        """Length of the longest backtick run inside ``text[pos:]``."""
        index = bisect_right(starts, pos) - 1
        best = longest_after[index + 1]
        if index >= 0 and runs[index][1] > pos:
            best = max(best, runs[index][1] - pos)
        return best

    regions: list[tuple[int, int]] = []
    pos = 0
    while (start := text.find("`", pos)) >= 0:
        index = bisect_right(starts, start) - 1
        run = runs[index][1] - start
        for size in range(run, 0, -1):
            if longest_from(start + size) >= size:
                end = text.find("`" * size, start + size) + size
                regions.append((start, end))
                pos = end
                break
        else:
            break  # the last lone backtick: nothing after it can close anything
    return regions


def _gemini_imports(text: str) -> list[ImportRef]:
    """gemini-cli's ``findImports``, minus the tokens inside backtick code."""
    regions = backtick_regions(text)
    ends = [end for _, end in regions]
    refs: list[ImportRef] = []
    line, counted = 1, 0
    for match in _GEMINI_TOKEN.finditer(text):
        path = match.group(1)
        if not _gemini_starts(path):
            continue
        at = match.start()
        index = bisect_right(ends, at)
        if index < len(regions) and regions[index][0] <= at:
            continue
        line += text.count("\n", counted, at)
        counted = at
        refs.append(ImportRef(path, line, at, match.end()))
    return refs


# -- Claude Code -----------------------------------------------------------------------

_CLAUDE_TOKEN = lazy(r"(?:(?<=\s)|^)@((?:[^\s\\`]|\\ )+)")
_INDENTED = lazy(r"^(?: {4}|\t| {1,3}\t)")
_FENCE = lazy(r"^ {0,3}(`{3,}|~{3,})")


def _mask_spans(line: str) -> str:
    """Blank out inline code spans (matched backtick runs) so ``@`` inside them is ignored."""
    out = list(line)
    i = 0
    n = len(line)
    while i < n:
        if line[i] != "`":
            i += 1
            continue
        j = i
        while j < n and line[j] == "`":
            j += 1
        run = j - i
        k = j
        close = -1
        while k < n:
            if line[k] == "`":
                m = k
                while m < n and line[m] == "`":
                    m += 1
                if m - k == run:
                    close = m
                    break
                k = m
            else:
                k += 1
        if close < 0:
            i = j
            continue
        for p in range(i, close):
            out[p] = " "
        i = close
    return "".join(out)


def _claude_imports(text: str) -> list[ImportRef]:
    """Tokens outside fenced blocks, indented code blocks and code spans, running to the
    next whitespace (punctuation after the path is part of it)."""
    if "@" not in text:  # no line can hold a token (discovery asks of every file)
        return []
    refs: list[ImportRef] = []
    fence: str | None = None
    offset = 0
    after_blank = True  # the text's start may open an indented code block
    indented = False
    # A CRLF line keeps its "\r": the fence pattern matches a prefix, the closing test
    # strips whitespace, and a token stops at whitespace.
    for number, line in enumerate(text.split("\n"), start=1):
        match = _FENCE.match(line)
        blank = not line.strip()
        if fence is not None:
            closes = match and match.group(1)[0] == fence[0] and len(match.group(1)) >= len(fence)
            if closes and not line.strip().strip(fence[0]):
                fence = None
        elif not blank and _INDENTED.match(line) and (after_blank or indented):
            indented = True
        elif match:
            fence = match.group(1)
            indented = False
        elif not blank:
            indented = False
            if "@" in line:
                refs.extend(_line_tokens(line, number, offset))
        after_blank = blank
        offset += len(line) + 1
    return refs


def _line_tokens(line: str, number: int, offset: int) -> list[ImportRef]:
    """The tokens of one line of text, code spans left out."""
    refs = []
    for token in _CLAUDE_TOKEN.finditer(_mask_spans(line)):
        written = token.group(1)
        start = offset + token.start()
        refs.append(ImportRef(written.replace("\\ ", " "), number, start, start + 1 + len(written)))
    return refs


# -- where a token points --------------------------------------------------------------

_DOC_SUFFIXES = (".md", ".mdx", ".markdown", ".txt", ".rst")
TRAILING_PUNCTUATION = ".,;:!?)]}'\""
"""Sentence punctuation a writer may put after a path; both agents read it as part of
the path, so a path that is explicit without it is still worth reporting."""
_URL = lazy(r"(?:file|https?)://")


def is_explicit_import(target: str) -> bool:
    """Whether a token is unmistakably a file path, so a miss is worth reporting.

    ``./x``, ``../x``, ``~/x``, ``/x``, a document (``.md``, ``.txt``…), or a folder plus
    an extension (``.github/workflows/ci.yml``). ``@scope/package`` and
    ``@pytest.fixture`` are only imports when such a file happens to exist. Sentence
    punctuation after the path is not looked at (``@a.md,`` is explicit: it names the
    missing ``a.md,``).
    """
    target = target.rstrip(TRAILING_PUNCTUATION) or target
    if target.startswith(("./", "../", "~/", "/")):
        return True
    if target.lower().endswith(_DOC_SUFFIXES):
        return True
    base = target.rsplit("/", 1)[-1]
    return "/" in target and "." in base.strip(".")


def is_url(target: str) -> bool:
    """gemini-cli refuses ``file://``, ``http://`` and ``https://`` tokens outright."""
    return _URL.match(target) is not None


def resolve_import(target: str, importer: str, home: str | None) -> str | None:
    """Absolute path an import points at, or None when it needs a home we do not have.

    ``~/x`` is the home folder's ``x``; a ``~`` followed by anything else is an
    ordinary relative name.
    """
    if target == "~" or target.startswith("~/"):
        if home is None:
            return None
        return os.path.normpath(os.path.join(home, target[2:]))
    if os.path.isabs(target):
        return os.path.normpath(target)
    return os.path.normpath(os.path.join(os.path.dirname(importer), target))
