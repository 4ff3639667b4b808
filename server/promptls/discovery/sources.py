"""The sources beyond one file per folder: rules folders, auto memory, nested lazy files.

Claude Code loads ``.claude/rules/**/*.md`` (a rule with ``paths:`` front matter only
when the agent reads a matching file), the head of its auto-memory ``MEMORY.md``, and a
``CLAUDE.md`` below the working folder only when it reads a file there. Each is profile
data (``Profile.user_rules_dir``, ``project_rules_dir``, ``memory_file``,
``lazy_files``) that this mixin interprets, so a path-scoped agent added later reuses it.
Costs stay bounded: one listing per rules folder (at most ``_MAX_RULES`` files, symlink
cycles cut), and lazy files are looked up only on the path to a target file, never by
walking a tree.
"""

# Plain str paths on purpose: cheap stats and comparable cache keys.
# ruff: noqa: PTH113, PTH116, PTH118, PTH119

from __future__ import annotations

import os

from promptls.agents.model import Profile
from promptls.discovery.dirs import folders_between
from promptls.discovery.follow import ImportFollower
from promptls.discovery.frontmatter import read_front_matter
from promptls.discovery.git import find_git_dir
from promptls.discovery.globs import first_match
from promptls.discovery.model import ContextScope, EntryStatus
from promptls.discovery.record import content_notes
from promptls.discovery.rule_modes import Activation, Mode, activation
from promptls.text import runmemo
from promptls.text.fsread import (
    FileRead,
    capped,
    char_boundary,
    decode,
    human_bytes,
    read_bounded,
)

_MAX_RULES = 256
"""At most this many rule files per rules folder (sorted by relative path)."""

_MAX_DEPTH = 16
"""Rules folders deeper than this are not listed (a guard, not an agent limit)."""

_FRONT_MATTER_CAP = 64 * 1024
"""A rule's front matter is read this far even under a smaller ``--max-bytes``: the agent
reads the whole file, so a ``paths:`` key past promptls's own read cap still scopes it."""


def list_markdown(
    folder: str, suffix: str = ".md", folder_file: str | None = None
) -> tuple[list[str], list[str]]:
    """``*<suffix>`` below ``folder`` (links followed, cycles cut), and every file named
    ``folder_file`` in a subfolder of it, sorted; and the folders read."""
    found: list[str] = []
    listed: list[str] = []
    seen: set[str] = set()
    stack = [(folder, 0)]
    while stack and len(found) < _MAX_RULES:
        current, depth = stack.pop()
        real = runmemo.realpath(current)
        if real in seen or depth > _MAX_DEPTH:
            continue
        seen.add(real)
        listing = runmemo.listdir(current)
        if listing is None:
            continue
        names = sorted(listing)
        listed.append(current)
        for name in reversed(names):
            path = os.path.join(current, name)
            if runmemo.isdir(path):
                stack.append((path, depth + 1))
            elif name.endswith(suffix) or (depth and name == folder_file):
                found.append(path)
    return sorted(found)[:_MAX_RULES], listed


def _activation(prof: Profile, text: str) -> Activation:
    """How ``prof`` uses a rule file with this text (its front matter parsed once per
    text in a ``check`` run: every walk of a repository reads the same rules)."""
    key = (prof.name, prof.title, prof.rules_scope_key, text)
    return runmemo.remembered("activation", key, lambda: activation(prof, read_front_matter(text)))


class ExtraSources(ImportFollower):
    """Rules folders, auto memory and lazy nested files for the walker."""

    root: str
    project_root: str
    user_dir: str | None
    target: str | None
    lazy_names: tuple[str, ...]
    agents_mode: str

    def load(
        self,
        path: str,
        scope: ContextScope,
        *,
        role: str | None = None,
        holds_slot: bool = False,
        passes_slot: bool = False,
        read: FileRead | None = None,
    ) -> bool:
        """Provided by the walker."""
        raise NotImplementedError

    def rules(self, folder: str, scope: ContextScope, role: str, owner: str | None = None) -> None:
        """Every rule file below a rules folder, used as the profile's agent uses it:
        loaded, conditional on globs (resolved against ``owner``, default the root),
        on request, or skipped."""
        self.watched_dirs.add(folder)
        prof = self.profile
        files, listed = list_markdown(folder, prof.rules_suffix, prof.rules_folder_file)
        self.watched_dirs.update(listed)
        for path in files:
            result = read_bounded(path, max(self.max_bytes, _FRONT_MATTER_CAP))
            if result.data is None:
                self.load(path, scope, role=role, read=result)
                continue
            text, _ = decode(char_boundary(result.data))
            act = _activation(prof, text)
            result = capped(result, self.max_bytes)
            if act.mode is Mode.ALWAYS:
                self.load(path, scope, role=f"{role}{act.note}", read=result)
            elif act.mode is Mode.SCOPED:
                self.scoped(path, scope, act.globs, result, owner or self.root, act.note)
            elif act.mode is Mode.ON_REQUEST:
                reason = f"on-request: {act.note}"
                self.add(path, scope, EntryStatus.ON_REQUEST, reason, result.size)
            else:
                self.skip(path, scope, f"skipped: {act.note}", result.size)

    def scoped(
        self,
        path: str,
        scope: ContextScope,
        globs: tuple[str, ...],
        read: FileRead,
        owner: str,
        note: str = "",
    ) -> None:
        """A path-scoped rule: conditional, or loaded when the target file matches."""
        shown = ", ".join(globs)
        extra = f" ({note})" if note else ""
        if self.target is not None:
            relative = os.path.relpath(self.target, self.root).replace(os.sep, "/")
            hit = first_match(self.profile.globs, globs, self.target, owner)
            if hit is not None:
                role = f"a rule for {relative} (matches {hit}){extra}"
                self.load(path, scope, role=role, read=read)
                return
            reason = f"conditional: {relative} matches none of {shown}{extra}"
            self.add(path, scope, EntryStatus.CONDITIONAL, reason, read.size)
            return
        reason = (
            f"conditional: loaded when {self.profile.name} reads a file matching {shown}{extra}"
        )
        self.add(path, scope, EntryStatus.CONDITIONAL, reason, read.size)

    def memory(self) -> None:
        """The head of the agent's auto memory for this project (Claude's ``MEMORY.md``)."""
        pattern = self.profile.memory_file
        if pattern is None or self.user_dir is None:
            return
        location = find_git_dir(self.root)
        project = location.worktree if location is not None else self.root
        path = os.path.join(
            self.user_dir, pattern.format(project=self.profile.discovery.memory_key(project))
        )
        self.watched.add(path)
        result = read_bounded(path, self.max_bytes)
        if result.missing:
            return
        if result.data is None:
            self.skip(path, ContextScope.USER, f"skipped: {result.problem}", result.size)
            return
        data = char_boundary(result.data)
        lines, limit = self.profile.memory_max_lines, self.profile.memory_max_bytes
        head = b"".join(data.splitlines(keepends=True)[:lines])[:limit]
        head = char_boundary(head)
        text, bad = decode(head)
        if not text.strip():
            self.skip(path, ContextScope.USER, "skipped: empty, nothing to load", result.size)
            return
        status, notes = EntryStatus.LOADED, ["loaded as the project's auto memory"]
        if len(head) < len(result.data) or result.truncated:
            status = EntryStatus.CUT
            notes = [
                f"cut at byte {len(head)}: {self.profile.name} loads the first {lines} lines "
                f"or {human_bytes(limit)} of {os.path.basename(path)}, whichever comes first"
            ]
        notes += content_notes(head, bad)
        cut_at = len(head) if status is EntryStatus.CUT else None
        self.keep(path, text, ContextScope.USER, status, "; ".join(notes), result.size,
                  cut_at=cut_at)  # fmt: skip

    def lazy(self) -> None:
        """Nested files on the way from the root to the target: ``lazy`` entries, since
        the agent reads them only when it reads the target (not at launch).

        Where the launch read the profile's ``fallback_files`` (``agents_mode`` is
        ``"load"``), a folder with none of the lazy names offers its fallback files
        instead (Claude Code's AGENTS.md beside no CLAUDE file: oracle scenarios
        "claude: a nested AGENTS.md loads when a file there is read" and "claude: no
        nested AGENTS.md beside a nested CLAUDE.md", 2.1.332)."""
        if self.target is None or not self.lazy_names:
            return
        name = os.path.basename(self.target)
        fallback = self.profile.fallback_files if self.agents_mode == "load" else ()
        for directory in folders_between(self.root, self.target):
            found = self._lazy_in(directory, self.lazy_names, name)
            if not found and fallback:
                self._lazy_in(directory, fallback, name, " (the AGENTS.md fallback)")

    def _lazy_in(
        self, directory: str, names: tuple[str, ...], target_name: str, why: str = ""
    ) -> bool:
        """``lazy`` entries for the files of ``names`` in ``directory``; whether any exists."""
        found = False
        for lazy_name in names:
            path = os.path.join(directory, lazy_name)
            self.watched.add(path)
            try:
                size = os.stat(path).st_size if os.path.isfile(path) else None
            except (OSError, ValueError):
                size = None
            if size is None:
                continue
            found = True
            if path == self.target:
                continue
            scope = ContextScope.LOCAL if ".local." in lazy_name else ContextScope.PROJECT
            folder_name = os.path.relpath(directory, self.root)
            reason = (
                f"lazy: {self.profile.name} loads it when it reads a file in "
                f"{folder_name}/ (such as {target_name}), not at launch{why}"
            )
            self.add(path, scope, EntryStatus.LAZY, reason, size)
        return found
