"""The ``workspace/executeCommand`` ids the server registers and editors call.

Kept apart from the handlers so features that only *name* a command (the code lens
names ``renderWire``) do not import the module that implements it, and so every id is
in one place that editor clients and their tests can be checked against.
"""

from __future__ import annotations

SHOW_CONTEXT_FILES = "promptls.showContextFiles"
SHOW_ENVIRONMENT = "promptls.showEnvironment"
PREVIEW_PROMPT = "promptls.previewPrompt"
RENDER_WIRE = "promptls.renderWire"
CONTEXT_REVISION = "promptls.contextRevision"
DEBUG_DOCUMENT_HASH = "promptls.debug.documentHash"
DEBUG_STATS = "promptls.debug.stats"
