"""The whole description (``promptls api-json``) and the editor actions both clients offer."""

from __future__ import annotations

from typing import Any

from promptls.apidesc import commands, settings
from promptls.apidesc.ids import (
    FIX_ALL_KIND,
    PREVIEW_DIFF,
    PREVIEW_PROMPT,
    RENDER_WIRE,
    SHOW_CONTEXT_FILES,
    SHOW_ENVIRONMENT,
)

Schema = dict[str, Any]

ACTIONS: list[Schema] = [
    {"name": "showContextFiles", "title": "Show Context Files", "command": SHOW_CONTEXT_FILES,
     "description": "discovered instruction files, per profile, in load order"},
    {"name": "showEnvironment", "title": "Show Environment", "command": SHOW_ENVIRONMENT,
     "description": "the environment the agent would see"},
    {"name": "previewPrompt", "title": "Preview Prompt", "command": PREVIEW_PROMPT,
     "description": "the assembled prompt as cache-aware blocks"},
    {"name": "previewPromptWire", "title": "Preview Prompt as Wire Text",
     "command": PREVIEW_PROMPT, "description": "the assembled prompt as marker-free wire text"},
    {"name": "previewPromptAgent", "title": "Preview Prompt for Agent...",
     "command": PREVIEW_PROMPT,
     "description": "what one agent sends, with each file's position, bytes and tokens"},
    {"name": "previewDiff", "title": "Preview Cache Diff...", "command": PREVIEW_DIFF,
     "description": "where the agent's wire text first differs from the kept baseline"},
    {"name": "renderWire", "title": "Render Wire Text", "command": RENDER_WIRE,
     "description": "halves and wire text of the current file"},
    {"name": "fixAll", "title": "Fix All", "command": None, "codeActionKind": FIX_ALL_KIND,
     "description": "apply every safe fix in the current file"},
    {"name": "observe", "title": "Observe What the Agent Sends...", "command": None,
     "cli": "observe",
     "description": "run your installed agent once against a local recording mock "
     "(promptls observe, never the server) and compare what it sent with promptls"},
]  # fmt: skip
"""User-facing actions both editor clients offer (VS Code palette, Neovim commands)."""


def api_description() -> dict[str, Any]:
    """Everything as one JSON-able dict (the output of ``promptls api-json``)."""
    return {
        "settings": settings.settings(),
        "initializationOptions": settings.INIT_ONLY,
        "settingsSection": settings.SECTION,
        "commands": commands.COMMANDS,
        "notifications": commands.NOTIFICATIONS,
        "actions": ACTIONS,
        "profiles": settings.profiles(),
        "instructionFiles": {
            "names": settings.instruction_names(),
            "globs": settings.instruction_globs(),
        },
        "promptFiles": {"globs": settings.prompt_globs()},
        "configFiles": list(settings.CONFIG_FILES),
    }
