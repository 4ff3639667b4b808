"""Fenced code blocks (CommonMark 0.31.2, 4.5), inside block quotes and list items too,
and what one line can do to a fence; the block half of ``promptls.text.markdown``, whose
docstring says what is modelled and what is not."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from promptls.text.lazyre import lazy
from promptls.text.leads import Leads

_OPENER = lazy(r"(`{3,}|~{3,})(.*)")
_ITEM = lazy(r"([-+*]|[0-9]{1,9}[.)])(?:([ ]+)(?=\S)|[ ]*$)")
"""A list item's marker, then the spaces before its content (or nothing on the line)."""
_THEMATIC = lazy(r"(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$")
"""4.1: a thematic break, which wins over a list item (``- - -``)."""
_ATX = lazy(r"#{1,6}(?:[ \t]|$)")
_BREAK = lazy(r"\r\n|\r|\n")
_RELEVANT = lazy(r"^ {0,3}[>*+\-0-9`~]", re.MULTILINE)
"""A superset of the lines that change any fence while no container is open: the rest
(prose, indented lines, blanks) are skipped in C."""
_LONE_CR = lazy(r"\r(?!\n)")
_RESET = lazy(r"^(?=\S)[^>*+\-0-9`~]", re.MULTILINE)
"""A line at the left margin that starts no block quote, list item or fence: every open
container ends there."""
_RUN = Leads(r"```|~~~")
"""Where a fence run can start: searched as two literals (``Leads``)."""
_RUN_LINE = Leads(r"````*([^\r\n]*)|~~~~*([^\r\n]*)")
"""A line from a fence run on, searched as ``_RUN`` is: the run, then (group 1 of each
alternative) the rest up to the line break. One match gives ``fences`` all it reads of
a fence line at the left margin, and consumes the line: the line's later runs are never
read (``fences`` reads a line once)."""
_MARGIN_RUN = lazy(r"(`{3,}|~{3,})([^\r\n]*)")
"""A line from its fence run on: the run, then the rest up to the line break."""
_SHAPED = lazy(r"[ \t>]*(?:`{3,}|~{3,})")
_SHAPED_LINE = lazy(r"^[ \t>]*(?:`{3,}|~{3,})[^\r\n]*", re.MULTILINE)
_QUOTE, _ITEM_KIND = "q", "i"
_tuple = tuple.__new__
"""Builds a ``NamedTuple`` from a tuple without its generated ``__new__`` (a Python call)."""


class Fence(NamedTuple):
    """One fenced block: its opening run, and where its closing run and block end are."""

    start: int
    """Where the opening run starts."""
    run: str
    """The opening run (```` ``` ````, ``~~~~``…)."""
    close: int | None
    """Where the closing run starts; None for a block its container or the text ends."""
    close_run: str
    """The closing run as written ("" when unclosed)."""
    end: int
    """Where the block ends: after its closing run, at the start of the line that ends
    its container, or the end of the text."""


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


def line_start(text: str, offset: int) -> int:
    """Where the line holding ``offset`` starts (after LF, CR or CRLF). A CR is only
    looked for after the last LF, so the cost is the line's length, not the text's."""
    newline = text.rfind("\n", 0, offset)
    return max(newline, text.rfind("\r", newline + 1, offset)) + 1


def line_end(text: str, offset: int) -> int:
    """Where the line holding ``offset`` ends (before its LF or CR)."""
    newline = text.find("\n", offset)
    newline = len(text) if newline < 0 else newline
    carriage = text.find("\r", offset, newline)
    return newline if carriage < 0 else carriage


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
        if item is None or _THEMATIC.match(line, at) is not None:
            return pos
        spaces = len(item.group(2) or "")
        width = len(item.group(1)) + (spaces if 1 <= spaces <= 4 else 1)
        stack.append((_ITEM_KIND, indent + width))
        pos = at + width


def _closes(rest: str, char: str, length: int) -> bool:
    """4.5: a closing run is up to three spaces, at least ``length`` of ``char``, then
    only spaces or tabs (tabs are expanded by then)."""
    indent = _indent(rest, 0)
    if indent > 3:
        return False
    run = len(rest) - indent - len(rest[indent:].lstrip(char))
    return run >= length and not rest[indent + run :].strip(" \t")


def _opener(rest: str) -> str | None:
    """The run that opens a fence on this (container-free, tab-expanded) text, if any."""
    indent = _indent(rest, 0)
    found = _OPENER.fullmatch(rest, indent) if indent <= 3 else None
    if found is None or (found.group(1)[0] == "`" and "`" in found.group(2)):
        return None
    return str(found.group(1))


_Open = tuple[int, str, int]
"""A fence being read: where its run starts, the run, its container depth."""


class Blocks:
    """One pass over a text's lines, keeping the open containers and fence.

    ``full``: read every line and also collect the indented code lines (paragraphs
    decide where those may start); otherwise only the lines that can open or close a
    fence are read (``fences``), which is what rules on large prompts can afford.
    """

    def __init__(self, text: str, *, full: bool) -> None:
        self.text = text
        self.full = full
        self.stack: list[tuple[str, int]] = []
        self.fence: _Open | None = None
        self.found: list[Fence] = []
        self.indented: list[tuple[int, int]] = []
        """Indented code lines, (line start, line end), in order."""
        self._para = False

    def _end(self, at: int) -> None:
        """The open fence ends unclosed at ``at`` (its container ended, or the text)."""
        if self.fence is not None:
            self.found.append(Fence(self.fence[0], self.fence[1], None, "", at))
            self.fence = None

    def _close(self, fence: _Open, start: int, end: int) -> None:
        """``fence`` is closed by the run on the line ``text[start:end]``."""
        at = self.text.find(fence[1][0], start, end)
        stop = at
        while stop < end and self.text[stop] == fence[1][0]:
            stop += 1
        self.found.append(Fence(fence[0], fence[1], at, self.text[at:stop], stop))
        self.fence = None

    def walk(self, start: int, stop: int, *, skip: bool) -> int:
        """Read the lines from ``start`` (a line start) to ``stop``; the next line start.
        ``skip``: jump over lines that cannot matter while no container is open."""
        text, stack = self.text, self.stack
        while start < stop:
            if skip and not stack:
                hit = _RELEVANT.search(text, start, stop)
                if hit is None:
                    return stop
                start = hit.start()
            brk = _BREAK.search(text, start)
            end, after = (brk.start(), brk.end()) if brk is not None else (len(text), len(text))
            here, start = start, after
            line = text[here:end].expandtabs(4)
            matched, pos = _enter(line, stack)
            fence = self.fence
            if fence is not None:
                if matched >= fence[2]:
                    if _closes(line[pos:], fence[1][0], len(fence[1])):
                        self._close(fence, here, end)
                    continue
                self._end(here)  # its list item or block quote ended, and the block with it
            depth = len(stack)
            del stack[matched:]
            pos = _open(line, pos, stack)
            rest = line[pos:]
            run = _opener(rest)
            if run is not None:
                self.fence = (text.find(run, here, end), run, len(stack))
                self._para = False
            elif self.full:
                self._block(here, end, rest, fresh=matched < depth or len(stack) > matched)
        return start

    def _block(self, here: int, end: int, rest: str, *, fresh: bool) -> None:
        """Paragraph and indented-code bookkeeping for one line that opens no fence."""
        if fresh:
            self._para = False  # a container ended or began: no paragraph continues
        if not rest.strip(" "):
            self._para = False
        elif _indent(rest, 0) >= 4:
            if not self._para:
                self.indented.append((here, end))
        else:
            body = rest.lstrip(" ")
            self._para = _ATX.match(body) is None and _THEMATIC.match(body) is None

    def margin_line(self, at: int) -> int:
        """A line whose fence run starts at the left margin (``at``): it continues no
        container, so it ends every one (and a fence inside one); it closes a fence open
        outside any container or opens one of its own. The next line start.

        One match reads the line (its run and the rest): no tab expansion is needed, as
        the run comes first and tabs after it only ever count as blanks or info text."""
        line = _MARGIN_RUN.match(self.text, at)
        if line is None:  # not a run of three: the caller found none here
            raise ValueError(f"no fence run at {at}")
        return self._margin(at, line.start(2), line.end())

    def _margin(self, at: int, rest_at: int, end: int) -> int:
        """``margin_line`` for the run ``text[at:rest_at]`` and the rest of its line up
        to ``end``, already matched (``fences`` reads them in the search that finds the
        run). Runs once per fence line of a text, hence tuples built without a call."""
        text = self.text
        self.stack.clear()
        fence = self.fence
        after = end + (2 if text.startswith("\r\n", end) else 1) if end < len(text) else end
        if fence is not None and fence[2] == 0:
            run = fence[1]
            if (
                text[at] == run[0]
                and rest_at - at >= len(run)
                and not text[rest_at:end].strip(" \t")
            ):
                close = text[at:rest_at]
                self.found.append(_tuple(Fence, (fence[0], run, at, close, rest_at)))
                self.fence = None
            return after
        if fence is not None:
            self._end(at)
        if text[at] == "`" and text.find("`", rest_at, end) >= 0:
            self.fence = None
        else:
            self.fence = (at, text[at:rest_at], 0)
        return after

    def finish(self) -> list[Fence]:
        """The fences found, the one still open ended at the end of the text."""
        self._end(len(self.text))
        return self.found


def _last_reset(text: str, lo: int, hi: int) -> int | None:
    """The start of the last reset line (``_RESET``) in ``[lo, hi)``, both line starts.
    Read backwards line by line: prose usually sits just above a fence, so this stops
    after a line or two, and never reads more lines than the walk that follows would."""
    end = hi - 1  # the line break that ends the line before ``hi``
    while end >= lo:
        start = max(text.rfind("\n", lo, end) + 1, lo)
        if _RESET.match(text, start) is not None:
            return start
        end = start - 1
    return None


def fences(text: str, *, every_line: bool = False) -> list[Fence]:
    """Every fenced block in text order.

    Only lines holding a fence run can open or close a fence. One whose run starts at the
    left margin (the usual fence) ends every container, so it is read alone. For the
    others, a line at the left margin that starts no container (``_RESET``) ends every
    open container, so lines are read only from the last such line before them; a fence
    inside a container is followed line by line until it ends. ``every_line``: read all
    lines (the same answer; tests compare the two).
    """
    if _RUN.search(text) is None:  # each found from its character (``memchr``)
        return []
    blocks = Blocks(text, full=False)
    lone_cr = "\r" in text and _LONE_CR.search(text) is not None  # ``in``: a vector search
    if every_line or lone_cr:  # ``^`` knows only \n line starts
        blocks.walk(0, len(text), skip=False)
        return blocks.finish()
    if not every_line:
        found = _margin_fences(text)
        if found is not None:
            return found
    pos = 0
    for _, hit in _RUN_LINE.finditer(text):
        at = hit.start()
        line = at if at and text[at - 1] == "\n" else text.rfind("\n", 0, at) + 1
        if line < pos:
            continue
        fence = blocks.fence
        if fence is not None and fence[2] > 0:
            pos = blocks.walk(pos, line, skip=True)  # where its container ends, exactly
        if line == at:
            pos = blocks._margin(at, hit.start(1), hit.end())
            continue
        reset = _last_reset(text, pos, line)
        if reset is not None:
            blocks.stack.clear()
            pos = reset
        brk = _BREAK.search(text, line)
        pos = blocks.walk(pos, brk.end() if brk else len(text), skip=True)
    if blocks.fence is not None and blocks.fence[2] > 0:
        blocks.walk(pos, len(text), skip=True)
    return blocks.finish()


def _margin_fences(text: str) -> list[Fence] | None:
    """``fences`` for a text whose every run of three or more backticks starts a line,
    and that has no tilde: each such line ends every container, so the fences are what
    those lines alone make of each other (``Blocks._margin`` at the left margin, without
    containers), read in one loop over the runs. None as soon as a run starts inside a
    line (indented, in a list item or block quote, in prose): ``fences`` then reads the
    text as usual. For a text without a lone carriage return (the caller's).

    Each run is found from its first backtick (``memchr``) in this loop itself while
    every backtick found starts a run (a text whose only backticks are its fences):
    a generator's step per run (``Led.finditer``) cost about a fifth of the loop. At the
    first backtick that starts none (inline code), ``Led`` takes over the search from
    there, which weighs ``find`` against the regex engine's scan as backticks get dense.
    """
    if "~" in text:  # one ``memchr``
        return None
    found: list[Fence] = []
    fence_at, run = -1, ""
    led = _RUN_LINE.alternatives[0]
    find, match = text.find, led.pattern.match
    rest: Iterator[re.Match[str]] | None = None
    pos = 0
    while True:
        if rest is None:
            at = find("`", pos)
            if at < 0:
                break
            hit = match(text, at)
            if hit is None:
                rest = led.finditer(text, at + 1)
                continue
        else:
            hit = next(rest, None)
            if hit is None:
                break
            at = hit.start()
        if at and text[at - 1] != "\n":
            return None
        rest_at, pos = hit.span(1)
        if fence_at < 0:
            if find("`", rest_at, pos) < 0:  # a backtick in the info string: no fence
                fence_at, run = at, text[at:rest_at]
        elif rest_at - at >= len(run) and not text[rest_at:pos].strip(" \t"):
            found.append(_tuple(Fence, (fence_at, run, at, text[at:rest_at], rest_at)))
            fence_at = -1
    if fence_at >= 0:
        found.append(_tuple(Fence, (fence_at, run, None, "", len(text))))
    return found


def open_fence(text: str, *, every_line: bool = False) -> OpenFence | None:
    """The fenced block still open at the end of ``text`` (4.5: it runs to the end of
    the document), with what a closing line needs to end it."""
    found = fences(text, every_line=every_line)
    if not found or found[-1].close is not None or found[-1].end != len(text):
        return None
    return _open_fence(text, found[-1])


def _open_fence(text: str, fence: Fence) -> OpenFence:
    """``fence`` (unclosed at the end) with its opening line's shape."""
    first, last = line_start(text, fence.start), line_end(text, fence.start)
    brk = _BREAK.match(text, last)
    after = brk.end() if brk is not None else last
    prefix = "".join(c if c in " \t>" else " " for c in text[first : fence.start])
    return OpenFence(fence.start, fence.run, last, after, prefix, text[last:after])


def fence_role(line: str) -> tuple[str, bool] | None:
    """What one line (no container prefix, no line break) can do to a fence: its run
    and whether it could close one (4.5: only spaces or tabs after the run, so a form
    feed or a no-break space there makes it content); None when it can neither open nor
    close one (no run, or a backtick run whose info string holds a backtick)."""
    indent = _indent(line, 0)
    found = _OPENER.fullmatch(line, indent) if indent <= 3 else None
    if found is None:
        return None
    run, rest = found.groups()
    if run[0] == "`" and "`" in rest:
        return None
    return run, not rest.strip(" \t")


def fence_shaped(text: str, at: int) -> bool:
    """Whether the line starting at ``at`` is a fence run behind any container prefix
    (spaces, tabs, ``>``): a cheap look at one line's shape, for heuristics that ask
    "does a code block start here", not where blocks are (``fences``)."""
    return _SHAPED.match(text, at) is not None


def blank_fence_shaped(text: str) -> str:
    """``text`` with every line that ``fence_shaped`` accepts turned into spaces (line
    breaks kept, so every offset holds): the text as it would read with no fence."""
    return _SHAPED_LINE.sub(lambda m: " " * len(m.group()), text)
