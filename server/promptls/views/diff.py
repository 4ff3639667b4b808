"""The first difference between two renderings, for people and for programs.

One text form (the CLI and the editors' previews print it as is) and one JSON shape
(``promptls preview --diff --format json`` and ``promptls.previewDiff`` return it), so
the terminal and the editors say the same thing about a cache hit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from promptls.assembly.diff import Difference, Side
from promptls.text.escape import safe_line
from promptls.views.text import show_path

if TYPE_CHECKING:
    from promptls.apidesc import records_preview as recp


def _side_json(side: Side) -> recp.DiffSide:
    """One rendering at the difference."""
    return {
        "kind": None if side.kind is None else str(side.kind),
        "path": side.path,
        "cachedPrefix": side.cached,
        "cachedPrefixBytes": side.cached_prefix_bytes,
        "excerpt": side.excerpt,
    }


def difference_json(
    profile: str,
    old: str,
    new: str,
    diff: Difference | None,
    *,
    texts: tuple[str, str] | None = None,
    base: str | None = None,
    home: str | None = None,
) -> recp.PreviewDiff:
    """``difference`` is null when the wire texts are identical (the cache hits).

    ``texts`` (the old and the new wire text) adds ``oldWire`` and ``newWire``, for an
    editor's side-by-side diff; ``base`` and ``home`` shorten the paths people read
    (``summary``, ``text``) as ``promptls context`` does; the data keeps them absolute."""
    body: recp.Difference | None = None
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
    out: recp.PreviewDiff = {
        "profile": profile,
        "old": old,
        "new": new,
        "difference": body,
        "summary": difference_summary(profile, diff, base=base, home=home),
        "text": difference_text(profile, old, new, diff, base=base, home=home),
    }
    if texts is not None:
        out["oldWire"], out["newWire"] = texts
    return out


def _where(side: Side, base: str | None, home: str | None) -> str:
    """``file PATH``, ``framing before PATH`` or ``the end of the text``."""
    if side.kind is None:
        return "the end of the text"
    kind = str(side.kind)
    if side.path is None:
        return kind
    if kind == "file":
        return f"file {show_path(side.path, home, base)}"
    return f"{kind} before {show_path(side.path, home, base)}"


def _verdict(diff: Difference) -> str:
    """Whether the cached prefix survives the difference, in one clause."""
    cached = max(diff.old.cached_prefix_bytes, diff.new.cached_prefix_bytes)
    if diff.in_cached_prefix:
        return (
            f"inside the cached prefix ({cached} bytes): the cache misses from byte "
            f"{diff.byte} on, for this and every later turn"
        )
    if cached:
        return f"after the cached prefix ({cached} bytes): the cached prefix is reused"
    return "this agent marks no cached prefix"


def difference_summary(
    profile: str, diff: Difference | None, *, base: str | None = None, home: str | None = None
) -> str:
    """One line for the top of a side-by-side view: the agent, the byte, the verdict."""
    if diff is None:
        return f"{profile}: identical wire text: the whole prefix is reused (cache hit)"
    cached = max(diff.old.cached_prefix_bytes, diff.new.cached_prefix_bytes)
    if diff.in_cached_prefix:
        verdict = f"breaks the cached prefix ({cached} bytes): the cache misses from here on"
    elif cached:
        verdict = f"after the cached prefix ({cached} bytes): the cache still hits"
    else:
        verdict = "this agent marks no cached prefix"
    return (
        f"{profile}: first difference at byte {diff.byte} (line {diff.line + 1}), "
        f"{_where(diff.new, base, home)}: {verdict}"
    )


def difference_text(
    profile: str,
    old: str,
    new: str,
    diff: Difference | None,
    *,
    base: str | None = None,
    home: str | None = None,
) -> str:
    """Where ``new`` first departs from ``old`` and whether the cached prefix survives."""
    head = f"{profile}: {safe_line(old)} -> {show_path(new, home, base)}"
    if diff is None:
        return f"{head}\nidentical wire text: the whole prefix is reused (cache hit)."
    lines = [
        head,
        f"first difference at byte {diff.byte} (line {diff.line + 1}, "
        f"column {diff.column + 1}) of the wire text",
        _verdict(diff),
        f"  old: {_where(diff.old, base, home)}: {safe_line(repr(diff.old.excerpt))}",
        f"  new: {_where(diff.new, base, home)}: {safe_line(repr(diff.new.excerpt))}",
    ]
    if diff.changed_files:
        lines.append("changed files:")
        lines.extend(f"  {show_path(path, home, base)}" for path in diff.changed_files)
    else:
        lines.append("no file's content changed: the framing or the environment did")
    return "\n".join(lines)
