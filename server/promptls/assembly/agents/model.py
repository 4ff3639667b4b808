"""What one agent puts on the wire for its instruction context, as measured pieces.

A rendering is a list of pieces whose texts, joined, are the wire text: framing the
agent adds (headers, tags, separators) and the files' content, each piece keeping the
file it came from. Positions (UTF-8 byte offsets into the wire text), sizes and token
counts are computed from the pieces, so the CLI, the JSON and the editors all read one
measurement. Kept apart from the per-agent modules so they only say *what* each agent
sends, and this module alone says how it is measured.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import TYPE_CHECKING

from promptls.record import Record
from promptls.tokens import TokenCount, count_tokens

if TYPE_CHECKING:
    from promptls.assembly.assemble import AssembledPrompt
    from promptls.discovery import Discovery


class PieceKind(StrEnum):
    """What a piece of the wire text is."""

    FRAMING = "framing"
    """Text the agent adds around or between files (sourced, see docs/profiles.md)."""
    FILE = "file"
    """One instruction file's content, as the agent sends it."""
    STATIC = "static"
    """The Or reference agent's static doctrine (the cached block)."""
    DYNAMIC = "dynamic"
    """The Or reference agent's dynamic context (after the boundary)."""


class Framing(StrEnum):
    """Whether the framing strings come from the agent's code or docs."""

    SOURCED = "sourced"
    NOT_DOCUMENTED = "not documented"


class Piece(Record):
    """A run of wire text; ``path`` is the file it shows (None for framing)."""

    text: str
    kind: PieceKind
    path: str | None = None
    cached: bool = False


class AgentRendering(Record):
    """One agent's instruction context as sent: pieces in wire order and what is known.

    ``placement`` says where on the request it goes (system prompt, a user message);
    ``source`` names the upstream code or page the framing follows; ``notes`` are what a
    user must know to read it (approximations, what is not modelled). ``encoding`` is
    the tokenizer the agent's default models use (None: estimate only).
    """

    profile: str
    title: str
    pieces: tuple[Piece, ...]
    framing: Framing
    placement: str
    source: str
    notes: tuple[str, ...] = ()
    encoding: str | None = None
    cache_note: str = ""

    @property
    def wire(self) -> str:
        """The instruction context exactly as this rendering puts it on the wire."""
        return "".join(p.text for p in self.pieces)


class Framer(Record):
    """How one agent frames its instruction files: ``FRAMER`` in its home's ``framing.py``.

    ``render`` puts a discovery on the wire as the agent does; ``render_prompt`` is for
    the agent whose wire text is the prompt promptls assembles itself (the reference
    agent), so it needs the whole assembled prompt, not only what was discovered. A home
    fills one of the two. ``encoding`` is the tokenizer of the agent's default models
    (None: token counts are estimates).
    """

    render: Callable[[Discovery], AgentRendering] | None = None
    render_prompt: Callable[[AssembledPrompt], AgentRendering] | None = None
    encoding: str | None = None


class PlacedPiece(Record):
    """A piece with its byte offset in the wire text, its size and its tokens."""

    piece: Piece
    position: int
    bytes: int
    tokens: TokenCount


class FileSpan(Record):
    """Where one file's content sits in the wire text (summed over its pieces)."""

    path: str
    position: int
    bytes: int
    tokens: TokenCount
    cached: bool


class Measured(Record):
    """A rendering with every piece placed, per-file spans and the whole wire's size."""

    rendering: AgentRendering
    pieces: tuple[PlacedPiece, ...]
    files: tuple[FileSpan, ...]
    bytes: int
    tokens: TokenCount


def utf8_len(text: str) -> int:
    """UTF-8 size as sent (lone surrogates from lenient decoding count as 3 bytes)."""
    return len(text.encode("utf-8", "surrogatepass"))


def measure(rendering: AgentRendering) -> Measured:
    """Place, size and count every piece; a file's span runs from its first piece."""
    placed: list[PlacedPiece] = []
    spans: dict[str, FileSpan] = {}
    offset = 0
    for piece in rendering.pieces:
        size = utf8_len(piece.text)
        tokens = count_tokens(piece.text, rendering.encoding)
        placed.append(PlacedPiece(piece, offset, size, tokens))
        if piece.path is not None and piece.kind is PieceKind.FILE:
            old = spans.get(piece.path)
            if old is None:
                spans[piece.path] = FileSpan(piece.path, offset, size, tokens, piece.cached)
            else:
                total = TokenCount(
                    old.tokens.count + tokens.count, old.tokens.exact, old.tokens.method
                )
                spans[piece.path] = FileSpan(
                    old.path, old.position, old.bytes + size, total, old.cached and piece.cached
                )
        offset += size
    wire = rendering.wire
    return Measured(
        rendering=rendering,
        pieces=tuple(placed),
        files=tuple(spans.values()),
        bytes=offset,
        tokens=count_tokens(wire, rendering.encoding),
    )
