"""How each agent's own settings change a discovery run, applied before the walk.

codex's ``config.toml`` sets the budget, fallback names, root markers and trust; gemini's
``settings.json`` the context file names and boundary markers; Claude's ``settings.json``
``claudeMdExcludes`` and whether AGENTS.md is read. Each method records the values it
used (``Discovery.settings``) and the files it could not use (``Discovery.problems``), so
the commands can say which settings shaped the answer.
"""

# Plain str paths on purpose: cheap stats and comparable cache keys.
# ruff: noqa: PTH118, PTH120

from __future__ import annotations

import os

from promptls.discovery.agent_settings import AgentSetting, SettingsProblem, codex_config
from promptls.discovery.dirs import join
from promptls.discovery.settings_claude import ClaudeConfig, claude_config
from promptls.discovery.settings_gemini import gemini_config
from promptls.discovery.sources import ExtraSources
from promptls.text import runmemo
from promptls.text.fsread import read_bounded


class AgentSettings(ExtraSources):
    """The settings step of the walker; the walker sets the attributes it reads."""

    system_root: str
    settings: list[AgentSetting]
    problems: list[SettingsProblem]
    project_names: tuple[str, ...]
    user_names: tuple[str, ...]
    claude: ClaudeConfig | None
    budget: int | None
    budget_left: int | None
    budget_source: str
    untrusted: str
    include_dirs: tuple[str, ...]

    def apply_gemini(self) -> tuple[str, ...]:
        """gemini-cli's ``settings.json``: context file names and boundary markers."""
        config = gemini_config(self.user_dir, self.root, self.home)
        self.problems += config.problems
        self.settings += config.shown
        self.watched.update(config.watched)
        self.project_names = self.user_names = config.names
        self.include_dirs = config.include_dirs
        if self.lazy_names:
            self.lazy_names = config.names
        self.import_markers = config.markers
        return config.markers

    def apply_claude(self) -> None:
        """Claude Code's settings layers: ``claudeMdExcludes`` and Project instructions."""
        managed = self.profile.managed_files[0] if self.profile.managed_files else "/"
        folder = os.path.dirname(os.path.join(self.system_root, managed.lstrip("/")))
        self.claude = claude_config(folder, self.user_dir, self.root)
        self.problems += self.claude.problems
        self.settings += self.claude.shown
        self.watched.update(self.claude.watched)

    def fallback_mode(self, folders: list[str]) -> str:
        """Whether ``fallback_files`` (claude: AGENTS.md) load, and the reason when not."""
        if not self.profile.fallback_files or self.claude is None:
            return ""
        mode = self.claude.instruction_files
        fallbacks = self.profile.fallback_files
        if not any(runmemo.lexists(join(d, n)) for d in folders for n in fallbacks):
            return "load"  # no AGENTS.md to decide about: no CLAUDE file is read for it
        if mode == "claude-md-or-agents-md":
            names = (*self.profile.project_files, *self.profile.local_files)
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

    def apply_codex(self, user_table: dict[str, object], folders: list[str]) -> None:
        """codex's ``config.toml`` layers: budget, fallback names, trust."""
        self.watched.update(os.path.join(f, ".codex", "config.toml") for f in folders)
        config = codex_config(
            self.user_dir, user_table, self.problems, folders, self.project_root, self.root
        )
        self.problems = list(config.problems)
        self.settings = list(config.shown)
        self.budget = self.budget_left = config.max_bytes
        self.budget_source = next(
            (s.source for s in config.shown if s.key == "project_doc_max_bytes"), "default"
        )
        extra = [n for n in config.fallback_names if n not in self.profile.project_files]
        self.project_names = (*self.profile.project_files, *dict.fromkeys(extra))
        if config.untrusted:
            self.untrusted = next(s.source for s in config.shown if s.key == "trust_level")


def _has_text(path: str) -> bool:
    """Whether ``path`` exists and holds more than whitespace (a bounded read)."""
    if not runmemo.lexists(path):
        return False
    read = read_bounded(path, _TEXT_PROBE)
    return read.data is not None and bool(read.data.strip())


_TEXT_PROBE = 1 << 20
