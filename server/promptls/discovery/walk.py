"""The discovery walk: visit a profile's candidates in order and record each outcome.

Cost: one ``stat`` (plus one bounded read when present) per candidate name per visited
directory, the agents' settings files, one bounded listing per rules folder
(``sources.py``) and, for a target file, one ``stat`` per lazy name per folder on its
way: never a walk of the workspace tree. Every decision lands in an ``Entry`` with a
sentence a user understands. The walker is built in layers: bookkeeping (``record``),
imports (``follow``), rules/memory/lazy files (``sources``), rules folders beyond the
root's (``scoped_walk``), and the order of a profile here; an agent's own settings and
order join at the hooks its profile names (``hooks``; loaded by the first discovery).

Decisions where the agents' docs are silent:
- Whitespace-only files are skipped ("empty"): no agent but opencode sends them
  (``Profile.sends_whitespace``), and for codex the empty file still takes its folder's
  slot (so it shadows ``AGENTS.md``).
- An over-cap file (``max_bytes``) is truncated at a UTF-8 character boundary and
  reported as ``cut``; the codex budget cuts at the exact byte and decodes lossily, as
  codex itself does (``take(remaining)`` + ``from_utf8_lossy``), so a split character
  becomes one U+FFFD exactly where codex would put it.
- Imported files are appended right after their importer (depth-first, in order of
  appearance); the importer's text is left as is. Each file loads at most once.
"""

# Plain str paths on purpose: cheap stats and comparable cache keys.
# ruff: noqa: PTH116, PTH118, PTH120

from __future__ import annotations

import os
from collections.abc import Callable, Mapping

from promptls.agents.model import Profile
from promptls.discovery.agent_settings import AgentSetting, SettingsProblem
from promptls.discovery.comments import strip_block_comments
from promptls.discovery.dirs import join, walk_directories
from promptls.discovery.imports import find_imports, is_explicit_import, resolve_import
from promptls.discovery.model import ContextScope, Discovery, EntryStatus
from promptls.discovery.record import content_notes
from promptls.discovery.scoped_walk import ScopedSources
from promptls.discovery.shared_folders import visit
from promptls.text import runmemo
from promptls.text.fsread import (
    FileRead,
    Presence,
    char_boundary,
    decode,
    human_bytes,
    is_regular_file,
    presence,
    read_bounded,
)
from promptls.text.paths import within

_MANAGED = "the managed policy file"

_NO_ANCESTOR_IMPORTS = (
    "its @imports are not expanded: Claude Code expands them only in files in the working "
    "folder and below (observed, anthropics/claude-code#78697, #87020, 2026-08)"
)

_ROLE = {
    ContextScope.USER: "the user-level file",
    ContextScope.PROJECT: "the project file for its folder",
    ContextScope.LOCAL: "the local (uncommitted) file",
}


class Walker(ScopedSources):
    """One discovery run; collects files, entries and the paths it depended on."""

    def __init__(
        self,
        profile: Profile,
        root: str,
        home: str | None,
        home_problem: str,
        user_dir: str | None,
        max_bytes: int,
        system_root: str,
        target: str | None = None,
        environ: Mapping[str, str] | None = None,
    ) -> None:
        """Hold the run's inputs; ``user_dir`` is already resolved ($CODEX_HOME etc.)."""
        super().__init__()
        self.environ: Mapping[str, str] = {} if environ is None else environ
        self.profile = profile
        self.root = root
        self.home = home
        self.home_problem = home_problem
        self.user_dir = user_dir
        self.max_bytes = max_bytes
        self.system_root = system_root
        self.budget = profile.budget
        self.budget_left = profile.budget
        self.budget_source = "default"
        self.project_names = profile.project_files
        self.user_names = profile.user_files
        self.lazy_names = profile.lazy_files
        self.include_dirs: tuple[str, ...] = ()
        self.untrusted = ""
        self.settings: list[AgentSetting] = []
        self.problems: list[SettingsProblem] = []
        self.project_root = root
        self.target = target
        self.agent_config: object = None
        """What the agent's settings hook read, for its later hooks (``discovery.hooks``)."""
        self.excludes: Callable[[str], str | None] | None = None
        """Why the agent's settings skip a path (Claude's ``claudeMdExcludes``); None: no
        path is excluded. Never applied to the managed policy file."""
        self.agents_mode = ""
        self.loaded_real: dict[tuple[int, int], str] = {}
        self.loaded_text: dict[str, str] = {}

    # -- the order of a profile -------------------------------------------------------

    def run(self) -> Discovery:
        """Visit managed, user, per-directory and local candidates, broadest first."""
        hooks = self.profile.discovery
        if hooks.walk(self):
            return self.result()
        markers = hooks.settings(self)
        for managed in self.profile.managed_files:
            path = os.path.join(self.system_root, managed.lstrip("/"))
            self.load(path, ContextScope.USER, role=_MANAGED)
        self.user_files()
        walk = walk_directories(self.profile.walk, self.root, markers)
        self.project_root = walk.project_root
        self.watched.update(walk.watched)
        hooks.folders(self, walk.directories)
        if self.profile.sort_paths:
            folders = dict.fromkeys(walk.directories)
            for extra in self.include_dirs:
                included = walk_directories(self.profile.walk, extra, markers)
                self.watched.update(included.watched)
                folders.update(dict.fromkeys(included.directories))
            candidates = (os.path.join(d, n) for d in folders for n in self.project_names)
            for path in sorted(candidates):
                self.load(path, ContextScope.PROJECT)
        else:
            self.agents_mode = hooks.fallback_mode(self, walk.directories)
            visits = hooks.visits(self, walk.directories)
            if visits is None:
                for directory in walk.directories:
                    visit(self, directory)  # or what an identical visit added (run memo)
            else:
                for folder, names in visits:
                    self.slot(folder, names, ContextScope.PROJECT)
        self.path_rules()
        self.memory()
        self.lazy()
        return self.result()

    def result(self) -> Discovery:
        """The run's outcome."""
        return Discovery(
            profile=self.profile.name,
            root=self.root,
            files=tuple(self.files),
            entries=tuple(self.entries),
            project_root=self.project_root,
            watched=frozenset(self.watched),
            watched_dirs=frozenset(self.watched_dirs),
            settings=tuple(self.settings),
            problems=tuple(self.problems),
            home=self.home,
        )

    def user_files(self) -> None:
        """The user's own files; a missing home is reported once instead of guessed."""
        names = self.user_names
        if not names and not self.profile.user_rules_dir:
            return
        if self.user_dir is None:
            where = os.path.join("~", self.profile.user_dir, *names[:1])
            self.skip(where, ContextScope.USER, f"no user-level files: {self.home_problem}")
            return
        if self.home_problem:
            where = os.path.join(self.user_dir, *names[:1])
            self.skip(where, ContextScope.USER, f"no user-level files: {self.home_problem}")
            return
        self.slot(self.user_dir, names, ContextScope.USER, nonempty=True)
        if self.profile.user_rules_dir and not self.profile.user_rules_last:
            folder = os.path.join(self.user_dir, self.profile.user_rules_dir)
            self.rules(folder, ContextScope.USER, "a user rules file")

    def directory(self, folder: str) -> None:
        """One folder's project files, its rules where the profile reads them in every
        folder, then its local files where the profile has them."""
        self.slot(folder, self.project_names, ContextScope.PROJECT)
        for name in self.profile.fallback_files:
            path = join(folder, name)
            if self.agents_mode == "load":
                self.load(path, ContextScope.PROJECT, role="the project's AGENTS.md")
            elif self.agents_mode and runmemo.lexists(path):
                self.skip(path, ContextScope.PROJECT, self.agents_mode, disk_size(path))
        if self.profile.rules_in_every_dir and self.profile.project_rules_dir:
            rules = join(folder, self.profile.project_rules_dir)
            self.watched_dirs.add(rules)
            if runmemo.isdir(rules):  # one stat per folder; a listing only where it exists
                self.rules(rules, ContextScope.PROJECT, "a project rules file")
        if self.profile.local_in_every_dir or folder == self.root:
            for name in self.profile.local_files:
                self.load(join(folder, name), ContextScope.LOCAL)
        if folder == self.root:
            for name in self.profile.legacy_files:
                role = f"the legacy {name} ({self.profile.title} still reads it; deprecated)"
                self.load(join(folder, name), ContextScope.PROJECT, role=role)

    def slot(
        self, folder: str, names: tuple[str, ...], scope: ContextScope, *, nonempty: bool = False
    ) -> None:
        """Load every name, or only one per folder when the profile says so.

        With ``first_match`` the first name that is a regular file (links followed) takes
        the slot even when empty (codex's project docs); a folder, FIFO, device or
        dangling link does not, and the next name is tried. With ``nonempty`` as well, the
        first name that actually loads wins and empty or unreadable ones fall through
        (codex's ``$CODEX_HOME`` file).
        """
        if not self.profile.first_match:
            for name in names:
                self.load(join(folder, name), scope)
            return
        winner: str | None = None
        for name in names:
            path = join(folder, name)
            self.watched.add(path)
            kind = presence(path)
            if kind is Presence.MISSING:
                continue
            if winner is not None:
                self.shadow(path, scope, winner, nonempty=nonempty)
            elif nonempty:
                if self.load(path, scope, holds_slot=False):
                    winner = name
            elif is_regular_file(path):
                winner = name
                self.load(path, scope, holds_slot=True)
            else:
                self.load(path, scope, passes_slot=True)

    # -- one candidate ----------------------------------------------------------------

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
        """Read one candidate (or take ``read``, a read already made of it) and record
        what happened to it; imports follow it.

        Returns whether the file became part of ``files``.
        """
        self.watched.add(path)
        result = read if read is not None else read_bounded(path, self.max_bytes)
        if result.missing:
            return False
        if result.data is None:
            extra = "; the next name takes the folder's slot" if passes_slot else ""
            self.skip(path, scope, f"skipped: {result.problem}{extra}", result.size)
            return False
        if path in self.loaded:
            self.skip(path, scope, "skipped: already loaded earlier", result.size)
            return False
        real = result.identity
        if real is not None and real in self.loaded_real:
            reason = f"skipped: the same file was already loaded as {self.loaded_real[real]}"
            self.skip(path, scope, reason, result.size)
            return False
        if self.profile.dedupe_content and not result.truncated:
            same = self.loaded_text.get(decode(result.data)[0].strip())
            if same is not None:
                reason = f"skipped: same text as {same}, which {self.profile.name} sends once"
                self.skip(path, scope, reason, result.size)
                return False
        excluded = self.excludes(path) if self.excludes is not None and role != _MANAGED else None
        if excluded is not None:
            self.skip(path, scope, excluded, result.size)
            return False
        data = char_boundary(result.data) if result.truncated else result.data
        text, bad = decode(data)
        if not (text if self.profile.sends_whitespace else text.strip()) and not (
            self.profile.sends_empty
        ):
            extra = " (it still takes the folder's slot)" if holds_slot else ""
            self.skip(path, scope, f"skipped: empty, nothing to load{extra}", result.size)
            return False
        status = EntryStatus.LOADED
        notes = [f"loaded as {role or _ROLE[scope]}"]
        if result.truncated:
            status = EntryStatus.CUT
            notes = [
                f"cut at byte {len(data)}: the file is {result.size} bytes, over the "
                f"{human_bytes(self.max_bytes)} read cap"
            ]
        if self.untrusted and scope is not ContextScope.USER:
            reason = (
                f"dropped: {self.untrusted} marks this project untrusted, and "
                f"{self.profile.name} loads no project files for an untrusted project"
            )
            self.add(path, scope, EntryStatus.DROPPED, reason, result.size)
            return False
        if self.budget_left is not None and scope is not ContextScope.USER:
            if self.budget_left <= 0:
                self.add(path, scope, EntryStatus.DROPPED, self.dropped_reason(), result.size)
                return False
            if len(data) > self.budget_left:
                data = data[: self.budget_left]
                text, bad_after = decode(data)
                if not text.strip():
                    reason = (
                        f"skipped: only whitespace fits in the {self.budget_left} bytes left of "
                        f"{self.profile.name}'s budget, so nothing is sent and nothing is used"
                    )
                    self.skip(path, scope, reason, result.size)
                    return False
                status = EntryStatus.CUT
                notes = [
                    f"cut at byte {len(data)}: {self.profile.name}'s "
                    f"{human_bytes(self.budget or 0)} budget{self.budget_from()} for all "
                    f"project instruction files runs out in this file"
                ]
                if bad is None and bad_after is not None:
                    notes.append("the cut splits a UTF-8 character, sent as U+FFFD")
                    bad_after = None
                bad = bad_after
            self.budget_left -= len(data)
        notes += content_notes(data, bad)
        if self.profile.hide_html_comments:
            text, hidden = strip_block_comments(text)
            if hidden:
                notes.append(f"{hidden} characters of block HTML comments hidden from the model")
        if real is not None:
            self.loaded_real[real] = path
        if self.profile.dedupe_content:
            self.loaded_text.setdefault(text.strip(), path)
        cut_at = len(data) if status is EntryStatus.CUT else None
        if self.profile.imports and not self.profile.ancestor_imports and self.above_root(path):
            if self.has_real_imports(path, text):
                notes.append(_NO_ANCESTOR_IMPORTS)
            self.keep(path, text, scope, status, "; ".join(notes), result.size, bad_byte=bad,
                      cut_at=cut_at)  # fmt: skip
            return True
        self.keep(path, text, scope, status, "; ".join(notes), result.size, bad_byte=bad,
                  cut_at=cut_at)  # fmt: skip
        if self.profile.imports and self.profile.imports.follows_in(path):
            self.expand(path, text, scope, hop=1, chain=(path,))
        return True

    def has_real_imports(self, importer: str, text: str) -> bool:
        """Whether ``text`` has an import the agent would follow: an explicit path or a
        token naming an existing file (so a mention like ``@alice`` does not count)."""
        style = self.profile.imports
        base = self.root if style is not None and style.from_root else None
        for ref in find_imports(text, style or ""):
            target = resolve_import(ref.target, importer, self.home, base)
            if is_explicit_import(ref.target) or (target is not None and runmemo.isfile(target)):
                return True
        return False

    def above_root(self, path: str) -> bool:
        """Whether a project file sits in a folder above the root (an ancestor's file)."""
        folder = os.path.dirname(path)
        return within(self.root, folder, strict=True)

    def dropped_reason(self) -> str:
        """Why a file exists but is not sent: the budget was spent before it, or is zero."""
        if self.budget == 0:
            return (
                f"dropped: project_doc_max_bytes = 0{self.budget_from()} turns "
                f"{self.profile.name}'s project instruction files off"
            )
        budget = human_bytes(self.budget or 0)
        return (
            f"dropped: {self.profile.name}'s {budget} budget{self.budget_from()} "
            f"was used up by earlier files"
        )

    def budget_from(self) -> str:
        """Where a configured budget came from, for reasons (empty for the default)."""
        return "" if self.budget_source == "default" else f" (from {self.budget_source})"

    def shadow(self, path: str, scope: ContextScope, winner: str, *, nonempty: bool) -> None:
        """Record a file hidden by an earlier name in the same slot."""
        size = disk_size(path)
        rule = "the first non-empty file there" if nonempty else "the first file there, even empty"
        reason = f"shadowed by {winner} in the same folder ({self.profile.name} loads {rule})"
        self.add(path, scope, EntryStatus.SHADOWED, reason, size)


def disk_size(path: str) -> int | None:
    """Size on disk for an entry that is not read (links followed); None if unknown."""
    return runmemo.answer("size", path, _disk_size)


def _disk_size(path: str) -> int | None:
    """``disk_size`` itself, always from the file system."""
    try:
        return os.stat(path).st_size
    except (OSError, ValueError):
        return None
