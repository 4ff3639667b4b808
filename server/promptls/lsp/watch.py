"""Watch instruction files and config files so discovery and previews follow the disk.

After ``initialized`` (as soon as the warm-up has loaded discovery, which the globs
come from: a file changed on disk right after start is seen) the server registers
``workspace/didChangeWatchedFiles``
for every instruction-file name of every profile (plus Claude's ``.claude/rules/*.md``
and the promptls config files), dynamically when the client supports it. A change invalidates
the cached discovery results that depend on the path, re-analyses the open instruction
files (their file-level findings depend on discovery; a config-file change re-analyses
every document), and for each workspace folder whose context revision
differs from the last one the client was given (by this notification, ``contextRevision``
or ``previewPrompt``; none yet counts as different) sends
``promptls/contextChanged {folder, revision}``.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.uris import to_fs_path

from promptls import later
from promptls.apidesc import ids
from promptls.lsp.watchers import register_watch
from promptls.lsp.workspace import assemble

if TYPE_CHECKING:
    from promptls.lsp.server import PromptServer

log = logging.getLogger(__name__)

CONTEXT_CHANGED = ids.CONTEXT_CHANGED
"""Server → client notification: ``{"folder": str, "revision": str}``."""
WATCH_REGISTRATION_ID = "promptls-watch-instruction-files"
CONFIG_FILES = (".promptls.toml", "pyproject.toml")


def watch_globs() -> list[str]:
    """Glob patterns for everything discovery and settings read."""
    names = sorted(later.discovery.instruction_file_names())
    globs = list(
        dict.fromkeys([f"**/{name}" for name in names] + later.discovery.workspace_globs())
    )
    globs.extend(f"**/{name}" for name in CONFIG_FILES)
    globs.append("**/SKILL.md")
    return globs


async def register_watchers(server: PromptServer) -> None:
    """Ask the client to watch the files discovery depends on."""
    await register_watch(server, WATCH_REGISTRATION_ID, watch_globs())


def revision_of(server: PromptServer, folder: str) -> str:
    """The folder's current context revision (the same value previews show)."""
    return str(assemble(server, folder).revision)


async def on_files_changed(server: PromptServer, paths: list[str]) -> None:
    """Invalidate, re-analyse, and tell the client which revisions moved."""
    config_changed = False
    for path in paths:
        server.invalidate_discovery(path)
        if Path(path).name in CONFIG_FILES:
            config_changed = True
    for listener in server.on_files:
        listener(paths)
    if config_changed:
        server.settings.project_changed()
        server.refresh_all()
    else:
        server.refresh_instruction_documents()
    for folder in server.folders():
        try:
            revision = await asyncio.to_thread(revision_of, server, folder)
        except Exception:
            log.exception("computing the revision of %s failed", folder)
            continue
        if server.revisions.get(folder) != revision:
            server.revisions[folder] = revision
            server.protocol.notify(CONTEXT_CHANGED, {"folder": folder, "revision": revision})


def register(server: PromptServer) -> None:
    """Wire file watching."""

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    async def did_change_watched_files(params: types.DidChangeWatchedFilesParams) -> None:
        """A watched file was created, changed or deleted outside the editor."""
        paths = [p for p in (to_fs_path(c.uri) for c in params.changes) if p]
        await on_files_changed(server, paths)
