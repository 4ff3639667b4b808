"""Qwen Code's ``settings.json`` keys that change which context files it loads.

Qwen Code 0.24.4 reads ``~/.qwen/settings.json`` (user; ``$QWEN_HOME/settings.json``
when set) and ``<cwd>/.qwen/settings.json`` (workspace; not when the working folder is
the home folder), JSON with comments, the workspace winning. The keys:
``context.fileName`` (a string or a list; it **replaces** the default ``["QWEN.md",
"AGENTS.md"]``), ``context.includeDirectories`` (more workspace folders, concatenated
over the layers, read as gemini-cli reads them: its ``include_dirs``) whose context
files load only with ``context.loadFromIncludeDirectories: true``, and
``context.importFormat`` (``tree``, the default, inlines imports; ``flat`` lists each
file once). Sources: the package's bundled ``packages/core/src/utils/memory-constants.ts``
(``setMemoryFilename``), ``packages/cli/src/config/config.ts`` (``loadCliConfig``),
``packages/cli/src/config/settings.ts`` (``loadSettings``) and
``packages/core/src/config/config.ts`` (``getMemoryDiscoveryDirectories``), read
2026-12-06.
"""

# Plain str paths on purpose: cheap stats and comparable cache keys.
# ruff: noqa: PTH118

from __future__ import annotations

import json
import os

from promptls.agents.gemini.settings import include_dirs
from promptls.discovery.agent_settings import AgentSetting, SettingsProblem, read_json
from promptls.record import Record
from promptls.text import runmemo

DEFAULT_NAMES = ("QWEN.md", "AGENTS.md")
REFUSES = "Qwen Code refuses to start with a broken user file and resets a workspace one"


class QwenConfig(Record):
    """The resolved context file names and memory folders, and what shaped them."""

    names: tuple[str, ...]
    include_dirs: tuple[str, ...]
    flat: bool
    shown: tuple[AgentSetting, ...]
    problems: tuple[SettingsProblem, ...]
    watched: tuple[str, ...]


def qwen_config(user_dir: str | None, cwd: str, home: str | None) -> QwenConfig:
    """Merge the user and workspace layers and resolve the discovery keys."""
    problems: list[SettingsProblem] = []
    paths = [] if user_dir is None else [os.path.join(user_dir, "settings.json")]
    if home is None or runmemo.realpath(cwd) != runmemo.realpath(home):
        paths.append(os.path.join(cwd, ".qwen", "settings.json"))
    names: tuple[str, ...] = DEFAULT_NAMES
    names_source = "default"
    includes: list[str] = []
    include_source = ""
    load_includes: tuple[bool, str] = (False, "default")
    import_format = ("tree", "default")
    for path in paths:
        table, problem = read_json(path, refuses=REFUSES)
        if problem is not None:
            problems.append(problem)
        context = (table or {}).get("context")
        if not isinstance(context, dict):
            continue
        given = _names(path, context.get("fileName"), problems)
        if given:
            names, names_source = given, path
        found = include_dirs(path, context, cwd, home, problems, agent="Qwen Code")
        if found:
            includes += found
            include_source = path
        flag = context.get("loadFromIncludeDirectories")
        if isinstance(flag, bool):
            load_includes = (flag, path)
        elif flag is not None:
            message = "context.loadFromIncludeDirectories must be true or false"
            problems.append(SettingsProblem(path, message))
        fmt = context.get("importFormat")
        if fmt in ("tree", "flat"):
            import_format = (str(fmt), path)
        elif fmt is not None:
            message = 'context.importFormat must be "tree" or "flat"'
            problems.append(SettingsProblem(path, message))
    shown = [AgentSetting("context.fileName", json.dumps(list(names)), names_source)]
    included = tuple(dict.fromkeys(includes))
    if included:
        shown.append(
            AgentSetting("context.includeDirectories", json.dumps(list(included)), include_source)
        )
        shown.append(
            AgentSetting(
                "context.loadFromIncludeDirectories",
                json.dumps(load_includes[0]),
                load_includes[1],
            )
        )
    flat = import_format[0] == "flat"
    if flat:
        shown.append(AgentSetting("context.importFormat", '"flat"', import_format[1]))
        message = (
            'context.importFormat "flat": Qwen Code lists each imported file once as a '
            "--- File: PATH --- block; promptls shows the files and renders the tree format"
        )
        problems.append(SettingsProblem(import_format[1], message))
    memory_dirs = included if load_includes[0] else ()
    return QwenConfig(names, memory_dirs, flat, tuple(shown), tuple(problems), tuple(paths))


def _names(path: str, raw: object, problems: list[SettingsProblem]) -> tuple[str, ...]:
    """The names one layer's ``context.fileName`` gives; empty when it gives none (an
    empty string or list leaves the names as they were, as ``setMemoryFilename`` does)."""
    if raw is None:
        return ()
    given = [raw] if isinstance(raw, str) else raw
    if not isinstance(given, list) or not all(isinstance(v, str) for v in given):
        problems.append(SettingsProblem(path, "context.fileName must be a string or a list"))
        return ()
    return tuple(dict.fromkeys(v.strip() for v in given if v.strip()))
