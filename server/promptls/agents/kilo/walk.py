"""Kilo Code's loader: opencode's, with Kilo's names, plus its rules folders.

The Kilo Code CLI (npm ``@kilocode/cli``) is a fork of opencode and keeps its loader
(``promptls.agents.opencode.walk``): the first global file, the project files of the
first name found up to the worktree, the ``instructions`` globs of its settings files,
the lazy files below the working folder. What it changes, as the pinned release sends
it (oracle scenarios "kilo: ..." in ``tests/oracle/scenarios.py``, Kilo 7.7.7):

- its names: ``~/.config/kilo`` (``$KILO_CONFIG_DIR``), ``KILO_DISABLE_CLAUDE_CODE*``,
  ``kilo.json`` beside ``opencode.json``, and ``.kilo/`` and ``.kilocode/`` folders that
  hold settings files too;
- the rules it migrates from the Kilo Code extension, sent after the project files and
  before the ``instructions`` globs (``packages/opencode/src/kilocode/rules-migrator.ts``
  in Kilo-Org/kilocode, read 2026-12-06): the ``*.md`` files directly in
  ``~/.kilo/rules`` then ``~/.kilocode/rules``, in ``.kilo/rules`` then
  ``.kilocode/rules`` of the working folder (a name seen in the first folder hides the
  same name in the second), the legacy ``.kilocoderules``, then for each mode (code,
  architect, ask, debug, orchestrator) ``.kilo/rules-MODE``, ``.kilocode/rules-MODE`` and
  ``.kilocoderules-MODE``: every mode's rules, whichever mode runs.

Kilo lists one rules folder in the file system's order; promptls sorts by name so the
answer does not depend on the disk (a named difference in the scenarios).
"""

# Plain str paths on purpose, as in the opencode walk.
# ruff: noqa: PTH118

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from promptls.agents.kilo.rules import LEGACY_RULES, MODES, PROJECT_CONFIGS, RULES_DIRS
from promptls.agents.opencode.walk import OpencodeDiscovery
from promptls.discovery.model import ContextScope, EntryStatus
from promptls.text import runmemo

if TYPE_CHECKING:
    from promptls.discovery.walk import Walker


class KiloDiscovery(OpencodeDiscovery):
    """opencode's order with Kilo's names, its rules sent before the instructions."""

    agent = "Kilo"
    config_dir_env = "KILO_CONFIG_DIR"
    claude_flags = ("KILO_DISABLE_CLAUDE_CODE", "KILO_DISABLE_CLAUDE_CODE_PROMPT")
    user_configs = ("config.json", "kilo.json", "kilo.jsonc", "opencode.json", "opencode.jsonc")
    project_configs = PROJECT_CONFIGS
    environ = (config_dir_env, *claude_flags)

    def before_instructions(self, walker: Walker, chain: list[str]) -> None:
        """The global rules, the working folder's rules, its legacy file, each mode's."""
        del chain
        if walker.home is not None and not walker.home_problem:
            _rules_dirs(walker, walker.home, RULES_DIRS, ContextScope.USER)
        root = walker.root
        _rules_dirs(walker, root, RULES_DIRS, ContextScope.PROJECT)
        _legacy(walker, os.path.join(root, LEGACY_RULES))
        for mode in MODES:
            folders = tuple(f"{d}-{mode}" for d in RULES_DIRS)
            _rules_dirs(walker, root, folders, ContextScope.PROJECT, mode)
            _legacy(walker, os.path.join(root, f"{LEGACY_RULES}-{mode}"), mode)


HOOKS = KiloDiscovery()
"""The hooks ``PROFILE`` names (``Profile.hooks``), loaded by its first discovery."""


def _rules_dirs(
    w: Walker, base: str, folders: tuple[str, ...], scope: ContextScope, mode: str = ""
) -> None:
    """The ``*.md`` files directly in each folder, a name taken by the first folder."""
    taken: dict[str, str] = {}
    role = f"a rule of mode {mode}" if mode else "a rule"
    for folder in folders:
        path = os.path.join(base, folder)
        w.watched_dirs.add(path)
        for name in _markdown_files(path):
            file = os.path.join(path, name)
            if name in taken:
                reason = f"shadowed: {taken[name]} has the same name, and Kilo reads that first"
                w.add(file, scope, EntryStatus.SHADOWED, reason, None)
                continue
            taken[name] = file
            w.load(file, scope, role=f"{role} in {folder}/")


def _legacy(w: Walker, path: str, mode: str = "") -> None:
    """A legacy ``.kilocoderules`` file (Kilo still sends it)."""
    w.watched.add(path)
    if runmemo.isfile(path):
        what = f"the legacy rules file of mode {mode}" if mode else "the legacy rules file"
        w.load(path, ContextScope.PROJECT, role=what)


def _markdown_files(folder: str) -> list[str]:
    """The names of the ``.md`` files directly in ``folder``, sorted."""
    try:
        with os.scandir(folder) as listing:
            return sorted(e.name for e in listing if e.name.endswith(".md") and e.is_file())
    except (OSError, ValueError):
        return []
