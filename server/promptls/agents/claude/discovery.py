"""Claude Code's discovery hooks: its settings layers and its AGENTS.md choice.

Claude Code reads ``claudeMdExcludes`` and the Project instructions setting from its
settings layers before it loads a memory file (``settings``); the setting decides, per
walk, whether AGENTS.md loads beside the CLAUDE files; its auto memory lives under a key
made from the project's folder.
"""

# Plain str paths on purpose: cheap stats and comparable cache keys.
# ruff: noqa: PTH118, PTH120

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from promptls.agents.claude.settings import ClaudeConfig, claude_config, project_key
from promptls.discovery.dirs import join
from promptls.discovery.hooks import DEFAULT_ROOT_MARKERS, DiscoveryHooks
from promptls.text import runmemo
from promptls.text.fsread import read_bounded

if TYPE_CHECKING:
    from promptls.discovery.walk import Walker

_TEXT_PROBE = 1 << 20


class ClaudeDiscovery(DiscoveryHooks):
    """Claude Code's settings layers and Project instructions."""

    def settings(self, walker: Walker) -> tuple[str, ...]:
        """Claude Code's settings layers: ``claudeMdExcludes`` and Project instructions."""
        managed = walker.profile.managed_files[0] if walker.profile.managed_files else "/"
        folder = os.path.dirname(os.path.join(walker.system_root, managed.lstrip("/")))
        config = claude_config(folder, walker.user_dir, walker.root)
        walker.agent_config = config
        walker.excludes = config.excluded_reason if config.excludes else None
        walker.problems += config.problems
        walker.settings += config.shown
        walker.watched.update(config.watched)
        return DEFAULT_ROOT_MARKERS

    def fallback_mode(self, walker: Walker, folders: list[str]) -> str:
        """Whether AGENTS.md loads, and the reason when not."""
        config = walker.agent_config
        if not walker.profile.fallback_files or not isinstance(config, ClaudeConfig):
            return ""
        mode = config.instruction_files
        fallbacks = walker.profile.fallback_files
        # No AGENTS.md to decide about: no CLAUDE file is read for it, unless a target
        # file's nested AGENTS.md depends on the answer (sources.lazy).
        if walker.target is None and not any(
            runmemo.lexists(join(d, n)) for d in folders for n in fallbacks
        ):
            return "load"
        if mode == "claude-md-or-agents-md":
            names = (*walker.profile.project_files, *walker.profile.local_files)
            # nearest folder first: a CLAUDE file, where there is one, is mostly right here.
            # An empty or whitespace-only one does not count (oracle scenario "claude:
            # whitespace-only CLAUDE.md falls back to AGENTS.md", Claude Code 2.1.332).
            if any(_has_text(join(d, n)) for d in reversed(folders) for n in names):
                return (
                    "skipped: a CLAUDE file with text exists in a folder of the walk, and "
                    "Claude Code reads AGENTS.md only where none does (instructionFiles = "
                    "claude-md-or-agents-md, the default since 2.1.277)"
                )
            return "load"
        if mode == "claude-md-and-agents-md":
            return "load"
        return f"skipped: instructionFiles = {mode}, so Claude Code does not read AGENTS.md"

    def memory_key(self, project: str) -> str:
        """The folder name Claude Code gives the project under ``~/.claude/projects``."""
        return project_key(project)


def _has_text(path: str) -> bool:
    """Whether ``path`` exists and holds more than whitespace (a bounded read)."""
    if not runmemo.lexists(path):
        return False
    read = read_bounded(path, _TEXT_PROBE)
    return read.data is not None and bool(read.data.strip())


HOOKS = ClaudeDiscovery()
"""The hooks ``PROFILE`` names (``Profile.hooks``), loaded by its first discovery."""
