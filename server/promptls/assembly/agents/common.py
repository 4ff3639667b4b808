"""What the per-agent renderers share: which loaded file imports which, and the
content-only rendering for agents whose framing is not public.

Discovery lists imported files as files of their own (status ``imported``); the agents
differ in where the imported text lands, so each renderer asks here who imported what.
"""

from __future__ import annotations

from promptls.assembly.agents.model import AgentRendering, Framing, Piece, PieceKind
from promptls.discovery import Discovery, EntryStatus

CONTENT_ONLY_NOTE = (
    "framing not documented: the files' content is shown in the order the agent loads "
    "them, separated here by one blank line; the agent's own headers and separators are "
    "not public, so the wire text and its token counts leave them out"
)


def importers(found: Discovery) -> dict[str, str]:
    """Imported file path → the file whose ``@path`` brought it in."""
    return {
        e.path: e.imported_from
        for e in found.entries
        if e.status is EntryStatus.IMPORTED and e.imported_from is not None
    }


def content_only(
    found: Discovery,
    *,
    title: str,
    placement: str,
    source: str,
    notes: tuple[str, ...] = (),
    cache_note: str = "",
    cached: bool = False,
) -> AgentRendering:
    """Each loaded file's content as discovery read it, one blank line between files.

    The blank line is promptls' own and is labelled as a framing piece, so positions
    and per-file counts stay exact for the content even though the join is not.
    """
    pieces: list[Piece] = []
    for file in found.files:
        if not file.content.strip():
            continue
        if pieces:
            pieces.append(Piece("\n\n", PieceKind.FRAMING, cached=cached))
        pieces.append(Piece(file.content, PieceKind.FILE, file.path, cached=cached))
    return AgentRendering(
        profile=found.profile,
        title=title,
        pieces=tuple(pieces),
        framing=Framing.NOT_DOCUMENTED,
        placement=placement,
        source=source,
        notes=(CONTENT_ONLY_NOTE, *notes),
        cache_note=cache_note,
    )
