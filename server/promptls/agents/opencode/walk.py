"""opencode's loader, which differs in kind from the per-folder walks of the others.

opencode (anomalyco/opencode, formerly sst/opencode; ``packages/opencode/src/session/
instruction.ts``, read 2026-12-01) sends, in this order: the first global file that
exists (``$OPENCODE_CONFIG_DIR/AGENTS.md``, ``~/.config/opencode/AGENTS.md``,
``~/.claude/CLAUDE.md``); then, searching up from the working folder to the git worktree
(``/`` outside a repository), the first of ``AGENTS.md``, ``CLAUDE.md``, ``CONTEXT.md``
found at any level, with **every** level that holds that name, nearest first; then the
files matched by the ``instructions`` globs of ``opencode.json`` (user and project files
concatenated), each glob expanded in every folder from the working folder up to the
worktree. A file below the working folder is attached when the agent reads a file
there (``resolve``): a ``lazy`` entry. Glob expansion lists folders, so it is capped.
"""

# Plain str paths on purpose: cheap stats and comparable cache keys.
# ruff: noqa: PTH100, PTH117, PTH118, PTH119, PTH120

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING

from promptls.agents.opencode.rules import GLOBS
from promptls.discovery.agent_settings import AgentSetting, SettingsProblem, read_json
from promptls.discovery.dirs import ancestors, folders_between
from promptls.discovery.hooks import DiscoveryHooks
from promptls.discovery.model import ContextScope, EntryStatus
from promptls.text import runmemo
from promptls.text.paths import within

if TYPE_CHECKING:
    from promptls.discovery.walk import Walker

_MAX_MATCHES = 256
"""At most this many files per ``instructions`` glob and folder."""

_MAX_DIRS = 2048
"""At most this many folders listed per glob and folder (a ``**`` expanded from ``/``)."""

_USER_CONFIGS = ("config.json", "opencode.json", "opencode.jsonc")
_PROJECT_CONFIGS = ("opencode.jsonc", "opencode.json")


class OpencodeDiscovery(DiscoveryHooks):
    """opencode's order in place of the per-folder walk.

    A fork that keeps opencode's loader (Kilo Code) subclasses it: its own names (config
    folder variable, Claude switches, settings files) in the class attributes, and what
    it sends between the project files and the ``instructions`` globs in
    ``before_instructions``.
    """

    agent = "opencode"
    """The agent's name in the reasons shown."""
    config_dir_env = "OPENCODE_CONFIG_DIR"
    claude_flags: tuple[str, ...] = (
        "OPENCODE_DISABLE_CLAUDE_CODE",
        "OPENCODE_DISABLE_CLAUDE_CODE_PROMPT",
    )
    user_configs: tuple[str, ...] = _USER_CONFIGS
    """Settings files holding ``instructions`` in the user folder, in merge order."""
    project_configs: tuple[str, ...] = _PROJECT_CONFIGS
    """Settings files holding ``instructions`` in each folder up to the worktree."""
    environ = (config_dir_env, *claude_flags)

    def walk(self, walker: Walker) -> bool:
        """Global file, the project files of the first name found, the instructions globs."""
        _run(walker, self)
        return True

    def before_instructions(self, walker: Walker, chain: list[str]) -> None:
        """Files sent after the project files and before the ``instructions`` globs
        (``chain``: the working folder up to the worktree); opencode sends none."""
        del walker, chain


HOOKS = OpencodeDiscovery()
"""The hooks ``PROFILE`` names (``Profile.hooks``), loaded by its first discovery."""


def _run(w: Walker, hooks: OpencodeDiscovery) -> None:
    """Global file, the project files of the first name found, the instructions globs."""
    chain = _worktree_chain(w)
    no_claude = _claude_disabled(w, hooks.claude_flags)
    _user_file(w, no_claude, hooks)
    names = tuple(n for n in w.profile.project_files if not (no_claude and n == "CLAUDE.md"))
    winner = ""
    for name in names:
        found = [os.path.join(d, name) for d in chain if runmemo.exists(os.path.join(d, name))]
        w.watched.update(os.path.join(d, name) for d in chain)
        if not found:
            continue
        if winner:
            for path in found:
                reason = (
                    f"shadowed: {winner} was found first, and {hooks.agent} loads only the "
                    f"first of {', '.join(names)} that exists at any level"
                )
                w.add(path, ContextScope.PROJECT, EntryStatus.SHADOWED, reason, None)
            continue
        winner = name
        for path in found:
            w.load(path, ContextScope.PROJECT)
    hooks.before_instructions(w, chain)
    for pattern, source in _instructions(w, chain, hooks):
        _expand_instruction(w, pattern, source, chain, hooks.agent)
    _lazy(w, hooks.agent)


def _worktree_chain(w: Walker) -> list[str]:
    """Folders from the working folder up to the git worktree (or ``/``), nearest first."""
    chain = ancestors(w.root)
    top = chain[0]
    for folder in reversed(chain):
        marker = os.path.join(folder, ".git")
        w.watched.add(marker)
        if runmemo.lexists(marker):
            top = folder
            break
    w.project_root = top
    return [d for d in reversed(chain) if within(d, top)]


def _claude_disabled(w: Walker, flags: tuple[str, ...]) -> bool:
    """``OPENCODE_DISABLE_CLAUDE_CODE`` or ``…_PROMPT`` ("true" or "1") turns the
    CLAUDE.md files off (opencode's ``Flag.OPENCODE_DISABLE_CLAUDE_CODE_PROMPT``)."""
    on = [f for f in flags if w.environ.get(f, "").lower() in ("true", "1")]
    if on:
        w.settings.append(AgentSetting(on[0], w.environ[on[0]], "environment"))
    return bool(on)


def _user_file(w: Walker, no_claude: bool, hooks: OpencodeDiscovery) -> None:
    """The first global file that exists; the later candidates are shadowed."""
    if w.home_problem or w.user_dir is None:
        where = os.path.join(w.user_dir or f"~/{w.profile.user_dir}", "AGENTS.md")
        w.skip(where, ContextScope.USER, f"no user-level files: {w.home_problem}")
        return
    candidates = []
    override = w.environ.get(hooks.config_dir_env, "")
    if override:
        candidates.append(os.path.join(os.path.abspath(override), "AGENTS.md"))
    if w.user_dir is not None:
        candidates.append(os.path.join(w.user_dir, "AGENTS.md"))
    if w.home is not None and not no_claude:
        candidates.append(os.path.join(w.home, ".claude", "CLAUDE.md"))
    winner = ""
    for path in candidates:
        w.watched.add(path)
        if not runmemo.exists(path):
            continue
        if winner:
            reason = f"shadowed by {winner} ({hooks.agent} loads the first global file that exists)"
            w.add(path, ContextScope.USER, EntryStatus.SHADOWED, reason, None)
            continue
        winner = path
        w.load(path, ContextScope.USER)


def _instructions(w: Walker, chain: list[str], hooks: OpencodeDiscovery) -> list[tuple[str, str]]:
    """The ``instructions`` entries of the user's and the project's ``opencode.json``,
    concatenated in that order (the project's from the worktree down), repeats dropped."""
    files = [os.path.join(w.user_dir, n) for n in hooks.user_configs] if w.user_dir else []
    for folder in reversed(chain):
        files += [os.path.join(folder, n) for n in hooks.project_configs]
    seen: dict[str, str] = {}
    for path in files:
        w.watched.add(path)
        refuses = f"{hooks.agent} refuses to start with this file"
        table, problem = read_json(path, refuses=refuses)
        if problem is not None:
            w.problems.append(problem)
        if table is None or "instructions" not in table:
            continue
        value = table["instructions"]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            message = f"instructions must be a list of strings ({hooks.agent} rejects the file)"
            w.problems.append(SettingsProblem(path, message))
            continue
        for item in value:
            seen.setdefault(item, path)
        w.settings.append(AgentSetting("instructions", json.dumps(value), path))
    return list(seen.items())


def _expand_instruction(w: Walker, raw: str, source: str, chain: list[str], agent: str) -> None:
    """Load the files one ``instructions`` entry names, as opencode expands it."""
    where = f"instructions entry {raw!r} in {source}"
    if raw.startswith(("https://", "http://")):
        reason = f"skipped: {where} is a URL, which {agent} fetches at launch; not fetched"
        w.skip(raw, ContextScope.PROJECT, reason)
        return
    instruction = raw
    if raw.startswith("~/") and w.home is not None:
        instruction = os.path.join(w.home, raw[2:])
    if os.path.isabs(instruction):
        bases = [(os.path.dirname(instruction), os.path.basename(instruction))]
    else:
        bases = [(folder, instruction) for folder in chain]
    found = False
    for folder, pattern in bases:
        w.watched_dirs.add(folder)
        paths, stopped = _glob(folder, pattern)
        for path in paths:
            found = True
            w.load(path, ContextScope.PROJECT, role=f"a file matching {where}")
        if stopped:
            reason = (
                f"skipped: {where}: promptls stopped expanding it in {folder} after "
                f"{_MAX_DIRS} folders or {_MAX_MATCHES} files; {agent} may load more"
            )
            w.skip(os.path.join(folder, pattern), ContextScope.PROJECT, reason)
    if not found:
        target = instruction if os.path.isabs(instruction) else os.path.join(w.root, raw)
        w.skip(target, ContextScope.PROJECT, f"skipped: {where} matches no file")


def _lazy(w: Walker, agent: str) -> None:
    """On reading the target, opencode attaches the first instruction file of each
    folder from the target's up to (not including) the working folder."""
    if w.target is None:
        return
    name = os.path.basename(w.target)
    for directory in folders_between(w.root, w.target):
        for lazy_name in w.profile.lazy_files:
            path = os.path.join(directory, lazy_name)
            w.watched.add(path)
            if not runmemo.isfile(path):
                continue
            if path != w.target and path not in w.loaded:
                shown = os.path.relpath(directory, w.root)
                reason = (
                    f"lazy: {agent} attaches it when it reads a file in {shown}/ "
                    f"(such as {name}), not at launch"
                )
                w.add(path, ContextScope.PROJECT, EntryStatus.LAZY, reason, None)
            break


def _glob(folder: str, pattern: str) -> tuple[list[str], bool]:
    """Files below ``folder`` matching ``pattern`` in opencode's dialect, sorted, and
    whether the search stopped early.

    A bounded breadth-first listing instead of a glob library's unbounded walk: a
    ``**`` expanded from ``/`` (opencode's worktree outside a repository) would read the
    whole disk. It starts below the pattern's literal folders, descends only as deep as
    the pattern reaches (any depth with ``**``), skips dot folders the pattern cannot
    match, and stops after ``_MAX_DIRS`` folders or ``_MAX_MATCHES`` files.
    """
    parts = pattern.split("/")
    fixed = []
    for part in parts[:-1]:
        if any(c in part for c in "*?[{"):
            break
        fixed.append(part)
    start = os.path.join(folder, *fixed)
    rest = parts[len(fixed) :]
    depth = None if "**" in rest else len(rest) - 1
    dots = any(p.startswith(".") for p in rest)
    found: list[str] = []
    queue = [(start, 0)]
    visited = 0
    while queue:
        current, level = queue.pop(0)
        visited += 1
        if visited > _MAX_DIRS:
            return sorted(found), True
        try:
            with os.scandir(current) as listing:
                items = sorted(listing, key=lambda e: e.name)
        except (OSError, ValueError):
            continue
        for item in items:
            try:
                is_dir = item.is_dir()
            except OSError:
                continue
            if is_dir:
                if (depth is None or level < depth) and (dots or not item.name.startswith(".")):
                    queue.append((item.path, level + 1))
                continue
            relative = os.path.relpath(item.path, folder).replace(os.sep, "/")
            if GLOBS.match(pattern, relative):
                found.append(item.path)
                if len(found) >= _MAX_MATCHES:
                    return sorted(found), True
    return sorted(found), False
