"""Inlay hints: what a file costs and whether it is read, shown where it is written.

On line 1 of an instruction file, one hint per file: each active agent's verdict ("codex:
loaded 2 of 4 · 12.3 KiB of the 32 KiB budget", "codex: shadowed by AGENTS.override.md"),
the hover's first line without hovering. In a prompt file, after the first exact marker:
the tokens of the static (cached) and dynamic halves, the same measure as the marker's
hover and code lens. Clients without inlay hints get the instruction line as a code lens
(``symbols.py``); the prompt file's token lens exists for every client.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types

from promptls.analysis.model import DocumentKind
from promptls.lsp.workspace import load_line_of

if TYPE_CHECKING:
    from promptls.lsp.documents import Snapshot
    from promptls.lsp.server import PromptServer


def marker_hint(snapshot: Snapshot) -> list[types.InlayHint]:
    """The halves' token counts, right after the first exact marker."""
    markers = snapshot.analysis.exact_markers
    if not markers:
        return []
    first = markers[0]
    return [
        types.InlayHint(
            position=snapshot.index.span_to_range(first.end, first.end).end,
            label=snapshot.wire(first.marker).halves,
            padding_left=True,
        )
    ]


def instruction_hint(server: PromptServer, snapshot: Snapshot) -> list[types.InlayHint]:
    """Each agent's verdict at the end of line 1 (the line the hover explains)."""
    path = snapshot.analysis.path
    line = None if path is None else load_line_of(server, path)
    if not line:
        return []
    text = snapshot.text
    breaks = [i for i in (text.find("\n"), text.find("\r")) if i >= 0]
    end = min(breaks) if breaks else len(text)
    position = snapshot.index.span_to_range(end, end).end
    return [types.InlayHint(position=position, label=line, padding_left=True)]


def _inside(position: types.Position, rng: types.Range) -> bool:
    """Whether the hint falls in the requested range (ends inclusive)."""
    start, end = rng.start, rng.end
    after_start = (position.line, position.character) >= (start.line, start.character)
    return after_start and (position.line, position.character) <= (end.line, end.character)


def register(server: PromptServer) -> None:
    """Wire ``textDocument/inlayHint``."""

    @server.feature(types.TEXT_DOCUMENT_INLAY_HINT, types.InlayHintOptions(resolve_provider=False))
    async def inlay_hint(params: types.InlayHintParams) -> list[types.InlayHint] | None:
        """The instruction file's line-1 verdict or the prompt file's halves."""
        snapshot = await server.snapshot(params.text_document.uri)
        if snapshot is None:
            return None
        if snapshot.analysis.kind is DocumentKind.INSTRUCTION:
            hints = instruction_hint(server, snapshot)
        else:
            hints = marker_hint(snapshot)
        return [h for h in hints if _inside(h.position, params.range)]
