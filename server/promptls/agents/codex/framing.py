"""Codex CLI: AGENTS.md text wrapped as one user message, global before project.

Sourced from openai/codex (read 2026-12-01): ``codex-rs/core/src/agents_md.rs``
@ 0cf644af (``AGENTS_MD_SEPARATOR``, ``LoadedAgentsMd::legacy_text``: the user-level
text, then ``--- project-doc ---`` on the step to project files, ``\\n\\n`` between
project files, project text not trimmed; the byte budget cuts with no marker) and
``codex-rs/protocol/src/user_instructions.rs`` (``serialize_to_text``: ``# AGENTS.md
instructions for {cwd}``, a blank line, ``<INSTRUCTIONS>``…``</INSTRUCTIONS>``), with
``Config::load_instructions`` trimming the user-level file.
"""

from __future__ import annotations

from promptls.assembly.agents.model import AgentRendering, Framer, Framing, Piece, PieceKind
from promptls.discovery import ContextScope, Discovery
from promptls.tokens import O200K

ENCODING = O200K
"""Codex talks to OpenAI models, whose tokenizer is o200k_base."""

START_MARKER = "# AGENTS.md instructions for "
USER_ONLY_TITLE = "# AGENTS.md instructions"
OPEN_TAG = "<INSTRUCTIONS>"
CLOSE_TAG = "</INSTRUCTIONS>"
PROJECT_SEPARATOR = "\n\n--- project-doc ---\n\n"
SOURCE = (
    "openai/codex codex-rs/core/src/agents_md.rs @ 0cf644af (legacy_text, "
    "AGENTS_MD_SEPARATOR); codex-rs/protocol/src/user_instructions.rs "
    "(serialize_to_text); read 2026-12-01"
)


def render(found: Discovery) -> AgentRendering:
    """The ``# AGENTS.md instructions for`` user message codex sends at session start."""
    body: list[Piece] = []
    previous_project = False
    for file in found.files:
        is_project = file.scope is not ContextScope.USER
        text = file.content if is_project else file.content.strip()
        if not text.strip():
            continue
        if body:
            join = PROJECT_SEPARATOR if is_project and not previous_project else "\n\n"
            body.append(Piece(join, PieceKind.FRAMING, cached=True))
        body.append(Piece(text, PieceKind.FILE, file.path, cached=True))
        previous_project = is_project
    pieces: tuple[Piece, ...] = ()
    if body:
        # With the user's file alone codex names no folder (oracle scenario "codex: the
        # user file alone", Codex CLI 0.171.0).
        title = f"{START_MARKER}{found.root}" if previous_project else USER_ONLY_TITLE
        head = f"{title}\n\n{OPEN_TAG}\n"
        pieces = (
            Piece(head, PieceKind.FRAMING, cached=True),
            *body,
            Piece(f"\n{CLOSE_TAG}", PieceKind.FRAMING, cached=True),
        )
    return AgentRendering(
        profile=found.profile,
        title="Codex CLI",
        pieces=pieces,
        framing=Framing.SOURCED,
        placement="one user message (role user) after the developer instructions",
        source=SOURCE,
        notes=(
            "the byte budget (project_doc_max_bytes) cuts the last file with no marker; "
            "promptls shows the cut text as codex sends it",
        ),
        encoding=ENCODING,
        cache_note=(
            "sent unchanged on every turn, so it is part of the prefix OpenAI caches "
            "automatically (prompts of 1024 tokens or more)"
        ),
    )


FRAMER = Framer(render=render, encoding=ENCODING)
