"""The one machine-readable description of what editor clients copy from the server.

Settings (key, type, default, description, enum), the ``workspace/executeCommand`` ids
with their argument and result shapes, the server's notification, the editor actions
both clients offer, the instruction-file names and the prompt-file globs. ``promptls
api-json`` prints it (gopls' ``api-json`` is the model); ``scripts/gen-api`` writes the
VS Code ``package.json`` sections, ``editors/vscode/src/generated/api.ts``,
``editors/neovim/lua/promptls/api.lua`` and ``docs/settings.md`` from it, and a test
fails when a committed copy differs from what the generator produces.

Nothing here restates a fact another module owns: setting keys, types and defaults come
from ``promptls.analysis.settings``; names and globs from ``promptls.discovery``; the
severities and statuses from their enums. What only this package knows is prose (the
descriptions) and the command contract: the ids below (which ``promptls.lsp`` registers)
and the result shapes in ``results`` (which ``promptls.commands.shapes`` produces).

This module is imported by the language server before ``initialize`` for the ids, so it
imports nothing; ``settings`` and ``results`` load when the description is asked for.
Pure data: no LSP import.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "ACTIONS",
    "CONTEXT_CHANGED",
    "CONTEXT_REVISION",
    "DEBUG_DOCUMENT_HASH",
    "DEBUG_STATS",
    "FIX_ALL_KIND",
    "PREVIEW_FORMATS",
    "PREVIEW_PROMPT",
    "RENDER_WIRE",
    "SHOW_CONTEXT_FILES",
    "SHOW_ENVIRONMENT",
    "api_description",
]

Schema = dict[str, Any]
"""A JSON-Schema-like description of one value (type, properties, items, enum)."""

# Command ids: the strings are the LSP contract and never change.
SHOW_CONTEXT_FILES = "promptls.showContextFiles"
SHOW_ENVIRONMENT = "promptls.showEnvironment"
PREVIEW_PROMPT = "promptls.previewPrompt"
RENDER_WIRE = "promptls.renderWire"
CONTEXT_REVISION = "promptls.contextRevision"
DEBUG_DOCUMENT_HASH = "promptls.debug.documentHash"
DEBUG_STATS = "promptls.debug.stats"
CONTEXT_CHANGED = "promptls/contextChanged"
FIX_ALL_KIND = "source.fixAll.promptls"
PREVIEW_FORMATS = ("both", "blocks", "wire")
"""``previewPrompt``'s ``format``: ``blocks`` is the cache-aware view."""


ACTIONS: list[Schema] = [
    {"name": "showContextFiles", "title": "Show Context Files", "command": SHOW_CONTEXT_FILES,
     "description": "discovered instruction files, per profile, in load order"},
    {"name": "showEnvironment", "title": "Show Environment", "command": SHOW_ENVIRONMENT,
     "description": "the environment the agent would see"},
    {"name": "previewPrompt", "title": "Preview Prompt", "command": PREVIEW_PROMPT,
     "description": "the assembled prompt as cache-aware blocks"},
    {"name": "previewPromptWire", "title": "Preview Prompt as Wire Text",
     "command": PREVIEW_PROMPT, "description": "the assembled prompt as marker-free wire text"},
    {"name": "renderWire", "title": "Render Wire Text", "command": RENDER_WIRE,
     "description": "halves and wire text of the current file"},
    {"name": "fixAll", "title": "Fix All", "command": None, "codeActionKind": FIX_ALL_KIND,
     "description": "apply every safe fix in the current file"},
]  # fmt: skip
"""User-facing actions both editor clients offer (VS Code palette, Neovim commands)."""


def api_description() -> dict[str, Any]:
    """Everything as one JSON-able dict (the output of ``promptls api-json``)."""
    from promptls.apidesc import results, settings

    return {
        "settings": settings.settings(),
        "initializationOptions": settings.INIT_ONLY,
        "settingsSection": settings.SECTION,
        "commands": results.COMMANDS,
        "notifications": results.NOTIFICATIONS,
        "actions": ACTIONS,
        "profiles": settings.profiles(),
        "instructionFiles": {
            "names": settings.instruction_names(),
            "globs": settings.instruction_globs(),
        },
        "promptFiles": {"globs": settings.prompt_globs()},
        "configFiles": list(settings.CONFIG_FILES),
    }
