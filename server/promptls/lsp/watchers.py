"""Dynamic ``workspace/didChangeWatchedFiles`` registrations, shared by the features that
ask the client to watch files (``watch.py``: what discovery reads, from the start;
``workspace_diagnostics.py``: the prompt and text files its scan reads, once it starts).
Not a feature itself: features do not import each other.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from lsprotocol import types

if TYPE_CHECKING:
    from promptls.lsp.server import PromptServer

log = logging.getLogger(__name__)

SCAN_REGISTRATION_ID = "promptls-watch-workspace-diagnostics"
SCAN_GLOBS = ("**/*.md", "**/*.markdown", "**/*.mdx", "**/*.txt", "**/*.prompt", "**/.gitignore")
"""What the workspace scan reads beyond the instruction files watched from the start."""


def can_register(server: PromptServer) -> bool:
    """Whether the client accepts a dynamic ``didChangeWatchedFiles`` registration."""
    ws = server.client_capabilities.workspace
    return bool(
        ws and ws.did_change_watched_files and ws.did_change_watched_files.dynamic_registration
    )


async def watch_scanned_files(server: PromptServer) -> None:
    """Ask the client to watch the files the workspace scan reads too."""
    await register_watch(server, SCAN_REGISTRATION_ID, list(SCAN_GLOBS))


async def register_watch(server: PromptServer, registration_id: str, globs: list[str]) -> None:
    """One dynamic ``didChangeWatchedFiles`` registration, where the client takes one."""
    if not can_register(server):
        return
    options = types.DidChangeWatchedFilesRegistrationOptions(
        watchers=[types.FileSystemWatcher(glob_pattern=g) for g in globs]
    )
    registration = types.Registration(
        id=registration_id,
        method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
        register_options=options,
    )
    try:
        await server.client_register_capability_async(
            types.RegistrationParams(registrations=[registration])
        )
    except Exception:
        log.exception("registering file watchers (%s) failed", registration_id)
