"""opencode: each instruction file as ``Instructions from: PATH`` plus its content,
joined with the other system parts by a newline.

Sourced from anomalyco/opencode (read 2026-12-01): ``packages/opencode/src/session/
instruction.ts`` ``system()`` (``"Instructions from: " + p + "\\n" + content``, empty
files dropped) and ``packages/opencode/src/session/llm.ts`` @ 00badcb8 (the system
parts ``.join("\\n")`` into one system message).
"""

from __future__ import annotations

from promptls.assembly.agents.model import AgentRendering, Framer, Framing, Piece, PieceKind
from promptls.discovery import Discovery

SOURCE = (
    "anomalyco/opencode packages/opencode/src/session/instruction.ts system(); "
    "packages/opencode/src/session/llm.ts @ 00badcb8 (join('\\n')); read 2026-12-01"
)


def render(found: Discovery) -> AgentRendering:
    """The instruction parts of opencode's system message, in discovery order."""
    return render_parts(found, "opencode", SOURCE)


def render_parts(found: Discovery, title: str, source: str) -> AgentRendering:
    """One ``Instructions from: PATH`` part per file, joined by a newline: opencode's
    framing, kept by its forks (Kilo Code), which call this with their own title and
    source."""
    pieces: list[Piece] = []
    for file in found.files:
        if not file.content:
            continue
        if pieces:
            pieces.append(Piece("\n", PieceKind.FRAMING, cached=True))
        pieces.append(Piece(f"Instructions from: {file.path}\n", PieceKind.FRAMING, cached=True))
        pieces.append(Piece(file.content, PieceKind.FILE, file.path, cached=True))
    return AgentRendering(
        profile=found.profile,
        title=title,
        pieces=tuple(pieces),
        framing=Framing.SOURCED,
        placement="system message, after the provider or agent prompt and the environment",
        source=source,
        notes=(f"instructions given as URLs are fetched by {title}; promptls does not",),
        cache_note=(
            f"part of the system message, unchanged every turn: {title} marks its system "
            "parts for caching where the provider supports it"
        ),
    )


FRAMER = Framer(render=render)
