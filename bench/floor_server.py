"""The framework floor: a bare pygls 2 server that does no analysis at all.

It syncs documents incrementally (pygls' own workspace does the bookkeeping), answers
``didOpen``/``didChange`` with empty diagnostics for the document's version, and hover
with a constant. Whatever promptls spends above this is promptls' own cost; whatever
this spends (receiving and decoding JSON, applying edits) is pygls'.
"""

from __future__ import annotations

from lsprotocol import types
from pygls.lsp.server import LanguageServer

server = LanguageServer("bench-floor", "1.0")


def _publish_empty(uri: str, version: int) -> None:
    """Publish no findings for exactly the version the client sent."""
    server.text_document_publish_diagnostics(
        types.PublishDiagnosticsParams(uri=uri, diagnostics=[], version=version)
    )


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
def did_open(params: types.DidOpenTextDocumentParams) -> None:
    """An editor waits for diagnostics after opening a file; answer at once."""
    _publish_empty(params.text_document.uri, params.text_document.version)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def did_change(params: types.DidChangeTextDocumentParams) -> None:
    """Every change gets its own (empty) publish: no debounce, the cheapest honest floor."""
    _publish_empty(params.text_document.uri, params.text_document.version)


@server.feature(types.TEXT_DOCUMENT_HOVER)
def hover(params: types.HoverParams) -> types.Hover:
    """A constant answer: measures the round trip through pygls and nothing else."""
    return types.Hover(
        contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value="floor"),
    )


if __name__ == "__main__":
    server.start_io()
