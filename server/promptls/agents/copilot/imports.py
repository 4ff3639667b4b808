"""Copilot CLI's ``@path`` imports: observed, not documented.

Copilot CLI 1.0.102 inlines the files that ``AGENTS.md`` and ``CLAUDE.md`` import (not
``GEMINI.md``, not ``.github/copilot-instructions.md``), each after its token, and the
imports of an imported file too, up to eight hops. What the oracle showed (scenarios
"copilot: imports in AGENTS.md and CLAUDE.md are inlined", "copilot: where an import
token starts and ends", "copilot: import depth, cycles and repeats"):

* ``@`` at the start of the text or after any character but an ASCII letter, digit,
  ``_``, ``.`` or ``-`` (``(@a.md)``, ``"@a.md"``, ``*@a.md`` import; ``x-@a.md``,
  ``e.g.@a.md`` do not);
* the path runs to whitespace, a quote, a bracket of any kind or a backtick; trailing
  ``.,;:!?`` are not part of it (``@./a.md).`` names ``./a.md``), while ``*`` and ``#``
  are (``@./a.md#top`` names no file);
* it must hold a ``/`` or a ``.`` (``@README`` is no import, ``@docs/README`` is);
* relative to the importing file; no ``~/``; a folder, a missing file or a file outside
  the repository leaves the token alone, without a trace;
* not in code spans or fenced blocks (backticks or tildes), but in indented code.
"""

from __future__ import annotations

from functools import cache

from promptls.agents.model import ImportRef, ImportStyle
from promptls.text.lazyre import constant
from promptls.text.leads import Led
from promptls.text.markdown import Code


@cache
def _tokens() -> Led[str]:
    """The import token, searched from its ``@`` (``find``, while ``@`` is rare)."""
    return Led(constant(r"(?<![A-Za-z0-9_.\-])@([^\s\"'`()\[\]{}<>]+)"))


HOPS = 8
"""How deep imports are inlined: the files eight hops from a top-level file are, a ninth
hop's token stays as written, even to a file Copilot sends on its own (oracle scenarios
"copilot: import depth, cycles and repeats", "copilot: a file loaded on its own is not
inlined past the hop limit", Copilot CLI 1.0.102)."""

_TRAILING = ".,;:!?"
"""Punctuation a token ends with that is not part of its path."""


def parse(text: str) -> tuple[ImportRef, ...]:
    """The tokens Copilot CLI inlines, in order: outside code spans and fences."""
    if "@" not in text:
        return ()
    code = Code(text)
    refs: list[ImportRef] = []
    line, counted = 1, 0
    for token in _tokens().finditer(text):
        path = token.group(1).rstrip(_TRAILING)
        at = token.start()
        if ("/" not in path and "." not in path) or code.contains(at):
            continue
        line += text.count("\n", counted, at)
        counted = at
        refs.append(ImportRef(path, line, at, at + 1 + len(path)))
    return tuple(refs)


STYLE = ImportStyle(
    "copilot", "Copilot CLI", parse, home=False, silent_misses=True, confined=True,
    per_chain=False, approval=False, comments=False, escaped_spaces=False,
    only_in=("AGENTS.md", "CLAUDE.md"), per_top=True,
)  # fmt: skip
"""Copilot CLI's dialect: imports only in AGENTS.md and CLAUDE.md (and the files they
import), misses silent, inside the repository, each file inlined once per top-level
file (a repeat is an empty ``skipped="already-loaded"`` element)."""
