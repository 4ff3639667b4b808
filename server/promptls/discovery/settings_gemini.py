"""Gemini CLI's ``settings.json`` keys that change which GEMINI.md files it loads.

gemini-cli reads ``~/.gemini/settings.json`` (user) and ``<cwd>/.gemini/settings.json``
(workspace; not when the folder is the home folder), JSON with comments, later layers
winning. Two keys shape memory discovery: ``context.fileName`` (a string or a list, added
in front of ``GEMINI.md``, which is always searched) and ``context.memoryBoundaryMarkers``
(default ``[".git"]``; absolute names or names with ``..`` are ignored; ``[]`` means no
upward walk). Sources: gemini-cli ``packages/cli/src/config/settings.ts``,
``settingsSchema.ts`` and ``packages/core/src/tools/memoryTool.ts`` at 5411f113
(2026-08-21), read 2026-12-01.
"""

# Plain str paths on purpose: cheap stats and comparable cache keys.
# ruff: noqa: PTH100, PTH117, PTH118

from __future__ import annotations

import json
import os
from dataclasses import dataclass

from promptls.discovery.agent_settings import AgentSetting, SettingsProblem, read_json

GEMINI_DEFAULT_NAME = "GEMINI.md"
GEMINI_DEFAULT_MARKERS = (".git",)


@dataclass(frozen=True, slots=True)
class GeminiConfig:
    """The resolved context file names and boundary markers, and what shaped them."""

    names: tuple[str, ...]
    markers: tuple[str, ...]
    shown: tuple[AgentSetting, ...]
    problems: tuple[SettingsProblem, ...]
    watched: tuple[str, ...]


def gemini_config(user_dir: str | None, cwd: str, home: str | None) -> GeminiConfig:
    """Merge the user and workspace layers and resolve the two discovery keys."""
    layers: list[tuple[str, dict[str, object]]] = []
    problems: list[SettingsProblem] = []
    paths = [] if user_dir is None else [os.path.join(user_dir, "settings.json")]
    if home is None or os.path.abspath(cwd) != os.path.abspath(home):
        paths.append(os.path.join(cwd, ".gemini", "settings.json"))
    for path in paths:
        table, problem = read_json(path, refuses="gemini-cli refuses to start with this file")
        if problem is not None:
            problems.append(problem)
        context = (table or {}).get("context")
        if isinstance(context, dict):
            layers.append((path, context))
    names: tuple[str, ...] = (GEMINI_DEFAULT_NAME,)
    names_source = "default"
    markers, markers_source = GEMINI_DEFAULT_MARKERS, "default"
    for path, context in layers:
        raw = context.get("fileName")
        if raw is not None:
            given = [raw] if isinstance(raw, str) else raw
            if isinstance(given, list) and all(isinstance(v, str) for v in given):
                added = [os.path.normpath(v.strip()) for v in given if v.strip()]
                names = tuple(dict.fromkeys([*added, *names]))
                names_source = path
            else:
                message = "context.fileName must be a string or a list of strings"
                problems.append(SettingsProblem(path, message))
        raw = context.get("memoryBoundaryMarkers")
        if raw is not None:
            if isinstance(raw, list) and all(isinstance(v, str) for v in raw):
                markers = tuple(m for m in raw if not os.path.isabs(m) and ".." not in m)
                markers_source = path
            else:
                message = "context.memoryBoundaryMarkers must be a list of strings"
                problems.append(SettingsProblem(path, message))
    shown = (
        AgentSetting("context.fileName", json.dumps(list(names)), names_source),
        AgentSetting("context.memoryBoundaryMarkers", json.dumps(list(markers)), markers_source),
    )
    return GeminiConfig(names, markers, shown, tuple(problems), tuple(paths))
