"""Document symbols (static half, each marker, dynamic half) and the code lens on the
first marker that shows the token estimate of each half; for clients without inlay
hints, also a lens on line 1 of an instruction file with each agent's verdict (the
line ``inlay.py`` shows as a hint)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types

from promptls.analysis.model import DocumentKind
from promptls.lsp.command_ids import RENDER_WIRE, SHOW_CONTEXT_FILES
from promptls.lsp.documents import Snapshot
from promptls.lsp.workspace import load_line_of

if TYPE_CHECKING:
    from promptls.lsp.server import PromptServer


def document_symbols(snapshot: Snapshot) -> list[types.DocumentSymbol]:
    """The prompt's structure; empty for a document without an exact marker."""
    markers = snapshot.analysis.exact_markers
    if not markers:
        return []
    index = snapshot.index
    text = snapshot.text
    first = markers[0]
    parts = snapshot.wire(first.marker)
    out = []
    static_rng = index.span_to_range(0, first.start)
    out.append(
        types.DocumentSymbol(
            name="static half (cached)",
            detail=f"≈ {parts.static.size.tokens} tokens (estimate)",
            kind=types.SymbolKind.Namespace,
            range=static_rng,
            selection_range=index.span_to_range(0, 0),
        )
    )
    for i, hit in enumerate(markers):
        rng = index.span_to_range(hit.start, hit.end)
        out.append(
            types.DocumentSymbol(
                name="boundary marker" if i == 0 else f"folded marker {i + 1}",
                detail="splits here" if i == 0 else "only the first marker splits",
                kind=types.SymbolKind.Constant,
                range=rng,
                selection_range=rng,
            )
        )
    dyn_start = index.span_to_range(first.end, first.end)
    out.append(
        types.DocumentSymbol(
            name="dynamic half",
            detail=f"≈ {parts.dynamic.size.tokens} tokens (estimate)",
            kind=types.SymbolKind.Namespace,
            range=index.span_to_range(first.end, len(text)),
            selection_range=dyn_start,
        )
    )
    return out


def flat_symbols(snapshot: Snapshot) -> list[types.SymbolInformation]:
    """The same structure for clients without hierarchical symbol support."""
    return [
        types.SymbolInformation(
            name=s.name,
            kind=s.kind,
            location=types.Location(uri=snapshot.uri, range=s.range),
        )
        for s in document_symbols(snapshot)
    ]


def lens(snapshot: Snapshot) -> list[types.CodeLens]:
    """One lens on the first marker: what is cached and what is paid every turn."""
    markers = snapshot.analysis.exact_markers
    if not markers:
        return []
    first = markers[0]
    title = snapshot.wire(first.marker).halves
    return [
        types.CodeLens(
            range=snapshot.index.span_to_range(first.start, first.end),
            command=types.Command(
                title=title, command=RENDER_WIRE, arguments=[{"uri": snapshot.uri}]
            ),
        )
    ]


def verdict_lens(server: PromptServer, uri: str, path: str) -> list[types.CodeLens]:
    """Line 1's verdict per agent (the inlay hint's text) for clients without inlay
    hints; choosing it shows the context files that apply to this file."""
    line = load_line_of(server, path)
    if not line:
        return []
    at = types.Range(start=types.Position(0, 0), end=types.Position(0, 0))
    command = types.Command(title=line, command=SHOW_CONTEXT_FILES, arguments=[{"uri": uri}])
    return [types.CodeLens(range=at, command=command)]


def register(server: PromptServer) -> None:
    """Wire ``textDocument/documentSymbol`` and ``textDocument/codeLens``."""

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    async def symbols(
        params: types.DocumentSymbolParams,
    ) -> list[types.DocumentSymbol] | list[types.SymbolInformation] | None:
        """Hierarchical symbols when the client supports them, flat otherwise."""
        snapshot = await server.snapshot(params.text_document.uri)
        if snapshot is None:
            return None
        td = server.client_capabilities.text_document
        ds = td.document_symbol if td else None
        if ds and ds.hierarchical_document_symbol_support:
            return document_symbols(snapshot)
        return flat_symbols(snapshot)

    @server.feature(types.TEXT_DOCUMENT_CODE_LENS, types.CodeLensOptions(resolve_provider=False))
    async def code_lens(params: types.CodeLensParams) -> list[types.CodeLens] | None:
        """The token lens on the first marker; line 1's verdict without inlay hints."""
        snapshot = await server.snapshot(params.text_document.uri)
        if snapshot is None:
            return None
        td = server.client_capabilities.text_document
        path = snapshot.analysis.path
        if (
            snapshot.analysis.kind is DocumentKind.INSTRUCTION
            and path
            and not (td and td.inlay_hint)
        ):
            return verdict_lens(server, snapshot.uri, path)
        return lens(snapshot)
