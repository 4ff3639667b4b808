"""Claude Code's ``@path`` imports: which tokens of a memory file it follows.

code.claude.com/docs/en/memory (crawl of 2026-08-22; the client is closed source):
``@`` at the start of a line or after whitespace, then a path relative to the importing
file, ``~/…`` or absolute, running to the next whitespace, so punctuation after the path
is part of it (``@a.md,`` imports nothing when no ``a.md,`` exists: oracle scenario
"claude: punctuation after an import", Claude Code 2.1.332); ``\\ `` is a space of the
path. Not inside code, and code is CommonMark's (``promptls.text.markdown``): code
spans, fenced blocks of backticks or tildes (an unclosed one runs to the end of its
container), fences inside list items and block quotes, indented code blocks. The oracle
shows each: "claude: imports in code are not followed" (a span, indented code, backtick
and tilde fences), and the fence edges where a line-by-line reading goes wrong ("claude:
a no-break space after a closing fence", "claude: a form feed after a closing fence",
"claude: a fence in a list item ends with the item", "claude: a fence in a block
quote")."""

from __future__ import annotations

from bisect import bisect_right
from functools import cache

from promptls.agents.model import ImportRef, ImportStyle
from promptls.text.lazyre import constant, lazy
from promptls.text.leads import Led
from promptls.text.markdown import Code, line_start


@cache
def _tokens() -> Led[str]:
    """The import token, searched from its ``@`` (``find``, while ``@`` is rare)."""
    return Led(constant(r"(?:(?<=\s)|^)@((?:[^\s\\`]|\\ )+)"))


_PREFIX = lazy(r"[ \t>*+\-.)0-9]*")
"""The start of a line that can hold indentation: spaces, tabs, block quote and list
item markers."""


def parse(text: str) -> tuple[ImportRef, ...]:
    """The tokens Claude Code imports, in order: outside code, running to the next
    whitespace."""
    if "@" not in text:
        return ()
    code = Code(text)
    refs: list[ImportRef] = []
    line, counted = 1, 0
    for token in _tokens().finditer(text):
        at = token.start()
        if in_code(code, at):
            continue
        line += text.count("\n", counted, at)
        counted = at
        written = token.group(1)
        refs.append(ImportRef(written.replace("\\ ", " "), line, at, token.end()))
    return tuple(refs)


def in_code(code: Code, at: int) -> bool:
    """Whether offset ``at`` is code: a span, a fence or an indented code block. Public
    for agents that read code as CommonMark does too (Qwen Code's marked lexer)."""
    return code.contains(at) or _indented(code, at)


def _indented(code: Code, at: int) -> bool:
    """Whether ``at`` is on a line of an indented code block. Only a line with four
    columns of indentation in its prefix can be one, so only such a line makes every
    line of the text be read (``Code.indented``)."""
    start = line_start(code.text, at)
    prefix = _PREFIX.match(code.text, start, at)
    if prefix is None or ("    " not in prefix.group() and "\t" not in prefix.group()):
        return False
    lines = code.indented
    index = bisect_right(lines, (start, len(code.text) + 1)) - 1
    return index >= 0 and lines[index][0] == start


STYLE = ImportStyle(
    "claude", "Claude Code", parse, home=True, silent_misses=True, confined=False,
    per_chain=False, approval=True, comments=False, escaped_spaces=True,
)  # fmt: skip
"""Claude Code's dialect: ``~/`` is the home folder, a miss is silent, imports from
outside the working folder need the user's approval (docs, 2026-08-22)."""
