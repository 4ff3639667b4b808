"""What several LSP features need to know about a workspace folder.

The previews answer with a folder's assembled prompt and the file watcher compares its
revision with the last one the client saw; both must assemble it the same way (the
folder's effective profile and ``systemPromptFile``), so that lives here, once, rather
than in one feature module the others import.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from promptls import later
from promptls.text.fsread import read_bounded

if TYPE_CHECKING:
    from promptls.assembly.assemble import AssembledPrompt
    from promptls.lsp.server import PromptServer

SYSTEM_PROMPT_LIMIT = 4 * 1024 * 1024
"""Largest ``systemPromptFile`` read for a preview."""


def system_source(server: PromptServer, folder: str) -> tuple[str | None, str | None]:
    """The user's own static doctrine (``systemPromptFile``), read bounded: its path and
    text, or (None, None) when unset or unreadable (the built-in preamble is used)."""
    name = server.settings.for_folder(folder).system_prompt_file
    if not name:
        return None, None
    path = Path(name).expanduser()
    if not path.is_absolute():
        path = Path(folder) / path
    # Bounded and non-blocking: a project's config can name a FIFO, whose open() would
    # block the server's event loop forever.
    read = read_bounded(str(path), SYSTEM_PROMPT_LIMIT)
    if read.data is None:
        why = read.problem or "no such file"
        server.warn(f"promptls: cannot read systemPromptFile {path}: {why}")
        return None, None
    return str(path), read.data.decode("utf-8", "replace")


def profiles_for(server: PromptServer, folder: str) -> tuple[str, ...]:
    """The folder's agents: the configured profile, else every agent its repository is
    set up for, else the reference agent (the CLI resolves it the same way)."""
    return later.discovery_setup.active_profiles(folder, server.settings.for_folder(folder).profile)


def assemble_with_source(server: PromptServer, folder: str) -> tuple[str | None, AssembledPrompt]:
    """The doctrine file used (None: built in) and the assembled prompt for a folder
    (for its first agent: a preview shows one prompt)."""
    profile = profiles_for(server, folder)[0]

    path, text = system_source(server, folder)
    return path, later.assembly_assemble.assemble_prompt(folder, profile=profile, system_text=text)


def assemble(server: PromptServer, folder: str) -> AssembledPrompt:
    """The assembled prompt for a folder with its effective settings."""
    return assemble_with_source(server, folder)[1]


def load_line_of(server: PromptServer, path: str) -> str | None:
    """Where an instruction file stands for each active agent, one line (the inlay hint
    and its code-lens fallback); None when discovery fails."""
    folder = later.discovery_api.owning_folder(path)
    try:
        profiles = later.discovery_setup.active_profiles(
            folder, server.settings.for_path(path).profile
        )
        return later.views_load_line.load_line(
            path, [(p, server.discover(folder, p)) for p in profiles]
        )
    except Exception:
        return None
