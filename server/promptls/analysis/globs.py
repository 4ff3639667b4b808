"""Glob patterns for ``prompt-files``, ``instruction-files`` and ``exclude``.

``fnmatch`` lets ``*`` cross ``/``, which makes ``**/prompts/**/*.md`` mean nothing in
particular, so patterns are translated here: ``**`` spans directories, ``*`` and ``?``
stay inside one path component. A pattern without ``/`` matches a file's base name; a
pattern with ``/`` matches the end of the path at a directory boundary, so it works the
same on the relative paths of ``check`` and the absolute paths an editor sends.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache


def _translate(pattern: str) -> str:
    """Regex source for one glob, anchored at a path-component boundary."""
    out: list[str] = []
    i = 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out.append("(?:[^/]*/)*")
            i += 3
        elif pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif pattern[i] == "*":
            out.append("[^/]*")
            i += 1
        elif pattern[i] == "?":
            out.append("[^/]")
            i += 1
        elif pattern[i] == "[":
            close = pattern.find("]", i + 2)
            if close < 0:
                out.append(re.escape(pattern[i]))
                i += 1
            else:
                body = pattern[i + 1 : close].replace("\\", "\\\\")
                if body.startswith("!"):
                    body = "^" + body[1:]
                out.append(f"[{body}]")
                i = close + 1
        else:
            out.append(re.escape(pattern[i]))
            i += 1
    return "".join(out)


@lru_cache(maxsize=256)
def compile_globs(patterns: tuple[str, ...]) -> re.Pattern[str] | None:
    """One regex for a set of globs (None when empty), cached per pattern set.

    It matches from the start of the path: an anchored glob (``/x``) the whole path, any
    other glob the path's end after a ``/`` (or the whole path). The ``/`` is found by
    backtracking from the end, so the globs are tried at the path's component boundaries
    only, not at every character as a search for ``(?:^|/)glob$`` would (with ``**``
    that was tens of microseconds per path, paid for every file of a tree). Leading
    ``**/`` of an unanchored glob say nothing more (any boundary already starts one)."""
    floating, anchored = [], []
    for raw in patterns:
        pattern = raw.strip().replace("\\", "/")
        if not pattern:
            continue
        at_root = pattern.startswith("/")
        pattern = pattern.strip("/")
        if not pattern:
            continue
        if at_root:
            anchored.append(_translate(pattern))
            continue
        while pattern.startswith("**/"):
            pattern = pattern[3:]
        floating.append(_translate(pattern))
    parts = []
    if floating:
        parts.append(f"^(?:(?s:.*)/)?(?:{'|'.join(floating)})$")
    if anchored:
        parts.append(f"^(?:{'|'.join(anchored)})$")
    if not parts:
        return None
    try:
        return re.compile("|".join(parts))
    except re.error:
        return None


@lru_cache(maxsize=64)
def name_endings(patterns: tuple[str, ...]) -> tuple[str, ...]:
    """Endings one of which every name the globs match has: each glob's text after its
    last wildcard (``*``, ``?``, a ``[...]`` set), from its last ``/`` on. A match ends at
    the path's end (or before a newline there, as ``$`` does), so that literal text ends
    the path's last part: a name without any of these endings is ruled out without a
    search (most files of a tree, for the default prompt globs). A glob ending in a
    wildcard gives ``""``, which every name ends with."""
    endings = []
    for raw in patterns:
        pattern = raw.strip().replace("\\", "/").strip("/")
        if pattern:
            tail = max(pattern.rfind(c) for c in "*?]")  # a set ends at its "]"
            ending = pattern[tail + 1 :].rpartition("/")[2]
            endings += [ending, f"{ending}\n"]
    return tuple(endings)


def matches(path: str, patterns: Iterable[str]) -> bool:
    """Whether a path (``/``- or ``\\``-separated) matches any of the globs."""
    regex = compile_globs(tuple(patterns))
    if regex is None:
        return False
    return regex.search(path.replace("\\", "/")) is not None
