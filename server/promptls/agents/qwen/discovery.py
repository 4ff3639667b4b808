"""Qwen Code's order, which is not a per-folder walk: one name at a time.

Qwen Code 0.24.4 (``packages/core/src/memory/memoryDiscovery.ts`` bundled in the
package, read 2026-12-06; the oracle shows each step) collects, for every context file
name in turn (``QWEN.md``, then ``AGENTS.md``, or ``context.fileName``): the user file
``~/.qwen/<name>``, then the files from the top of its walk down to the working folder.
The walk goes up from the working folder to the **parent** of the git root (the nearest
folder holding a ``.git`` folder or file), or to the parent of the home folder when
there is none; it stops early in ``~/.qwen``. In the home folder itself only
``~/<name>`` is read. Then ``<git root>/.qwen/QWEN.local.md``. Paths are taken once,
by real path. ``context.includeDirectories`` folders are walked the same way, after the
working folder (the workspace's folders, in order), when
``context.loadFromIncludeDirectories`` is on. Last the rules
(``config/rulesDiscovery.ts``): every ``*.md`` below ``~/.qwen/rules``, then below
``<git root or working folder>/.qwen/rules``, sorted; one with ``paths:`` front matter
is attached when the agent touches a matching file (conditional).
"""

# Plain str paths on purpose: cheap stats and comparable cache keys.
# ruff: noqa: PTH118, PTH120

from __future__ import annotations

import os
import stat
from typing import TYPE_CHECKING

from promptls.agents.qwen.settings import qwen_config
from promptls.discovery.hooks import DiscoveryHooks
from promptls.discovery.model import ContextScope
from promptls.text import runmemo

if TYPE_CHECKING:
    from promptls.discovery.walk import Walker

LOCAL_FILE = os.path.join(".qwen", "QWEN.local.md")


class QwenDiscovery(DiscoveryHooks):
    """Qwen Code's ``settings.json`` and its name-by-name order."""

    environ = ("QWEN_HOME",)

    def walk(self, walker: Walker) -> bool:
        """Every name's user file and walk, the local file, the rules folders."""
        _run(walker)
        return True


HOOKS = QwenDiscovery()
"""The hooks ``PROFILE`` names (``Profile.hooks``), loaded by its first discovery."""


def git_root(folder: str, watched: set[str]) -> str | None:
    """Qwen Code's ``findProjectRoot``: the nearest folder, ``folder`` included, holding
    a ``.git`` folder or file (not a link to one), else None."""
    current = folder
    while True:
        marker = os.path.join(current, ".git")
        watched.add(marker)
        try:
            mode = os.lstat(marker).st_mode
        except (OSError, ValueError):
            mode = 0
        if stat.S_ISDIR(mode) or stat.S_ISREG(mode):
            return current
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent


def _run(w: Walker) -> None:
    config = qwen_config(w.user_dir, w.root, w.home)
    w.problems += config.problems
    w.settings += config.shown
    w.watched.update(config.watched)
    w.project_names = w.user_names = config.names
    root = git_root(w.root, w.watched)
    w.project_root = root or w.root
    if w.home_problem or w.user_dir is None:
        where = os.path.join(w.user_dir or "~/.qwen", config.names[0])
        w.skip(where, ContextScope.USER, f"no user-level files: {w.home_problem}")
    seen: set[str] = set()
    for folder in dict.fromkeys((w.root, *config.include_dirs)):
        for path, scope in _candidates(w, folder, config.names):
            if path not in seen:
                seen.add(path)
                w.load(path, scope)
    if root is not None:
        w.load(os.path.join(root, LOCAL_FILE), ContextScope.LOCAL)
    user_rules = None
    if w.user_dir is not None and not w.home_problem:
        user_rules = os.path.join(w.user_dir, "rules")
        w.rules(user_rules, ContextScope.USER, "a user rules file", owner=w.project_root)
    project_rules = os.path.join(w.project_root, ".qwen", "rules")
    if project_rules != user_rules:
        w.rules(project_rules, ContextScope.PROJECT, "a project rules file", owner=w.project_root)


def _candidates(w: Walker, folder: str, names: tuple[str, ...]) -> list[tuple[str, ContextScope]]:
    """One folder's paths in Qwen Code's order (``getMemoryFilePathsInternalForEachDir``)."""
    found: list[tuple[str, ContextScope]] = []
    home = w.home
    user_dir = None if w.home_problem else w.user_dir
    at_home = home is not None and runmemo.realpath(folder) == runmemo.realpath(home)
    top = None
    if not at_home:
        root = git_root(folder, w.watched)
        top = os.path.dirname(root) if root is not None else None
        if top is None and home is not None:
            top = os.path.dirname(home)
    for name in names:
        user_file = os.path.join(user_dir, name) if user_dir is not None else None
        if user_file is not None:
            found.append((user_file, ContextScope.USER))
        if at_home and home is not None:
            found.append((os.path.join(home, name), ContextScope.USER))
            continue
        upward: list[tuple[str, ContextScope]] = []
        current = folder
        while current != os.path.dirname(current):
            if current == user_dir or (home is not None and current == os.path.join(home, ".qwen")):
                break
            path = os.path.join(current, name)
            if path != user_file:
                scope = ContextScope.USER if current == home else ContextScope.PROJECT
                upward.insert(0, (path, scope))
            if current == top:
                break
            current = os.path.dirname(current)
        found += upward
    return found
