"""GitHub Copilot CLI: each instruction file in a ``<custom_instruction>`` element of the
system message.

Observed, not documented: the oracle ran Copilot CLI 1.0.102 (pins.json) against the
recording mock (``tests/oracle/test_restated.py``). Each file's text as read (not
trimmed) goes between ``<custom_instruction>`` and a newline plus
``</custom_instruction>``, elements joined by a blank line, near the end of the system
message.
"""

from __future__ import annotations

from promptls.assembly.agents.model import AgentRendering, Framer, Framing, Piece, PieceKind
from promptls.discovery import Discovery

SOURCE = (
    "observed: GitHub Copilot CLI 1.0.102 (2026-10-21) against the promptls oracle's "
    "recording mock, tests/oracle/test_restated.py"
)
OPEN = "<custom_instruction>\n"
CLOSE = "\n</custom_instruction>"


def render(found: Discovery) -> AgentRendering:
    """The ``<custom_instruction>`` elements Copilot CLI puts in its system message."""
    pieces: list[Piece] = []
    for file in found.files:
        # blank and empty files are sent too (oracle scenario "copilot: no .claude/CLAUDE.md,
        # and a whitespace-only file is sent", 1.0.102)
        if pieces:
            pieces.append(Piece("\n\n", PieceKind.FRAMING))
        pieces.append(Piece(OPEN, PieceKind.FRAMING))
        pieces.append(Piece(file.content, PieceKind.FILE, file.path))
        pieces.append(Piece(CLOSE, PieceKind.FRAMING))
    return AgentRendering(
        profile=found.profile,
        title="GitHub Copilot",
        pieces=tuple(pieces),
        framing=Framing.SOURCED,
        placement="the system message, after the tool instructions",
        source=SOURCE,
        notes=(
            "observed with Copilot CLI; the VS Code extension and GitHub.com may frame "
            "the same files differently",
        ),
        cache_note="not documented",
    )


FRAMER = Framer(render=render)
