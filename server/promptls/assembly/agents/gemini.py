"""Gemini CLI: per-file ``Context from`` blocks in tagged groups, appended to the
system instruction.

Sourced from google-gemini/gemini-cli @ 5411f113 (2026-08-21, read 2026-12-01):
``packages/core/src/utils/memoryDiscovery.ts`` ``concatenateInstructions`` (content
trimmed, ``--- Context from: PATH ---`` / ``--- End of Context from: PATH ---``, blocks
joined by a blank line) and ``packages/core/src/prompts/snippets.ts``
``renderUserMemory`` (``<global_context>``, ``<extension_context>``,
``<project_context>`` groups joined by a newline inside ``<loaded_context>``, after a
``---`` rule). Imports are inlined by ``memoryImportProcessor.ts`` between
``<!-- Imported from: X -->`` and ``<!-- End of import from: X -->``.
"""

from __future__ import annotations

from promptls.assembly.agents.common import importers
from promptls.assembly.agents.model import AgentRendering, Framing, Piece, PieceKind
from promptls.discovery import ContextFile, ContextScope, Discovery

SOURCE = (
    "google-gemini/gemini-cli @ 5411f113 (2026-08-21): packages/core/src/utils/"
    "memoryDiscovery.ts concatenateInstructions; packages/core/src/prompts/snippets.ts "
    "renderUserMemory; read 2026-12-01"
)
PREFIX = "\n---\n\n<loaded_context>\n"
SUFFIX = "\n</loaded_context>"
IMPORT_NOTE = (
    "imports approximated: gemini inlines each imported file at its @path between "
    "<!-- Imported from: PATH --> and <!-- End of import from: PATH -->; promptls shows "
    "the imported file in its own block after the file that imports it"
)


def _block(file: ContextFile) -> list[Piece]:
    """One ``Context from`` block: header, trimmed content, footer."""
    return [
        Piece(f"--- Context from: {file.path} ---\n", PieceKind.FRAMING, cached=True),
        Piece(file.content.strip(), PieceKind.FILE, file.path, cached=True),
        Piece(f"\n--- End of Context from: {file.path} ---", PieceKind.FRAMING, cached=True),
    ]


def render(found: Discovery) -> AgentRendering:
    """The ``<loaded_context>`` section gemini appends to its system instruction."""
    groups: dict[str, list[ContextFile]] = {"global": [], "project": []}
    for file in found.files:
        if file.content.strip():
            key = "global" if file.scope is ContextScope.USER else "project"
            groups[key].append(file)
    sections: list[list[Piece]] = []
    for name, files in groups.items():
        if not files:
            continue
        section = [Piece(f"<{name}_context>\n", PieceKind.FRAMING, cached=True)]
        for index, file in enumerate(files):
            if index:
                section.append(Piece("\n\n", PieceKind.FRAMING, cached=True))
            section.extend(_block(file))
        section.append(Piece(f"\n</{name}_context>", PieceKind.FRAMING, cached=True))
        sections.append(section)
    pieces: list[Piece] = []
    if sections:
        pieces.append(Piece(PREFIX, PieceKind.FRAMING, cached=True))
        for index, section in enumerate(sections):
            if index:
                pieces.append(Piece("\n", PieceKind.FRAMING, cached=True))
            pieces.extend(section)
        pieces.append(Piece(SUFFIX, PieceKind.FRAMING, cached=True))
    notes = [
        "appended to the end of the system instruction; files gemini loads later "
        "(when it reads a file in a folder) come as tool output, not here",
    ]
    if importers(found):
        notes.append(IMPORT_NOTE)
    return AgentRendering(
        profile=found.profile,
        title="Gemini CLI",
        pieces=tuple(pieces),
        framing=Framing.SOURCED,
        placement="end of the system instruction",
        source=SOURCE,
        notes=tuple(notes),
        cache_note=(
            "part of the system instruction, sent unchanged every turn: in the prefix "
            "Gemini's implicit caching reuses"
        ),
    )
