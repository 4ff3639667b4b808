"""The data discovery returns: loaded files, and an entry for every candidate it saw.

Kept apart from the walk itself so renderers, rules and commands can import the types
without pulling in the filesystem code. ``promptls.discovery`` re-exports all of it.
"""

# Plain str paths on purpose: cheap stats and comparable cache keys.
# ruff: noqa: PTH120

from __future__ import annotations

import os
from enum import StrEnum

from promptls.discovery.agent_settings import AgentSetting, SettingsProblem
from promptls.record import Record, field
from promptls.text.paths import same_path, within


class ContextScope(StrEnum):
    """Where an instruction file was found; model-visible so precedence stays explicit
    when layers share a file name."""

    USER = "user"
    PROJECT = "project"
    LOCAL = "local"


class ContextFile(Record):
    """One instruction document rendered into model-visible context.

    ``path`` is absolute. Files arrive broadest first, most specific last.
    """

    path: str
    content: str
    scope: ContextScope


class EntryStatus(StrEnum):
    """What discovery did with one candidate."""

    LOADED = "loaded"
    """Read in full and part of ``files``."""
    CUT = "cut"
    """Part of ``files`` but truncated (read cap, or a profile's byte budget)."""
    DROPPED = "dropped"
    """Exists but left out: the profile's byte budget was already spent."""
    SHADOWED = "shadowed"
    """Exists but another file took its slot (codex: ``AGENTS.override.md``)."""
    SKIPPED = "skipped"
    """Not loaded: unreadable, not a regular file, empty, or already loaded."""
    IMPORTED = "imported"
    """Loaded because another file imports it with ``@path``; part of ``files``."""
    IMPORT_ERROR = "import-error"
    """An ``@path`` import that does not resolve, loops, or goes too deep."""
    LAZY = "lazy"
    """Loaded only when the agent reads a file in that folder (nested CLAUDE.md)."""
    CONDITIONAL = "conditional"
    """Path-scoped: applies only to files matching its globs (the reason names them)."""
    ON_REQUEST = "on-request"
    """Loaded only when the user asks for it or the agent decides to."""


class Entry(Record):
    """One candidate discovery looked at and what became of it.

    ``size`` is the size on disk in bytes when known. ``order`` is the index in
    ``Discovery.files`` for files that were loaded, else None. ``imported_from`` is the
    importing file for imports (and import errors), with ``line`` the 1-based line of
    the ``@path`` in it. ``reason`` is a sentence for humans. ``bad_byte`` is the offset
    of the first byte that is not valid UTF-8 in a loaded file (the agent decodes it
    with replacement characters), None when the file is clean. ``cut_at`` is, for a
    ``cut`` file, the offset of the first byte the agent does not read: the one place
    every front end (``context``, ``check``, hover, diagnostics) takes the cut from.
    ``sent_again`` is, for a second copy (a ``skipped`` import the agent inlines again at
    this place: Copilot per top-level file, gemini per chain), the index in
    ``Discovery.files`` of the text it sends again; None for every other entry.
    """

    path: str
    scope: ContextScope
    status: EntryStatus
    reason: str
    size: int | None = None
    order: int | None = None
    imported_from: str | None = None
    line: int | None = None
    bad_byte: int | None = None
    cut_at: int | None = None
    sent_again: int | None = None


class Discovery(Record):
    """Everything one profile would load for one folder, and why the rest was not.

    ``watched`` holds every path discovery depended on (existing or not, so creating a
    file invalidates correctly); ``watched_dirs`` the folders it listed (Claude's rules).
    ``project_root`` is where the per-folder walk started. ``settings`` are the agent's
    own settings that shaped the result, each with the file it came from; ``problems``
    the agent settings files that could not be used (the agent's defaults were).
    """

    profile: str
    root: str
    files: tuple[ContextFile, ...]
    entries: tuple[Entry, ...]
    project_root: str = ""
    watched: frozenset[str] = field(default_factory=frozenset)
    watched_dirs: frozenset[str] = field(default_factory=frozenset)
    settings: tuple[AgentSetting, ...] = ()
    problems: tuple[SettingsProblem, ...] = ()
    home: str | None = None
    """The home folder user-level files were looked up in (None: none was found), so a
    rule that asks other profiles about the same folder (PL027) uses the same one."""

    def imported(self, path: str) -> bool:
        """Whether this discovery loaded ``path`` as another file's import (paths compared
        absolute and normalised): an agent that follows imports only in some files
        (``ImportStyle.only_in``) follows them in what those files import too."""
        return any(
            e.status is EntryStatus.IMPORTED and same_path(e.path, path) for e in self.entries
        )

    def depends_on(self, path: str) -> bool:
        """Whether a change at ``path`` (file or folder) could change this result."""
        if path in self.watched or path in self.watched_dirs:
            return True
        if os.path.dirname(path) in self.watched_dirs:
            return True
        return any(within(p, path, strict=True) for p in self.watched)
