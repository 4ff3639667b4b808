"""codex's discovery hooks: ``config.toml`` layers set the budget, names, root and trust.

The user layer (``$CODEX_HOME/config.toml``) is read before the walk, since only it may
set ``project_root_markers``, which decide the walk's folders; the project layers
(``.codex/config.toml`` of each folder of the walk, for a trusted project) are read once
those folders are known, before any project file is visited.
"""

# Plain str paths on purpose: cheap stats and comparable cache keys.
# ruff: noqa: PTH118

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from promptls.agents.codex.settings import codex_config, codex_user_config, root_markers
from promptls.discovery.hooks import DiscoveryHooks

if TYPE_CHECKING:
    from promptls.discovery.walk import Walker


class CodexDiscovery(DiscoveryHooks):
    """codex's ``config.toml`` layers."""

    def settings(self, walker: Walker) -> tuple[str, ...]:
        """The user layer: its problems, and the root markers it names."""
        user_table, problems = codex_user_config(walker.user_dir)
        walker.problems += problems
        walker.agent_config = user_table
        markers, _ = root_markers(user_table, "")
        if walker.user_dir:
            walker.watched.add(os.path.join(walker.user_dir, "config.toml"))
        return markers

    def folders(self, walker: Walker, folders: list[str]) -> None:
        """The project layers: budget, fallback names, trust."""
        walker.watched.update(os.path.join(f, ".codex", "config.toml") for f in folders)
        user_table = walker.agent_config if isinstance(walker.agent_config, dict) else {}
        config = codex_config(
            walker.user_dir, user_table, walker.problems, folders, walker.project_root, walker.root
        )
        walker.problems = list(config.problems)
        walker.settings = list(config.shown)
        walker.budget = walker.budget_left = config.max_bytes
        walker.budget_source = next(
            (s.source for s in config.shown if s.key == "project_doc_max_bytes"), "default"
        )
        extra = [n for n in config.fallback_names if n not in walker.profile.project_files]
        walker.project_names = (*walker.profile.project_files, *dict.fromkeys(extra))
        if config.untrusted:
            walker.untrusted = next(s.source for s in config.shown if s.key == "trust_level")


HOOKS = CodexDiscovery()
"""The hooks ``PROFILE`` names (``Profile.hooks``), loaded by its first discovery."""
