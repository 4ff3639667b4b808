"""Crush's ``crush.json`` files, where they change which context files Crush reads.

Crush (charmbracelet/crush ``internal/config/load.go`` ``lookupConfigs`` and
``setDefaults``, read 2026-12-06 at 37f36e93, after v0.90.0) merges, in this order: the
global ``crush.json`` (``$CRUSH_GLOBAL_CONFIG/crush.json``, else
``$XDG_CONFIG_HOME/crush/crush.json``, else ``~/.config/crush/crush.json``), its data
copy (``$CRUSH_GLOBAL_DATA/crush.json``, else ``$XDG_DATA_HOME/crush/crush.json``, else
``~/.local/share/crush/crush.json``), then the ``crush.json`` and ``.crush.json`` of each
folder from the git worktree's root (or the working folder alone outside a repository)
down to the working folder, ``.crush.json`` after ``crush.json``. Lists are appended
(``qjebbs/go-jsons`` ``Merge``). Two keys change discovery:

- ``options.context_paths``: added to the built-in names (the union is sorted and
  repeats dropped);
- ``options.global_context_paths``: replaces the two global files.

The shell-style ``crushrc`` files Crush also reads are not read by promptls (their
values are not shown).
"""

# Plain str paths on purpose: cheap stats and comparable cache keys.
# ruff: noqa: PTH100, PTH118

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence

from promptls.discovery.agent_settings import AgentSetting, SettingsProblem, read_json
from promptls.record import Record

REFUSES = "Crush refuses to start with this file"
PROJECT_NAMES = ("crush.json", ".crush.json")
"""A folder's settings files, in merge order (the later wins a key)."""


class CrushConfig(Record):
    """The settings that change discovery, merged across the files read."""

    context_paths: tuple[str, ...]
    global_context_paths: tuple[str, ...] | None
    """None: not set anywhere, the two default global files apply."""
    files: tuple[str, ...]
    """Every settings file looked for (watched)."""
    shown: tuple[AgentSetting, ...]
    problems: tuple[SettingsProblem, ...]


def config_dir(environ: Mapping[str, str], home: str | None) -> str | None:
    """The folder of the global ``crush.json`` (and of ``CRUSH.md``)."""
    override = environ.get("CRUSH_GLOBAL_CONFIG", "")
    if override:
        return os.path.abspath(override)
    xdg = environ.get("XDG_CONFIG_HOME", "")
    if xdg:
        return os.path.join(xdg, "crush")
    return os.path.join(home, ".config", "crush") if home else None


def _data_file(environ: Mapping[str, str], home: str | None) -> str | None:
    override = environ.get("CRUSH_GLOBAL_DATA", "")
    if override:
        return os.path.join(override, "crush.json")
    xdg = environ.get("XDG_DATA_HOME", "")
    if xdg:
        return os.path.join(xdg, "crush", "crush.json")
    return os.path.join(home, ".local", "share", "crush", "crush.json") if home else None


def settings_files(
    environ: Mapping[str, str], home: str | None, folders: Sequence[str]
) -> list[str]:
    """The files Crush merges, in merge order; ``folders`` from the boundary down."""
    files = []
    folder = config_dir(environ, home)
    if folder is not None:
        files.append(os.path.join(folder, "crush.json"))
    data = _data_file(environ, home)
    if data is not None:
        files.append(data)
    for folder in folders:
        files += [os.path.join(folder, name) for name in PROJECT_NAMES]
    return files


def _strings(value: object) -> list[str] | None:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        return None
    return list(value)


def read_config(files: Sequence[str]) -> CrushConfig:
    """The context paths the ``files`` add and the global paths they set."""
    context: list[str] = []
    global_paths: list[str] | None = None
    shown: list[AgentSetting] = []
    problems: list[SettingsProblem] = []
    for path in files:
        table, problem = read_json(path, refuses=REFUSES)
        if problem is not None:
            problems.append(problem)
        options = table.get("options") if table is not None else None
        if not isinstance(options, dict):
            continue
        for key in ("context_paths", "global_context_paths"):
            if key not in options:
                continue
            value = _strings(options[key])
            if value is None:
                message = f"options.{key} must be a list of strings ({REFUSES})"
                problems.append(SettingsProblem(path, message))
                continue
            shown.append(AgentSetting(f"options.{key}", json.dumps(value), path))
            if key == "context_paths":
                context += value
            else:
                global_paths = [*(global_paths or []), *value]
    return CrushConfig(
        context_paths=tuple(context),
        global_context_paths=None if global_paths is None else tuple(global_paths),
        files=tuple(files),
        shown=tuple(shown),
        problems=tuple(problems),
    )
