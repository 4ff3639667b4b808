"""The ``workspace/executeCommand`` ids the server registers and editors call.

Kept apart from the handlers so features that only *name* a command (the code lens
names ``renderWire``) do not import the module that implements it, and so every id is
in one place that editor clients and their tests can be checked against.

The strings themselves live in ``promptls.apidesc.ids``, the one description editor
clients are generated from (``promptls api-json``); this module names them for the LSP
layer.
"""

from __future__ import annotations

from promptls.apidesc.ids import (
    CONTEXT_REVISION,
    DEBUG_DOCUMENT_HASH,
    DEBUG_STATS,
    PREVIEW_DIFF,
    PREVIEW_PROMPT,
    RENDER_WIRE,
    SHOW_CONTEXT_FILES,
    SHOW_ENVIRONMENT,
    SHOW_LOADERS,
)

__all__ = [
    "CONTEXT_REVISION",
    "DEBUG_DOCUMENT_HASH",
    "DEBUG_STATS",
    "PREVIEW_DIFF",
    "PREVIEW_PROMPT",
    "RENDER_WIRE",
    "SHOW_CONTEXT_FILES",
    "SHOW_ENVIRONMENT",
    "SHOW_LOADERS",
]
