"""gemini-cli's discovery hooks: its ``settings.json`` names the context files.

``context.fileName`` replaces GEMINI.md for the user, project and lazy files alike,
``context.includeDirectories`` adds folders read like the workspace, and the boundary
markers end both the walk up to the project root and the search of an import's root.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from promptls.agents.gemini.settings import gemini_config
from promptls.discovery.hooks import DiscoveryHooks

if TYPE_CHECKING:
    from promptls.discovery.walk import Walker


class GeminiDiscovery(DiscoveryHooks):
    """gemini-cli's ``settings.json``: context file names and boundary markers."""

    def settings(self, walker: Walker) -> tuple[str, ...]:
        """Context file names, include folders and boundary markers, before the walk."""
        config = gemini_config(walker.user_dir, walker.root, walker.home)
        walker.problems += config.problems
        walker.settings += config.shown
        walker.watched.update(config.watched)
        walker.project_names = walker.user_names = config.names
        walker.include_dirs = config.include_dirs
        if walker.lazy_names:
            walker.lazy_names = config.names
        walker.import_markers = config.markers
        return config.markers


HOOKS = GeminiDiscovery()
"""The hooks ``PROFILE`` names (``Profile.hooks``), loaded by its first discovery."""
