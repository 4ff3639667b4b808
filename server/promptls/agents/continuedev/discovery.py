"""The Continue CLI's loader: one agent file and two rules folders, no walk.

``cn`` 1.5.47 (``src/systemMessage.ts`` in its bundle's source map, read 2026-12-07;
every point below is an oracle scenario "continue: ..." in ``tests/oracle/scenarios.py``)
builds one ``userRules`` block from, in this order:

1. the first of ``AGENTS.md``, ``AGENT.md``, ``CLAUDE.md``, ``CODEX.md`` that exists in
   the working folder, sent as read (not trimmed; a whitespace-only file is sent). The
   first name that exists takes the slot even when it is empty (then nothing is sent)
   or a folder; no folder above or below the working folder is read;
2. the rule files (``*.md``) of the working folder's ``.continue/rules``, its subfolders
   included, then those of ``~/.continue/rules`` (``$CONTINUE_GLOBAL_DIR/rules`` when
   that is set): each folder's own files first, then its subfolders', level by level,
   as Node's recursive ``readdir`` lists them, and each folder sorted by name in byte
   order (libuv sorts what ``scandir`` returns). Which rules are sent is ``rules.py``.

The rules of a ``config.yaml`` (``rules:``) come between the two and are not modelled:
promptls reads no ``config.yaml`` (the oracle runs ``cn --config`` with its own).
"""

# Plain str paths on purpose: cheap stats and comparable cache keys.
# ruff: noqa: PTH110, PTH118, PTH119, PTH120

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from promptls.agents.continuedev import AGENT_FILES, GLOBAL_DIR_ENV
from promptls.agents.continuedev.rules import RULES_DIR, read_rule
from promptls.discovery.agent_settings import AgentSetting
from promptls.discovery.hooks import DiscoveryHooks
from promptls.discovery.model import ContextScope, EntryStatus
from promptls.text import runmemo
from promptls.text.fsread import decode, read_bounded

if TYPE_CHECKING:
    from promptls.discovery.walk import Walker

_MAX_LISTED = 2048
"""At most this many entries of one rules folder tree are looked at."""


class ContinueDiscovery(DiscoveryHooks):
    """The working folder's agent file, then the project's and the user's rules."""

    def walk(self, walker: Walker) -> bool:
        """Continue's order in place of the per-folder walk."""
        walker.project_root = walker.root
        value = walker.environ.get(GLOBAL_DIR_ENV, "")
        if value:
            walker.settings.append(AgentSetting(GLOBAL_DIR_ENV, value, "environment"))
        _agent_file(walker)
        _rules(walker, os.path.join(walker.root, RULES_DIR), ContextScope.PROJECT)
        if walker.user_dir is None or walker.home_problem:
            where = os.path.join("~", ".continue", "rules")
            walker.skip(where, ContextScope.USER, f"no user-level rules: {walker.home_problem}")
        else:
            _rules(walker, os.path.join(walker.user_dir, "rules"), ContextScope.USER)
        return True


HOOKS = ContinueDiscovery()
"""The hooks ``PROFILE`` names (``Profile.hooks``), loaded by its first discovery."""


def is_agent_file(path: str, root: str) -> bool:
    """Whether ``path`` is the working folder's agent file (sent as read, not as a rule)."""
    return os.path.dirname(path) == root and os.path.basename(path) in AGENT_FILES


def _agent_file(w: Walker) -> None:
    """The first agent file name that exists takes the slot, even empty."""
    winner = ""
    for name in AGENT_FILES:
        path = os.path.join(w.root, name)
        w.watched.add(path)
        if not os.path.exists(path):
            continue
        if winner:
            reason = f"shadowed by {winner} in the same folder (cn reads the first that exists)"
            w.add(path, ContextScope.PROJECT, EntryStatus.SHADOWED, reason, None)
            continue
        winner = name
        if not runmemo.isfile(path):
            reason = "skipped: not a file, yet it takes the slot, so cn sends no agent file"
            w.skip(path, ContextScope.PROJECT, reason)
            continue
        w.load(path, ContextScope.PROJECT, role="the working folder's agent file", holds_slot=True)


def _rules(w: Walker, folder: str, scope: ContextScope) -> None:
    """Every ``*.md`` file below ``folder``, level by level, each read as a rule."""
    w.watched_dirs.add(folder)
    role = "a user rule" if scope is ContextScope.USER else "a project rule"
    for path in _listing(w, folder):
        result = read_bounded(path, w.max_bytes)
        if result.missing:
            continue
        if result.data is None:
            w.skip(path, scope, f"skipped: {result.problem}", result.size)
            continue
        rule = read_rule(decode(result.data)[0])
        if rule.why_not:
            w.skip(path, scope, rule.why_not, result.size)
            continue
        w.load(path, scope, role=f"{role}; {rule.problem}" if rule.problem else role, read=result)


def _listing(w: Walker, top: str) -> list[str]:
    """The ``.md`` files below ``top`` in Node's recursive order: a folder's entries
    sorted by name (code points, which is UTF-8 byte order), then each subfolder's in
    turn (breadth first); links to folders are not entered."""
    if not runmemo.isdir(top):
        return []
    found: list[str] = []
    queue = [top]
    seen = 0
    while queue and seen < _MAX_LISTED:
        folder = queue.pop(0)
        w.watched_dirs.add(folder)
        try:
            with os.scandir(folder) as listing:
                entries = sorted(listing, key=lambda e: e.name)
        except (OSError, ValueError):
            continue
        for entry in entries:
            seen += 1
            if entry.is_dir(follow_symlinks=False):
                queue.append(entry.path)
            elif entry.name.endswith(".md") and runmemo.isfile(entry.path):
                found.append(entry.path)
    return found
