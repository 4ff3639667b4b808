"""Where two renderings of the same agent's context first differ: what decides a cache hit.

Prompt caches (Anthropic's ``cache_control``, OpenAI's and Gemini's implicit caching)
reuse a request's longest unchanged *prefix*. So what a user needs to know about an edit
is not the whole diff but the first byte at which the new wire text departs from the old
one, whether that byte lies inside the cached prefix, and which file or framing it is
in. :func:`first_difference` answers that for two :class:`AgentRendering` values; the
CLI (``promptls preview --diff``) and the server (``promptls.previewDiff``) both call
it, so they cannot disagree. Lines and columns come from the one position mapper.
"""

from __future__ import annotations

from typing import Any

from promptls.assembly.agents.model import (
    AgentRendering,
    Framing,
    Piece,
    PieceKind,
    utf8_len,
)
from promptls.record import Record, replace
from promptls.text.mapper import Mapper

__all__ = [
    "Difference",
    "Side",
    "cached_prefix",
    "first_difference",
    "relocate",
    "rendering_from_json",
]

_EXCERPT = 40
"""Code points shown on each side of the difference."""


class Side(Record):
    """One rendering at the first differing byte.

    ``kind`` is the piece's kind (``None`` past the end of the wire text); ``path`` is
    the file whose content holds the byte, or, for framing, the file that framing opens
    (the next file on the wire; ``None`` after the last one). ``excerpt`` is the text
    from the difference on (up to a line), for a human to read.
    """

    kind: PieceKind | None
    path: str | None
    cached: bool
    cached_prefix_bytes: int
    excerpt: str


class Difference(Record):
    """The first place the new rendering's wire text departs from the old one's.

    ``offset`` counts code points, ``byte`` UTF-8 bytes (what the caches compare), and
    ``line``/``column`` (0-based, code-point columns) place it in the wire text; the
    text before it is identical in both. ``in_cached_prefix`` is true when the byte lies
    inside either side's cached prefix: a request with the new text then misses the
    cache from that byte on. ``changed_files`` are the files whose content was added,
    removed or edited, in the new rendering's order, removed ones last.
    """

    offset: int
    byte: int
    line: int
    column: int
    old: Side
    new: Side
    in_cached_prefix: bool
    changed_files: tuple[str, ...]


def cached_prefix(rendering: AgentRendering) -> int:
    """Bytes of the leading run of cached pieces: what a provider can reuse."""
    total = 0
    for piece in rendering.pieces:
        if not piece.cached:
            break
        total += utf8_len(piece.text)
    return total


def first_difference(old: AgentRendering, new: AgentRendering) -> Difference | None:
    """Where ``new``'s wire text first departs from ``old``'s; None when they are equal."""
    a, b = old.wire, new.wire
    if a == b:
        return None
    offset = _common_prefix(a, b)
    line, column = Mapper(b, "utf-32").offset_to_position(offset)
    byte = utf8_len(b[:offset])
    old_side = _side(old, a, offset)
    new_side = _side(new, b, offset)
    in_cached = byte < max(old_side.cached_prefix_bytes, new_side.cached_prefix_bytes)
    return Difference(
        offset=offset,
        byte=byte,
        line=line,
        column=column,
        old=old_side,
        new=new_side,
        in_cached_prefix=in_cached,
        changed_files=_changed_files(old, new),
    )


def _common_prefix(a: str, b: str) -> int:
    """Length of the longest common prefix, by halving (C-speed slice compares)."""
    low, high = 0, min(len(a), len(b))
    while low < high:
        middle = (low + high + 1) // 2
        if a[low:middle] == b[low:middle]:
            low = middle
        else:
            high = middle - 1
    return low


def _side(rendering: AgentRendering, wire: str, offset: int) -> Side:
    """The piece of ``rendering`` holding code point ``offset`` of its wire text."""
    excerpt = wire[offset : offset + _EXCERPT].split("\n", 1)[0]
    prefix = cached_prefix(rendering)
    start = 0
    pieces = rendering.pieces
    for index, piece in enumerate(pieces):
        end = start + len(piece.text)
        if start <= offset < end:
            path = piece.path if piece.kind is PieceKind.FILE else _next_file(pieces[index:])
            return Side(piece.kind, path, piece.cached, prefix, excerpt)
        start = end
    return Side(None, None, False, prefix, excerpt)


def _next_file(pieces: tuple[Piece, ...]) -> str | None:
    """The file the framing at ``pieces[0]`` leads into."""
    return next((p.path for p in pieces if p.kind is PieceKind.FILE), None)


def _file_texts(rendering: AgentRendering) -> dict[str, str]:
    """Each file's content as this rendering sends it (pieces of one file joined)."""
    texts: dict[str, str] = {}
    for piece in rendering.pieces:
        if piece.kind is PieceKind.FILE and piece.path is not None:
            texts[piece.path] = texts.get(piece.path, "") + piece.text
    return texts


def _changed_files(old: AgentRendering, new: AgentRendering) -> tuple[str, ...]:
    """Files added or edited (new order), then files removed (old order)."""
    before, after = _file_texts(old), _file_texts(new)
    changed = [path for path, text in after.items() if before.get(path) != text]
    removed = [path for path in before if path not in after]
    return tuple(changed + removed)


def relocate(rendering: AgentRendering, old_root: str, new_root: str) -> AgentRendering:
    """``rendering`` of a copy of a folder (a revision's tree, a snapshot) as if it had been
    rendered in place: every ``old_root`` in piece texts and paths becomes ``new_root``,
    so the two renderings differ only where the content does. The copy's root is a fresh
    temporary or user-given folder, so it does not occur in file content by chance.
    """
    if old_root == new_root:
        return rendering
    pieces = tuple(
        replace(
            piece,
            text=piece.text.replace(old_root, new_root),
            path=None if piece.path is None else piece.path.replace(old_root, new_root, 1),
        )
        for piece in rendering.pieces
    )
    return replace(rendering, pieces=pieces)


def rendering_from_json(data: Any) -> AgentRendering | None:
    """The rendering inside a saved ``promptls preview --format json`` (one profile):
    its ``wire`` text cut at its blocks' byte positions. None when ``data`` is not one.
    """
    shape = data.get("rendering") if isinstance(data, dict) else None
    if not isinstance(shape, dict):
        return None
    wire, blocks = shape.get("wire"), shape.get("blocks")
    if not isinstance(wire, str) or not isinstance(blocks, list):
        return None
    raw = wire.encode("utf-8", "surrogatepass")
    pieces: list[Piece] = []
    try:
        for block in blocks:
            start, size = int(block["position"]), int(block["bytes"])
            text = raw[start : start + size].decode("utf-8", "surrogatepass")
            path = block.get("path")
            pieces.append(
                Piece(
                    text,
                    PieceKind(block["kind"]),
                    path if isinstance(path, str) else None,
                    bool(block.get("cachedPrefix")),
                )
            )
    except (KeyError, TypeError, ValueError, UnicodeDecodeError):
        return None
    if "".join(p.text for p in pieces) != wire:
        return None
    profile = shape.get("profile")
    return AgentRendering(
        profile=profile if isinstance(profile, str) else "",
        title=str(shape.get("title", "")),
        pieces=tuple(pieces),
        framing=Framing.NOT_DOCUMENTED
        if shape.get("framing") == Framing.NOT_DOCUMENTED
        else Framing.SOURCED,
        placement=str(shape.get("placement", "")),
        source=str(shape.get("source", "")),
    )
