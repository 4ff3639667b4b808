"""Find ``@path`` imports in instruction files the way Claude Code and gemini-cli do.

Both agents expand ``@path`` references in their memory files, and neither looks inside
Markdown code (fenced blocks or inline code spans), so an example such as ```@import```
in backticks stays text. The scan is linear in the text and never touches the disk;
resolution against the filesystem is the caller's job.

Style differences (each agent's docs, checked 2025):
- ``claude``: ``@`` at the start of a line or after whitespace, then a path: relative to
  the importing file, ``~/…`` or absolute. A bare word (``@alice``) is not taken for an
  import unless it has a ``/`` or a file extension, so mentions of people stay text.
- ``gemini``: ``@./x.md``, ``@../x.md``, ``@/abs/x.md`` or ``@x.md``: the token must
  contain a ``.`` (a file extension), as gemini-cli's import processor requires.
"""

# Plain str paths on purpose: cheap stats and comparable cache keys.
# ruff: noqa: PTH117, PTH118, PTH120

from __future__ import annotations

import os
import re
from dataclasses import dataclass

_TOKEN = re.compile(r"(?:(?<=\s)|^)@((?:[^\s\\`]|\\ )+)")
_TRAILING = ".,;:!?)]}'\""
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")


@dataclass(frozen=True, slots=True)
class ImportRef:
    """One ``@path`` in a file: where it is (``str`` offsets, 1-based line) and its text."""

    target: str
    line: int
    start: int
    end: int


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


def _looks_like_path(token: str, style: str) -> bool:
    """Keep people and handles (``@alice``) out; gemini insists on an extension."""
    base = token.rsplit("/", 1)[-1]
    has_ext = "." in base.strip(".")
    if style == "gemini":
        return has_ext or token.startswith(("./", "../", "/"))
    return has_ext or "/" in token or token.startswith("~")


def find_imports(text: str, style: str) -> list[ImportRef]:
    """List the imports of one file in order, skipping fenced blocks and code spans."""
    refs: list[ImportRef] = []
    fence: str | None = None
    offset = 0
    for number, raw in enumerate(text.splitlines(keepends=True), start=1):
        line = raw.rstrip("\r\n")
        match = _FENCE.match(line)
        if fence is not None:
            closes = match and match.group(1)[0] == fence[0] and len(match.group(1)) >= len(fence)
            if closes and not line.strip().strip(fence[0]):
                fence = None
            offset += len(raw)
            continue
        if match:
            fence = match.group(1)
            offset += len(raw)
            continue
        if "@" in line:
            masked = _mask_spans(line)
            for token in _TOKEN.finditer(masked):
                target = token.group(1).rstrip(_TRAILING).replace("\\ ", " ")
                if target and _looks_like_path(target, style):
                    start = offset + token.start()
                    refs.append(ImportRef(target, number, start, start + 1 + len(target)))
        offset += len(raw)
    return refs


_DOC_SUFFIXES = (".md", ".mdx", ".markdown", ".txt", ".rst")


def is_explicit_import(target: str) -> bool:
    """Whether a token is unmistakably a file path, so a miss is worth reporting.

    ``./x``, ``../x``, ``~/x``, ``/x``, a document (``.md``, ``.txt``…), or a folder plus
    an extension (``.github/workflows/ci.yml``). ``@scope/package`` and
    ``@pytest.fixture`` are only imports when such a file happens to exist.
    """
    if target.startswith(("./", "../", "~/", "/")):
        return True
    if target.lower().endswith(_DOC_SUFFIXES):
        return True
    base = target.rsplit("/", 1)[-1]
    return "/" in target and "." in base.strip(".")


def resolve_import(target: str, importer: str, home: str | None) -> str | None:
    """Absolute path an import points at, or None when it needs a home we do not have."""
    if target.startswith("~"):
        if home is None or not (target == "~" or target.startswith("~/")):
            return None
        return os.path.normpath(os.path.join(home, target[2:]))
    if os.path.isabs(target):
        return os.path.normpath(target)
    return os.path.normpath(os.path.join(os.path.dirname(importer), target))
