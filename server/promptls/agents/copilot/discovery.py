"""Copilot CLI's order of the folders from the repository root to the working folder.

Observed, not documented (the guide names the folders, not the order): Copilot CLI
1.0.102 sends the repository instructions (``.github/copilot-instructions.md``) of the
root, then of the working folder; then the agent files (``AGENTS.md``, ``CLAUDE.md``,
``GEMINI.md``) of the root, then of the working folder; then each folder between them,
nearest the working folder first, with ``.claude/CLAUDE.md`` too (read there and only
there). Oracle scenarios "copilot: folders between the root and the working folder",
"copilot: the names read in the folders between".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from promptls.discovery.hooks import DiscoveryHooks

if TYPE_CHECKING:
    from promptls.discovery.walk import Walker

REPOSITORY = (".github/copilot-instructions.md",)
AGENT_FILES = ("AGENTS.md", "CLAUDE.md", "GEMINI.md")
BETWEEN = (*REPOSITORY, "AGENTS.md", "CLAUDE.md", ".claude/CLAUDE.md", "GEMINI.md")
"""What Copilot reads in a folder between the root and the working folder."""


class CopilotDiscovery(DiscoveryHooks):
    """The root and the working folder first, kind by kind, then the folders between."""

    def visits(self, walker: Walker, folders: list[str]) -> list[tuple[str, tuple[str, ...]]]:
        del walker
        if len(folders) < 2:
            return [(folder, (*REPOSITORY, *AGENT_FILES)) for folder in folders]
        root, here, between = folders[0], folders[-1], folders[1:-1]
        return [
            (root, REPOSITORY),
            (here, REPOSITORY),
            (root, AGENT_FILES),
            (here, AGENT_FILES),
            *((folder, BETWEEN) for folder in reversed(between)),
        ]


HOOKS = CopilotDiscovery()
"""The hooks ``PROFILE`` names (``Profile.hooks``), loaded by its first discovery."""
