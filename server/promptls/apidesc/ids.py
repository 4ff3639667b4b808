"""The protocol strings editors and the server share: command ids, the notification,
the fix-all kind, the preview formats. Imports nothing (the language server reads them
before ``initialize``); the strings are the LSP contract and never change."""

from __future__ import annotations

SHOW_CONTEXT_FILES = "promptls.showContextFiles"
SHOW_ENVIRONMENT = "promptls.showEnvironment"
PREVIEW_PROMPT = "promptls.previewPrompt"
PREVIEW_DIFF = "promptls.previewDiff"
RENDER_WIRE = "promptls.renderWire"
CONTEXT_REVISION = "promptls.contextRevision"
SHOW_LOADERS = "promptls.showLoaders"
DEBUG_DOCUMENT_HASH = "promptls.debug.documentHash"
DEBUG_STATS = "promptls.debug.stats"
CONTEXT_CHANGED = "promptls/contextChanged"
FIX_ALL_KIND = "source.fixAll.promptls"
PREVIEW_FORMATS = ("both", "blocks", "wire")
"""``previewPrompt``'s ``format``: ``blocks`` is the cache-aware view."""
MAX_WORKSPACE_FILES = 10_000
"""Default of ``workspaceDiagnosticsMaxFiles``: files the server's workspace scan checks."""
