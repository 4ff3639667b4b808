"""Crush: the project files in a ``<project_context>`` section of the system prompt, each
as a ``<file path="PATH">`` element, then the global files in a ``<user_preferences>``
section.

Sourced from charmbracelet/crush ``internal/agent/templates/coder.md.tpl`` (the end of
the coder agent's system prompt template) and ``internal/agent/prompt/prompt.go``
(``ContextFile``: the path as joined to the working folder, the content as read),
read 2026-12-06 at 37f36e93. Not observed: Crush's npm package cannot be installed
here (docs/profiles.md). The two sections' headings are Crush's; the order of the files
inside a section changes from run to run (a Go map), promptls shows the sorted one.
"""

from __future__ import annotations

from promptls.assembly.agents.model import AgentRendering, Framer, Framing, Piece, PieceKind
from promptls.discovery import Discovery
from promptls.discovery.model import ContextFile, ContextScope

SOURCE = (
    "charmbracelet/crush internal/agent/templates/coder.md.tpl and "
    "internal/agent/prompt/prompt.go @ 37f36e93, read 2026-12-06"
)
PROJECT_OPEN = (
    "# Project-Specific Context\n"
    "Make sure to follow the instructions in the context below.\n"
    "<project_context>\n"
)
PROJECT_CLOSE = "\n</project_context>\n"
USER_OPEN = (
    "# User context\n"
    "The following is personal content added by the user that they'd like you to follow "
    "no matter what project you're working in.\n"
    "<user_preferences>\n"
)
USER_CLOSE = "\n</user_preferences>\n"
BETWEEN = "\n\n\n"
"""The template's newlines between the two sections."""


def _section(files: list[ContextFile], opening: str, closing: str) -> list[Piece]:
    pieces = [Piece(opening, PieceKind.FRAMING, cached=True)]
    for file in files:
        pieces.append(Piece(f'\n<file path="{file.path}">\n', PieceKind.FRAMING, cached=True))
        pieces.append(Piece(file.content, PieceKind.FILE, file.path, cached=True))
        pieces.append(Piece("\n</file>\n", PieceKind.FRAMING, cached=True))
    pieces.append(Piece(closing, PieceKind.FRAMING, cached=True))
    return pieces


def render(found: Discovery) -> AgentRendering:
    """The two context sections of Crush's system prompt."""
    project = [f for f in found.files if f.scope is not ContextScope.USER]
    user = [f for f in found.files if f.scope is ContextScope.USER]
    pieces: list[Piece] = []
    if project:
        pieces += _section(project, PROJECT_OPEN, PROJECT_CLOSE)
    if user:
        if pieces:
            pieces.append(Piece(BETWEEN, PieceKind.FRAMING, cached=True))
        pieces += _section(user, USER_OPEN, USER_CLOSE)
    return AgentRendering(
        profile=found.profile,
        title="Crush",
        pieces=tuple(pieces),
        framing=Framing.SOURCED,
        placement="system prompt, at the end of the coder agent's template",
        source=SOURCE,
        notes=(
            "Crush sends the files of each section in an order that changes from run to "
            "run; promptls shows the sorted one",
        ),
        cache_note=(
            "part of the system prompt, rebuilt each turn with the git status above it; "
            "unchanged while the files are"
        ),
    )


FRAMER = Framer(render=render)
