"""Crush's loader: a list of paths read from the working folder, no walk.

Crush (charmbracelet/crush ``internal/agent/prompt/prompt.go`` ``loadContextFiles``,
``internal/config/config.go`` ``defaultContextPaths`` and ``load.go`` ``setDefaults``,
read 2026-12-06 at 37f36e93) reads its context paths relative to the working folder
only, never a parent or a child folder:

- the built-in names plus ``options.context_paths`` (``settings.py``), sorted by byte
  value, repeats dropped; a path starting with ``~`` is under the home folder and one
  starting with ``$`` is expanded from the environment;
- each path is looked up once **by its lower-cased text**, the first spelling in sorted
  order taking it: ``CRUSH.md`` comes before ``Crush.md`` and ``crush.md``, so on a
  case-sensitive disk those two are never read (likewise ``Agents.md``, ``agents.md``,
  ``gemini.md`` and the lower-case ``.local`` names);
- a path naming a folder sends every file below it, in lexical order (``.cursor/rules/``);
- then the global files: ``options.global_context_paths``, else ``CRUSH.md`` in Crush's
  config folder and ``AGENTS.md`` in the folder above it (``~/.config/crush/CRUSH.md``,
  ``~/.config/AGENTS.md``).

Crush keeps the files in a Go map, so it sends them in an order that changes from run
to run; promptls lists them in the sorted order of the paths (project, then global).
"""

# Plain str paths on purpose: cheap stats and comparable cache keys.
# ruff: noqa: PTH112, PTH117, PTH118, PTH120

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING

from promptls.agents.crush import DEFAULT_PATHS, settings
from promptls.discovery.dirs import ancestors
from promptls.discovery.hooks import DiscoveryHooks
from promptls.discovery.model import ContextScope, EntryStatus
from promptls.text import runmemo
from promptls.text.paths import within

if TYPE_CHECKING:
    from promptls.discovery.walk import Walker

_VARIABLE = re.compile(r"\$(?:\{(\w+)\}|(\w+))")

MAX_FOLDER_FILES = 512
"""At most this many files are read below one context folder (Crush has no limit)."""


class CrushDiscovery(DiscoveryHooks):
    """Crush's context paths in place of the per-folder walk."""

    environ = ("CRUSH_GLOBAL_CONFIG", "CRUSH_GLOBAL_DATA", "XDG_CONFIG_HOME", "XDG_DATA_HOME")

    def walk(self, walker: Walker) -> bool:
        """The project context paths, then the global ones."""
        _run(walker)
        return True


HOOKS = CrushDiscovery()
"""The hooks ``PROFILE`` names (``Profile.hooks``), loaded by its first discovery."""


def _boundary_folders(w: Walker) -> list[str]:
    """The folders whose settings files Crush merges: from the git worktree's root (the
    working folder alone outside one) down to the working folder."""
    chain = ancestors(w.root)
    for folder in reversed(chain):
        marker = os.path.join(folder, ".git")
        w.watched.add(marker)
        if runmemo.lexists(marker):
            w.project_root = folder
            return [d for d in chain if within(d, folder)]
    return [w.root]


def _run(w: Walker) -> None:
    files = settings.settings_files(w.environ, w.home, _boundary_folders(w))
    config = settings.read_config(files)
    w.watched.update(config.files)
    w.settings += config.shown
    w.problems += config.problems
    paths = sorted(set(DEFAULT_PATHS) | set(config.context_paths))
    _read_paths(w, paths, ContextScope.PROJECT)
    folder = settings.config_dir(w.environ, w.home)
    if w.home_problem:
        reason = f"no user-level files: {w.home_problem}"
        w.skip(os.path.join(folder or "~/.config/crush", "CRUSH.md"), ContextScope.USER, reason)
        return
    if config.global_context_paths is not None:
        global_paths = list(config.global_context_paths)
    elif folder is not None:
        parent = os.path.dirname(folder)
        global_paths = [os.path.join(folder, "CRUSH.md"), os.path.join(parent, "AGENTS.md")]
    else:
        global_paths = []
    _read_paths(w, sorted(set(global_paths)), ContextScope.USER)


def _expand(w: Walker, path: str) -> str:
    """A leading ``~`` and a path starting with ``$`` as Crush expands them (``$NAME``
    and ``${NAME}`` from the environment; an unset name is empty)."""
    if path.startswith("~") and w.home is not None:
        path = w.home + path[1:]
    if path.startswith("$"):
        path = _VARIABLE.sub(lambda m: w.environ.get(m.group(1) or m.group(2), ""), path)
    return path


def _read_paths(w: Walker, paths: list[str], scope: ContextScope) -> None:
    """Each path once by its lower-cased text; a folder sends every file below it."""
    taken: dict[str, str] = {}
    for raw in paths:
        expanded = _expand(w, raw)
        key = expanded.lower()
        full = expanded if os.path.isabs(expanded) else os.path.join(w.root, expanded)
        if key in taken:
            w.watched.add(full)
            if runmemo.exists(full) and os.path.normcase(full) != os.path.normcase(taken[key]):
                reason = (
                    f"skipped: Crush looks {raw!r} up by its lower-cased name, which "
                    f"{taken[key]!r} took first, so this spelling is never read"
                )
                w.add(full, scope, EntryStatus.SHADOWED, reason, None)
            continue
        taken[key] = raw
        w.watched.add(full)
        if os.path.isdir(full):
            w.watched_dirs.add(full)
            for path in _files_below(full):
                w.load(path, scope, role=f"a file below the context path {raw!r}")
        elif runmemo.exists(full):
            w.load(full, scope, role=f"the context path {raw!r}")


def _files_below(folder: str) -> list[str]:
    """Every file below ``folder`` in lexical order, as Go's ``filepath.WalkDir``
    lists them (a folder's entries sorted, each subfolder entered where it sorts)."""
    found: list[str] = []

    def visit(current: str) -> None:
        try:
            with os.scandir(current) as listing:
                items = sorted(listing, key=lambda e: e.name)
        except (OSError, ValueError):
            return
        for item in items:
            if len(found) >= MAX_FOLDER_FILES:
                return
            try:
                if item.is_dir(follow_symlinks=False):
                    visit(item.path)
                else:
                    found.append(item.path)
            except OSError:
                continue

    visit(folder)
    return found
