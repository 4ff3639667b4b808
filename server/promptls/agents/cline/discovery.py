"""Cline's loader, which keys rules by name and sends them sorted by name.

Cline CLI 3.0.65 (``@cline/shared`` storage paths and ``@cline/core`` rule watcher,
0.0.86, read 2026-12-06; every point below is an oracle scenario in
``tests/oracle/scenarios.py``) reads, in this order, with the working folder as the
workspace (no walk up to the repository, nothing below it):

1. ``AGENTS.md`` of the working folder;
2. ``.clinerules``, a file or a folder;
3. ``.cline/rules/``;
4. ``~/.agents/AGENTS.md``;
5. ``~/.cline/rules/`` (``$CLINE_DIR/rules`` when that is set);
6. ``~/Cline/Rules/`` and ``~/Documents/Cline/Rules/`` (and the Documents folder of
   ``$OneDrive``, ``$OneDriveConsumer``, ``$OneDriveCommercial``).

A folder contributes its own ``.md``, ``.markdown`` and ``.txt`` files (not those of
its subfolders, not symbolic links) and its ``AGENTS.md``. Each file is a rule keyed by
its name (``rules.py``): a later rule of the same name replaces an earlier one, even a
switched-off one. The rules left are sent sorted by name, user and project mixed.
"""

# Plain str paths on purpose: cheap stats and comparable cache keys.
# ruff: noqa: PTH100, PTH118, PTH119

from __future__ import annotations

import os
from typing import TYPE_CHECKING, NamedTuple

from promptls.agents.cline.rules import RuleFile, is_rule_name, read_rule, rule_id, sort_key
from promptls.discovery.agent_settings import AgentSetting
from promptls.discovery.hooks import DiscoveryHooks
from promptls.discovery.model import ContextScope, EntryStatus
from promptls.text import runmemo
from promptls.text.fsread import decode, read_bounded

if TYPE_CHECKING:
    from promptls.discovery.walk import Walker

ONE_DRIVES = ("OneDrive", "OneDriveConsumer", "OneDriveCommercial")
_MAX_LISTED = 512
"""At most this many entries of one rules folder are looked at."""


class Candidate(NamedTuple):
    """One rule file found, where, and how Cline reads it."""

    path: str
    scope: ContextScope
    rule: RuleFile
    size: int


class ClineDiscovery(DiscoveryHooks):
    """Cline's search paths and name-keyed rules in place of the per-folder walk."""

    environ = ("CLINE_DIR", *ONE_DRIVES)

    def walk(self, walker: Walker) -> bool:
        """Every rule, replaced by name, then loaded in name order."""
        _run(walker)
        return True


HOOKS = ClineDiscovery()
"""The hooks ``PROFILE`` names (``Profile.hooks``), loaded by its first discovery."""


def search_paths(w: Walker) -> list[tuple[str, ContextScope]]:
    """Cline's rule search paths for this run, in its order, repeats dropped."""
    root = w.root
    paths = [
        (os.path.join(root, "AGENTS.md"), ContextScope.PROJECT),
        (os.path.join(root, ".clinerules"), ContextScope.PROJECT),
        (os.path.join(root, ".cline", "rules"), ContextScope.PROJECT),
    ]
    if w.home is not None and not w.home_problem:
        home = w.home
        cline_dir = w.user_dir or os.path.join(home, ".cline")
        paths += [
            (os.path.join(home, ".agents", "AGENTS.md"), ContextScope.USER),
            (os.path.join(cline_dir, "rules"), ContextScope.USER),
            (os.path.join(home, "Cline", "Rules"), ContextScope.USER),
            (os.path.join(home, "Documents", "Cline", "Rules"), ContextScope.USER),
        ]
        for name in ONE_DRIVES:
            value = w.environ.get(name, "").strip()
            if value:
                documents = os.path.join(os.path.abspath(value), "Documents", "Cline", "Rules")
                paths.append((documents, ContextScope.USER))
    return list(dict.fromkeys(paths))


def _run(w: Walker) -> None:
    """Read every candidate, key it by name, load the survivors sorted by name."""
    w.project_root = w.root
    _settings(w)
    if w.home is None or w.home_problem:
        where = os.path.join("~", ".cline", "rules")
        w.skip(where, ContextScope.USER, f"no user-level rules: {w.home_problem}")
    kept: dict[str, Candidate] = {}
    for path, scope in search_paths(w):
        for file in _files(w, path, scope):
            found = _read(w, file, scope)
            if found is None:
                continue
            key = rule_id(found.rule.name)
            earlier = kept.get(key)
            if earlier is not None:
                reason = (
                    f"replaced: {file} is also a rule named {found.rule.name!r}, and Cline "
                    "keeps the rule of a name it finds last"
                )
                w.add(earlier.path, earlier.scope, EntryStatus.SHADOWED, reason, earlier.size)
            kept[key] = found
    ordered = sorted(kept.values(), key=lambda c: sort_key(c.rule.name))
    for found in ordered:
        if found.rule.disabled:
            reason = (
                f"switched off: its front matter disables the rule {found.rule.name!r} "
                "(disabled: true or enabled: false)"
            )
            w.skip(found.path, found.scope, reason, found.size)
            continue
        w.load(found.path, found.scope, role=f"the rule {found.rule.name!r}")


def _settings(w: Walker) -> None:
    """The variables that moved Cline's folders, shown as its settings."""
    for name in ClineDiscovery.environ:
        value = w.environ.get(name, "")
        if value.strip():
            w.settings.append(AgentSetting(name, value, "environment"))


def _files(w: Walker, path: str, scope: ContextScope) -> list[str]:
    """The rule files one search path holds: itself when it is a file, else its own
    rule files and its AGENTS.md (by name; Cline lists a folder in the disk's order)."""
    w.watched.add(path)
    if runmemo.isfile(path):
        name = os.path.basename(path)
        return [path] if name == ".clinerules" or is_rule_name(name) else []
    if not runmemo.isdir(path):
        return []
    w.watched_dirs.add(path)
    try:
        with os.scandir(path) as listing:
            entries = sorted(listing, key=lambda e: e.name)[:_MAX_LISTED]
            found = [e.path for e in entries if e.is_file(follow_symlinks=False)]
    except (OSError, ValueError):
        return []
    files = [p for p in found if is_rule_name(os.path.basename(p))]
    agents = os.path.join(path, "AGENTS.md")
    if agents not in files and runmemo.isfile(agents):
        files.append(agents)
    for entry in entries:
        if entry.is_symlink() and entry.path not in files and is_rule_name(entry.name):
            reason = "skipped: a symbolic link in a rules folder, which Cline does not read"
            w.skip(entry.path, scope, reason)
    return files


def _read(w: Walker, path: str, scope: ContextScope) -> Candidate | None:
    """The rule in one file, or None (recorded) when Cline would not take it."""
    result = read_bounded(path, w.max_bytes)
    if result.missing:
        return None
    if result.data is None:
        w.skip(path, scope, f"skipped: {result.problem}", result.size)
        return None
    rule = read_rule(decode(result.data)[0], path, w.root, w.home)
    if rule.problem:
        reason = f"skipped: {rule.problem}, so Cline reports an error for it and sends nothing"
        w.skip(path, scope, reason, result.size)
        return None
    return Candidate(path, scope, rule, result.size or 0)
