"""The Or reference agent (``or``, Zidane): the cache-aware prompt promptls assembles.

Unlike the other agents, the Or framing is promptls' own (``assembly/render.py``), so
the rendering is exact by construction: the static doctrine (sent with
``cache_control``), the blank line that replaces the boundary marker on the wire, then
the dynamic context. Each instruction file is located inside the dynamic half by its
``<instructions path="…">`` block, which file content cannot forge.
"""

from __future__ import annotations

import os

from promptls.assembly.agents.model import AgentRendering, Framer, Framing, Piece, PieceKind
from promptls.assembly.assemble import AssembledPrompt
from promptls.assembly.render import escape_attribute

_CLOSE = "\n</instructions>"


def render(prompt: AssembledPrompt) -> AgentRendering:
    """The wire text of ``prompt`` split into static, framing, files and dynamic pieces."""
    wire = prompt.wire
    static, dynamic = prompt.static, prompt.dynamic
    pieces: list[Piece] = []
    if static and wire.startswith(static) and wire.endswith(dynamic):
        pieces.append(Piece(static, PieceKind.STATIC, cached=True))
        middle = wire[len(static) : len(wire) - len(dynamic)]
        if middle:
            pieces.append(Piece(middle, PieceKind.FRAMING))
        pieces.extend(_dynamic_pieces(dynamic, prompt))
    else:
        pieces.extend(_dynamic_pieces(wire, prompt))
    return AgentRendering(
        profile=prompt.discovery.profile,
        title="Or reference agent",
        pieces=tuple(pieces),
        framing=Framing.SOURCED,
        placement="system prompt: static block (cache_control), then the dynamic block",
        source="promptls assembly (assemble_prompt, render_base_context): the reference framing",
        cache_note="the static block carries cache_control: ephemeral; the dynamic block does not",
    )


def _dynamic_pieces(text: str, prompt: AssembledPrompt) -> list[Piece]:
    """``text`` cut into dynamic runs and one piece per instruction-file body."""
    pieces: list[Piece] = []
    cursor = 0
    for file in prompt.discovery.files:
        opening = f'<instructions path="{escape_attribute(os.fspath(file.path))}"'
        start = text.find(opening, cursor)
        if start < 0:
            continue
        body_start = text.find(">\n", start)
        body_end = text.find(_CLOSE, body_start)
        if body_start < 0 or body_end < 0:
            continue
        body_start += 2
        if body_start > cursor:
            pieces.append(Piece(text[cursor:body_start], PieceKind.DYNAMIC))
        pieces.append(Piece(text[body_start:body_end], PieceKind.FILE, file.path))
        cursor = body_end
    if cursor < len(text):
        pieces.append(Piece(text[cursor:], PieceKind.DYNAMIC))
    return pieces


FRAMER = Framer(render_prompt=render)
