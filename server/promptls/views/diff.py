"""The first difference between two renderings, for people and for programs.

One text form (the CLI and the editors' previews print it as is) and one JSON shape
(``promptls preview --diff --format json`` and ``promptls.previewDiff`` return it), so
the terminal and the editors say the same thing about a cache hit.
"""

from __future__ import annotations

from typing import Any

from promptls.assembly.diff import Difference, Side
from promptls.text.escape import safe_line

Json = dict[str, Any]


def _side_json(side: Side) -> Json:
    """One rendering at the difference."""
    return {
        "kind": None if side.kind is None else str(side.kind),
        "path": side.path,
        "cachedPrefix": side.cached,
        "cachedPrefixBytes": side.cached_prefix_bytes,
        "excerpt": side.excerpt,
    }


def difference_json(profile: str, old: str, new: str, diff: Difference | None) -> Json:
    """``difference`` is null when the wire texts are identical (the cache hits)."""
    body: Json | None = None
    if diff is not None:
        body = {
            "offset": diff.offset,
            "byte": diff.byte,
            "line": diff.line,
            "column": diff.column,
            "inCachedPrefix": diff.in_cached_prefix,
            "changedFiles": list(diff.changed_files),
            "old": _side_json(diff.old),
            "new": _side_json(diff.new),
        }
    return {
        "profile": profile,
        "old": old,
        "new": new,
        "difference": body,
        "text": difference_text(profile, old, new, diff),
    }


def _where(side: Side) -> str:
    """``file PATH``, ``framing before PATH`` or ``the end of the text``."""
    if side.kind is None:
        return "the end of the text"
    kind = str(side.kind)
    if side.path is None:
        return kind
    if kind == "file":
        return f"file {safe_line(side.path)}"
    return f"{kind} before {safe_line(side.path)}"


def difference_text(profile: str, old: str, new: str, diff: Difference | None) -> str:
    """Where ``new`` first departs from ``old`` and whether the cached prefix survives."""
    head = f"{profile}: {safe_line(old)} -> {safe_line(new)}"
    if diff is None:
        return f"{head}\nidentical wire text: the whole prefix is reused (cache hit)."
    lines = [
        head,
        f"first difference at byte {diff.byte} (line {diff.line + 1}, "
        f"column {diff.column + 1}) of the wire text",
    ]
    cached = max(diff.old.cached_prefix_bytes, diff.new.cached_prefix_bytes)
    if diff.in_cached_prefix:
        lines.append(
            f"inside the cached prefix ({cached} bytes): the cache misses from byte "
            f"{diff.byte} on, for this and every later turn"
        )
    elif cached:
        lines.append(f"after the cached prefix ({cached} bytes): the cached prefix is reused")
    else:
        lines.append("this agent marks no cached prefix")
    lines.append(f"  old: {_where(diff.old)}: {safe_line(repr(diff.old.excerpt))}")
    lines.append(f"  new: {_where(diff.new)}: {safe_line(repr(diff.new.excerpt))}")
    if diff.changed_files:
        lines.append("changed files:")
        lines.extend(f"  {safe_line(path)}" for path in diff.changed_files)
    else:
        lines.append("no file's content changed: the framing or the environment did")
    return "\n".join(lines)
