"""codex's ``config.toml``, where it changes which AGENTS.md files codex loads.

codex reads ``project_doc_max_bytes``, ``project_doc_fallback_filenames`` and
``project_root_markers`` from ``$CODEX_HOME/config.toml`` and, for a trusted project,
from each ``.codex/config.toml`` of the project; the readers are the shared ones of
``promptls.discovery.agent_settings``.
"""

# Plain str paths on purpose: cheap stats and comparable cache keys.
# ruff: noqa: PTH118

from __future__ import annotations

import os
from collections.abc import Sequence

from promptls.agents.codex import DEFAULT_BUDGET
from promptls.discovery.agent_settings import AgentSetting, SettingsProblem, read_toml
from promptls.record import Record
from promptls.text import runmemo

DEFAULT_MARKERS = (".git",)
"""codex-config ``default_project_root_markers`` (read 2026-12-01)."""


class CodexConfig(Record):
    """The codex settings that change AGENTS.md discovery, resolved across layers."""

    max_bytes: int
    fallback_names: tuple[str, ...]
    root_markers: tuple[str, ...]
    untrusted: bool
    shown: tuple[AgentSetting, ...]
    problems: tuple[SettingsProblem, ...]


def _names(value: object) -> tuple[str, ...] | None:
    """A list of strings, trimmed, blanks dropped; None when the value has another shape."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        return None
    return tuple(v.strip() for v in value if v.strip())


def codex_user_config(codex_home: str | None) -> tuple[dict[str, object], list[SettingsProblem]]:
    """``$CODEX_HOME/config.toml`` as a table (empty when absent or broken)."""
    if codex_home is None:
        return {}, []
    path = os.path.join(codex_home, "config.toml")
    table, problem = read_toml(path)
    return ({} if table is None else table), ([] if problem is None else [problem])


def codex_config(
    codex_home: str | None,
    user_table: dict[str, object],
    user_problems: Sequence[SettingsProblem],
    project_layers: Sequence[str],
    project_root: str,
    cwd: str,
) -> CodexConfig:
    """Resolve codex's discovery settings from the user layer and the project layers.

    ``project_layers`` are the folders, project root first, whose ``.codex/config.toml``
    codex reads as project layers; the nearest to the working folder wins. They apply
    only to a project the user config marks ``trust_level = "trusted"`` (oracle scenario
    "codex: project config before the project is trusted", Codex CLI 0.171.0); an ignored
    one is listed in ``shown`` with the reason. Project layers
    may set the budget and fallback names but never the root markers (codex-rs
    agents_md.rs skips project layers for ``project_root_markers``), which is why the
    markers come from ``user_table`` alone and the caller resolves them first.
    """
    user_path = os.path.join(codex_home, "config.toml") if codex_home else "default"
    problems = list(user_problems)
    layers: list[tuple[str, dict[str, object]]] = [(user_path, user_table)]
    trust = _trust(user_table, (project_root, cwd))
    ignored: list[str] = []
    for folder in project_layers:
        path = os.path.join(folder, ".codex", "config.toml")
        if trust != "trusted":
            if runmemo.isfile(path):
                ignored.append(path)
            continue
        table, problem = read_toml(path)
        if problem is not None:
            problems.append(problem)
        if table:
            layers.append((path, table))
    shown: list[AgentSetting] = []
    max_bytes, source = DEFAULT_BUDGET, "default"
    names: tuple[str, ...] = ()
    names_source = "default"
    for path, table in layers:
        raw = table.get("project_doc_max_bytes")
        if raw is not None:
            if isinstance(raw, int) and not isinstance(raw, bool) and raw >= 0:
                max_bytes, source = raw, path
            else:
                message = "project_doc_max_bytes must be a non-negative integer"
                problems.append(SettingsProblem(path, message))
        raw = table.get("project_doc_fallback_filenames")
        if raw is not None:
            parsed = _names(raw)
            if parsed is None:
                message = "project_doc_fallback_filenames must be an array of strings"
                problems.append(SettingsProblem(path, message))
            else:
                names, names_source = parsed, path
    markers, markers_source = root_markers(user_table, user_path, problems)
    shown.append(AgentSetting("project_doc_max_bytes", str(max_bytes), source))
    shown.append(AgentSetting("project_doc_fallback_filenames", _show(names), names_source))
    shown.append(AgentSetting("project_root_markers", _show(markers), markers_source))
    untrusted = trust == "untrusted"
    if untrusted:
        shown.append(AgentSetting("trust_level", "untrusted", user_path))
    for path in ignored:
        why = 'not applied: the project is not trusted (no trust_level = "trusted")'
        shown.append(AgentSetting("project config", why, path))
    return CodexConfig(max_bytes, names, markers, untrusted, tuple(shown), tuple(problems))


def root_markers(
    user_table: dict[str, object], user_path: str, problems: list[SettingsProblem] | None = None
) -> tuple[tuple[str, ...], str]:
    """``project_root_markers`` from the user layer; an invalid value keeps the default."""
    raw = user_table.get("project_root_markers")
    if raw is None:
        return DEFAULT_MARKERS, "default"
    if not isinstance(raw, list) or not all(isinstance(v, str) for v in raw):
        if problems is not None:
            message = "project_root_markers must be an array of strings (codex uses .git)"
            problems.append(SettingsProblem(user_path, message))
        return DEFAULT_MARKERS, "default"
    return tuple(raw), user_path


def _trust(table: dict[str, object], folders: Sequence[str]) -> str | None:
    """The ``[projects."<path>"] trust_level`` the user config gives one of ``folders``."""
    projects = table.get("projects")
    if not isinstance(projects, dict):
        return None
    for folder in folders:
        entry = projects.get(folder)
        if isinstance(entry, dict) and isinstance(entry.get("trust_level"), str):
            return str(entry["trust_level"])
    return None


def _show(values: Sequence[str]) -> str:
    """A list as TOML would spell it, for the settings table users read."""
    return "[" + ", ".join(f'"{v}"' for v in values) + "]"
