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

from promptls.discovery.agent_settings import AgentSetting, SettingsProblem, read_json
from promptls.record import Record
from promptls.text import runmemo

GEMINI_DEFAULT_NAME = "GEMINI.md"
GEMINI_DEFAULT_MARKERS = (".git",)


class GeminiConfig(Record):
    """The resolved context file names and boundary markers, and what shaped them."""

    names: tuple[str, ...]
    markers: tuple[str, ...]
    include_dirs: tuple[str, ...]
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
        legacy = _legacy_file_name(path, table or {}, problems)
        if legacy is not None:
            layers.append((path, {"fileName": legacy}))
    names: tuple[str, ...] = (GEMINI_DEFAULT_NAME,)
    names_source = "default"
    markers, markers_source = GEMINI_DEFAULT_MARKERS, "default"
    includes: list[str] = []
    for path, context in layers:
        includes += include_dirs(path, context, cwd, home, problems)
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
    shown = [
        AgentSetting("context.fileName", json.dumps(list(names)), names_source),
        AgentSetting("context.memoryBoundaryMarkers", json.dumps(list(markers)), markers_source),
    ]
    included = tuple(dict.fromkeys(includes))
    if included:
        source = [p for p, c in layers if "includeDirectories" in c][-1]
        value = json.dumps(list(included))
        shown.append(AgentSetting("context.includeDirectories", value, source))
    return GeminiConfig(names, markers, included, tuple(shown), tuple(problems), tuple(paths))


LEGACY_FILE_NAME = "contextFileName"
"""The first settings layout's top-level key for ``context.fileName``. gemini-cli
(``packages/cli/src/config/settings.ts`` ``MIGRATION_MAP``, read 2026-12-06) moves it to
``context.fileName`` when it migrates a file of that layout; a file already in the
nested layout (a ``context`` object or a ``$version``) is not migrated, and the key
left in it is a leftover gemini-cli only warns about."""


def _legacy_file_name(
    path: str, table: dict[str, object], problems: list[SettingsProblem]
) -> object | None:
    """The old-layout ``contextFileName`` gemini-cli migrates, or None; a leftover one
    beside the nested layout is a problem named in the findings that depend on it."""
    if LEGACY_FILE_NAME not in table:
        return None
    if "context" in table or "$version" in table:
        message = (
            f"the top-level {LEGACY_FILE_NAME} is the old settings layout, which gemini-cli "
            "no longer reads in a file that has `context` or `$version`: move it to "
            "context.fileName"
        )
        problems.append(SettingsProblem(path, message))
        return None
    return table[LEGACY_FILE_NAME]


def include_dirs(
    path: str,
    context: dict[str, object],
    cwd: str,
    home: str | None,
    problems: list[SettingsProblem],
    agent: str = "gemini-cli",
) -> list[str]:
    """``context.includeDirectories`` of one layer: extra workspace folders whose own
    upward walk adds project files (``~`` is the home folder, relative means from the
    working folder; real paths, as gemini-cli's workspace context keeps them). Public
    for gemini-cli's forks, which keep its workspace context (Qwen Code)."""
    raw = context.get("includeDirectories")
    if raw is None:
        return []
    if not isinstance(raw, list) or not all(isinstance(v, str) for v in raw):
        message = "context.includeDirectories must be a list of strings"
        problems.append(SettingsProblem(path, message))
        return []
    found = []
    for value in raw:
        folder = value.strip()
        if folder.startswith("~") and home is not None:
            folder = home + folder[1:]
        folder = runmemo.realpath(os.path.join(cwd, folder))
        if runmemo.isdir(folder):
            found.append(folder)
        else:
            message = f"context.includeDirectories: {value} is not a folder ({agent} skips it)"
            problems.append(SettingsProblem(path, message))
    return found
