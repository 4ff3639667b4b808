"""Claude Code's settings that change which memory files it loads.

``claudeMdExcludes`` (globs or absolute paths matched against a file's absolute path;
arrays from every settings layer are merged; never applied to the managed policy file)
and the "Project instructions" choice of whether AGENTS.md is read
(``pluginConfigs["agents-md@builtin"].options.instructionFiles``, honoured in user and
managed settings only). Layers: managed ``managed-settings.json`` in the policy folder,
``~/.claude/settings.json``, ``<folder>/.claude/settings.json`` and
``<folder>/.claude/settings.local.json``. Sources (dated): code.claude.com/docs/en/memory
and /settings (crawl of 2026-08-22), CHANGELOG 2.1.239; the AGENTS.md setting from the
2.1.277 release notes (2026-09-18) as quoted by public copies: the CHANGELOG snapshot
readable here ends at 2.1.240, so docs/profiles.md marks it secondary.
"""

# Plain str paths on purpose: cheap stats and comparable cache keys.
# ruff: noqa: PTH118

from __future__ import annotations

import os

from promptls import later
from promptls.discovery.agent_settings import AgentSetting, SettingsProblem, read_json
from promptls.discovery.globs import rejected
from promptls.record import Record

INSTRUCTION_MODES = (
    "claude-md-or-agents-md",
    "claude-md-and-agents-md",
    "claude-md",
    "managed-only",
)
"""The values of the Project instructions setting; the first is the default."""


class ClaudeConfig(Record):
    """What the settings layers say about memory files."""

    excludes: tuple[tuple[str, str], ...]
    """(pattern, settings file) pairs from ``claudeMdExcludes``, in layer order."""
    instruction_files: str
    shown: tuple[AgentSetting, ...]
    problems: tuple[SettingsProblem, ...]
    watched: tuple[str, ...]

    def excluded_by(self, path: str) -> tuple[str, str] | None:
        """The (pattern, file) that excludes ``path``, or None."""
        if not self.excludes:
            return None

        flags = (
            later.wcmatch_glob.GLOBSTAR
            | later.wcmatch_glob.BRACE
            | later.wcmatch_glob.DOTGLOB
            | later.wcmatch_glob.FORCEUNIX
        )
        for pattern, source in self.excludes:
            try:
                if pattern == path or later.wcmatch_glob.globmatch(path, pattern, flags=flags):
                    return pattern, source
            except rejected():  # a pattern wcmatch rejects excludes nothing
                continue
        return None

    def excluded_reason(self, path: str) -> str | None:
        """Why ``path`` is skipped, when a ``claudeMdExcludes`` pattern matches it."""
        excluded = self.excluded_by(path)
        if excluded is None:
            return None
        pattern, source = excluded
        return f"skipped: claudeMdExcludes pattern {pattern} (in {source})"


def claude_config(managed_dir: str, user_dir: str | None, root: str) -> ClaudeConfig:
    """Read the four layers; a broken file is reported and contributes nothing."""
    layers = [os.path.join(managed_dir, "managed-settings.json")]
    if user_dir is not None:
        layers.append(os.path.join(user_dir, "settings.json"))
    layers += [
        os.path.join(root, ".claude", "settings.json"),
        os.path.join(root, ".claude", "settings.local.json"),
    ]
    excludes: list[tuple[str, str]] = []
    problems: list[SettingsProblem] = []
    mode, mode_source = INSTRUCTION_MODES[0], "default"
    for index, path in enumerate(layers):
        table, problem = read_json(path, refuses="Claude Code ignores this file")
        if problem is not None:
            problems.append(problem)
        if not table:
            continue
        raw = table.get("claudeMdExcludes")
        if raw is not None:
            if isinstance(raw, list) and all(isinstance(v, str) for v in raw):
                excludes += [(p, path) for p in raw if p.strip()]
            else:
                message = "claudeMdExcludes must be a list of strings"
                problems.append(SettingsProblem(path, message))
        choice = _instruction_files(table)
        if choice is not None and index <= 1:
            if isinstance(choice, str) and choice in INSTRUCTION_MODES:
                mode, mode_source = choice, path
            else:
                known = ", ".join(INSTRUCTION_MODES)
                message = f"instructionFiles {choice!r} is not one of {known}"
                problems.append(SettingsProblem(path, message))
    shown = [AgentSetting("instructionFiles", mode, mode_source)]
    shown += [AgentSetting("claudeMdExcludes", p, source) for p, source in excludes]
    return ClaudeConfig(tuple(excludes), mode, tuple(shown), tuple(problems), tuple(layers))


def _instruction_files(table: dict[str, object]) -> object:
    """``pluginConfigs["agents-md@builtin"].options.instructionFiles`` when present (any
    type: a value that is not one of the modes is reported by the caller)."""
    plugins = table.get("pluginConfigs")
    plugin = plugins.get("agents-md@builtin") if isinstance(plugins, dict) else None
    options = plugin.get("options") if isinstance(plugin, dict) else None
    return options.get("instructionFiles") if isinstance(options, dict) else None


def project_key(folder: str) -> str:
    """The name Claude Code gives a project's folder under ``~/.claude/projects``.

    Every character other than an ASCII letter or digit becomes ``-`` (so
    ``/home/me/app`` is ``-home-me-app``), as the folders Claude Code creates show.
    """
    return "".join(c if c.isascii() and c.isalnum() else "-" for c in folder)
