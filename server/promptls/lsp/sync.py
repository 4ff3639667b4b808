"""Lifecycle, document sync, configuration and pull diagnostics.

The server keeps its own copy of every open document (``Documents``): incremental
changes are applied with the negotiated encoding and LSP's line breaks by
``positions.py``, the one module that converts positions.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.uris import to_fs_path

from promptls.lsp.diagnostics import result_id, to_diagnostics

if TYPE_CHECKING:
    from promptls.lsp.server import PromptServer


def register(
    server: PromptServer,
    *,
    on_initialize: Callable[[], None],
    on_initialized: Callable[[], Awaitable[None]],
) -> None:
    """Wire lifecycle and sync handlers to ``server``.

    ``on_initialize`` runs inside the ``initialize`` handler, before pygls computes the
    capabilities (the debug commands are registered there); ``on_initialized`` runs
    beside the settings request (the file watchers). The server factory passes them, so
    this module does not import the features they belong to.
    """

    @server.feature(types.INITIALIZE)
    def initialize(params: types.InitializeParams) -> None:
        """Negotiate once: encoding, pull vs push, hover format, initial settings.

        The warm-up is queued, not started: pygls writes the answer when this handler
        returns, and the loop runs queued callbacks after that, so ``initialize`` never
        shares the interpreter with it.
        """
        server.note_client(params)
        on_initialize()
        asyncio.get_running_loop().call_soon(server.warm_up)

    @server.feature(types.INITIALIZED)
    async def initialized(params: types.InitializedParams) -> None:
        """Fetch per-folder settings and watch instruction files."""
        # Independent requests to the client: neither waits for the other's answer.
        await asyncio.gather(server.pull_configuration(), on_initialized())

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(params: types.DidOpenTextDocumentParams) -> None:
        """Track the document and analyse it at once."""
        td = params.text_document
        server.documents.open(td.uri, to_fs_path(td.uri), td.version, td.text, td.language_id)
        for listener in server.on_open:
            listener(td.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(params: types.DidChangeTextDocumentParams) -> None:
        """Apply the changes; diagnostics follow after the debounce."""
        td = params.text_document
        server.documents.change(td.uri, td.version, params.content_changes)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(params: types.DidCloseTextDocumentParams) -> None:
        """Forget the document, cancel its pending analysis and clear its diagnostics."""
        doc = server.documents.close(params.text_document.uri)
        if doc is not None and not server.pull:
            server.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(uri=doc.uri, diagnostics=[])
            )
        for listener in server.on_close:
            listener(params.text_document.uri)

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    async def did_change_configuration(params: types.DidChangeConfigurationParams) -> None:
        """Re-read settings: pull per folder when possible, else take what was pushed."""
        ws = server.client_capabilities.workspace
        if ws and ws.configuration:
            await server.pull_configuration()
        else:
            server.settings.set_global(params.settings)
            server.refresh_all()

    @server.feature(types.WORKSPACE_DID_CHANGE_WORKSPACE_FOLDERS)
    async def did_change_folders(params: types.DidChangeWorkspaceFoldersParams) -> None:
        """New folders bring their own settings; removed ones take theirs away. Either
        way the workspace's files are another set, and an open document may now belong to
        another folder: everything is checked again."""
        for folder in params.event.removed:
            path = to_fs_path(folder.uri)
            if path:
                server.settings.forget_folder(path)
        if not await server.pull_configuration():
            server.refresh_all()

    @server.feature(types.SHUTDOWN)
    def shutdown(params: None) -> None:
        """Stop pending work so nothing is published after shutdown; keep what the
        session compiled (``lsp/codecache.py``)."""
        server.documents.close_all()
        server.warmup.save_code_cache()

    @server.feature(
        types.TEXT_DOCUMENT_DIAGNOSTIC,
        types.DiagnosticOptions(
            identifier="promptls", inter_file_dependencies=True, workspace_diagnostics=False
        ),
    )
    async def diagnostic(params: types.DocumentDiagnosticParams) -> types.DocumentDiagnosticReport:
        """Pull model: answer from the same per-version analysis the other features use."""
        snapshot = await server.snapshot(params.text_document.uri)
        if snapshot is None:
            return types.RelatedFullDocumentDiagnosticReport(items=[])
        rid = result_id(snapshot)
        if params.previous_result_id == rid:
            return types.RelatedUnchangedDocumentDiagnosticReport(result_id=rid)
        items = to_diagnostics(snapshot, server.client_capabilities, server.open_index)
        return types.RelatedFullDocumentDiagnosticReport(items=items, result_id=rid)
