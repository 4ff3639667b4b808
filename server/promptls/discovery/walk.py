"""The discovery walk: visit a profile's candidates in order and record each outcome.

Cost: one ``stat`` (plus one bounded read when present) per candidate name per visited
directory, one ``listdir`` for Claude's user rules folder, and nothing else: never a
tree walk. Every decision lands in an ``Entry`` with a sentence a user understands.

Decisions where the agents' docs are silent:
- Whitespace-only files are skipped ("empty"): no agent renders them, and for codex the
  empty file still takes its folder's slot (so it shadows ``AGENTS.md``).
- An over-cap file (``max_bytes``) is truncated at a UTF-8 character boundary and
  reported as ``cut``; the codex budget cuts at the exact byte and decodes lossily, as
  codex itself does (``take(remaining)`` + ``from_utf8_lossy``), so a split character
  becomes one U+FFFD exactly where codex would put it.
- Imported files are appended right after their importer (depth-first, in order of
  appearance); the importer's text is left as is. Each file loads at most once.
"""

# Plain str paths on purpose: cheap stats and comparable cache keys.
# ruff: noqa: PTH113, PTH116, PTH118, PTH119, PTH208

from __future__ import annotations

import os

from promptls.discovery.agent_settings import (
    AgentSetting,
    SettingsProblem,
    codex_config,
    codex_user_config,
    root_markers,
)
from promptls.discovery.dirs import walk_directories
from promptls.discovery.imports import ImportRef, find_imports, is_explicit_import, resolve_import
from promptls.discovery.model import ContextFile, ContextScope, Discovery, Entry, EntryStatus
from promptls.discovery.profiles import Profile
from promptls.discovery.settings_gemini import gemini_config
from promptls.text.fsread import (
    Presence,
    char_boundary,
    decode,
    human_bytes,
    is_regular_file,
    presence,
    read_bounded,
)

_MAX_RULES = 256
"""At most this many ``~/.claude/rules/*.md`` files are considered (sorted by name)."""

_MAX_IMPORTS = 256
"""At most this many ``@path`` imports are looked at per discovery; one entry reports the
rest, so a file of a million ``@x.md`` lines costs neither a million reads nor entries."""

_ROLE = {
    ContextScope.USER: "the user-level file",
    ContextScope.PROJECT: "the project file for its folder",
    ContextScope.LOCAL: "the local (uncommitted) file",
}


class Walker:
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
    ) -> None:
        """Hold the run's inputs; ``user_dir`` is already resolved ($CODEX_HOME etc.)."""
        self.profile = profile
        self.root = root
        self.home = home
        self.home_problem = home_problem
        self.user_dir = user_dir
        self.max_bytes = max_bytes
        self.system_root = system_root
        self.files: list[ContextFile] = []
        self.entries: list[Entry] = []
        self.watched: set[str] = set()
        self.watched_dirs: set[str] = set()
        self.loaded: set[str] = set()
        self.budget = profile.budget
        self.budget_left = profile.budget
        self.budget_source = "default"
        self.project_names = profile.project_files
        self.user_names = profile.user_files
        self.untrusted = ""
        self.settings: list[AgentSetting] = []
        self.problems: list[SettingsProblem] = []
        self.project_root = root
        self.imports_left = _MAX_IMPORTS

    # -- the order of a profile -------------------------------------------------------

    def run(self) -> Discovery:
        """Visit managed, user, per-directory and local candidates, broadest first."""
        for managed in self.profile.managed_files:
            path = os.path.join(self.system_root, managed.lstrip("/"))
            self.load(path, ContextScope.USER, role="the managed policy file")
        user_table: dict[str, object] = {}
        markers: tuple[str, ...] = (".git",)
        if self.profile.agent_settings == "codex":
            user_table, problems = codex_user_config(self.user_dir)
            self.problems += problems
            markers, _ = root_markers(user_table, "")
            if self.user_dir:
                self.watched.add(os.path.join(self.user_dir, "config.toml"))
        elif self.profile.agent_settings == "gemini":
            markers = self.apply_gemini()
        self.user_files()
        walk = walk_directories(self.profile.walk, self.root, self.home, markers)
        self.project_root = walk.project_root
        self.watched.update(walk.watched)
        if self.profile.agent_settings == "codex":
            self.apply_codex(user_table, walk.directories)
        if self.profile.sort_paths:
            candidates = (os.path.join(d, n) for d in walk.directories for n in self.project_names)
            for path in sorted(candidates):
                self.load(path, ContextScope.PROJECT)
        else:
            for directory in walk.directories:
                self.directory(directory)
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
        )

    def apply_gemini(self) -> tuple[str, ...]:
        """gemini-cli's ``settings.json``: context file names and boundary markers."""
        config = gemini_config(self.user_dir, self.root, self.home)
        self.problems += config.problems
        self.settings += config.shown
        self.watched.update(config.watched)
        self.project_names = self.user_names = config.names
        return config.markers

    def apply_codex(self, user_table: dict[str, object], folders: list[str]) -> None:
        """codex's ``config.toml`` layers: budget, fallback names, trust."""
        self.watched.update(os.path.join(f, ".codex", "config.toml") for f in folders)
        config = codex_config(
            self.user_dir, user_table, self.problems, folders, self.project_root, self.root
        )
        self.problems = list(config.problems)
        self.settings = list(config.shown)
        self.budget = self.budget_left = config.max_bytes
        self.budget_source = next(
            (s.source for s in config.shown if s.key == "project_doc_max_bytes"), "default"
        )
        extra = [n for n in config.fallback_names if n not in self.profile.project_files]
        self.project_names = (*self.profile.project_files, *dict.fromkeys(extra))
        if config.untrusted:
            self.untrusted = next(s.source for s in config.shown if s.key == "trust_level")

    def user_files(self) -> None:
        """The user's own files; a missing home is reported once instead of guessed."""
        names = self.user_names
        if self.user_dir is None:
            where = os.path.join("~", self.profile.user_dir, names[0])
            self.skip(where, ContextScope.USER, f"no user-level files: {self.home_problem}")
            return
        if self.home_problem:
            where = os.path.join(self.user_dir, names[0])
            self.skip(where, ContextScope.USER, f"no user-level files: {self.home_problem}")
            return
        self.slot(self.user_dir, names, ContextScope.USER, nonempty=True)
        if self.profile.user_rules_dir:
            self.rules(os.path.join(self.user_dir, self.profile.user_rules_dir))

    def rules(self, folder: str) -> None:
        """Claude's ``~/.claude/rules/*.md``: one listdir, sorted so the order is stable."""
        self.watched_dirs.add(folder)
        try:
            names = sorted(n for n in os.listdir(folder) if n.endswith(".md"))
        except (OSError, ValueError):
            return
        for name in names[:_MAX_RULES]:
            self.load(os.path.join(folder, name), ContextScope.USER, role="a user rules file")

    def directory(self, folder: str) -> None:
        """One folder's project files, then its local files where the profile has them."""
        self.slot(folder, self.project_names, ContextScope.PROJECT)
        if self.profile.local_in_every_dir or folder == self.root:
            for name in self.profile.local_files:
                self.load(os.path.join(folder, name), ContextScope.LOCAL)

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
                self.load(os.path.join(folder, name), scope)
            return
        winner: str | None = None
        for name in names:
            path = os.path.join(folder, name)
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
    ) -> bool:
        """Read one candidate and record what happened to it; imports follow it.

        Returns whether the file became part of ``files``.
        """
        self.watched.add(path)
        result = read_bounded(path, self.max_bytes)
        if result.missing:
            return False
        if result.data is None:
            extra = "; the next name takes the folder's slot" if passes_slot else ""
            self.skip(path, scope, f"skipped: {result.problem}{extra}", result.size)
            return False
        if path in self.loaded:
            self.skip(path, scope, "skipped: already loaded earlier", result.size)
            return False
        data = char_boundary(result.data) if result.truncated else result.data
        text, bad = decode(data)
        if not text.strip():
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
        self.keep(path, text, scope, status, "; ".join(notes), result.size)
        if self.profile.imports:
            self.expand(path, text, scope, hop=1, chain=(path,))
        return True

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
        try:
            size: int | None = os.stat(path).st_size
        except (OSError, ValueError):
            size = None
        rule = "the first non-empty file there" if nonempty else "the first that exists, even empty"
        reason = f"shadowed by {winner} in the same folder ({self.profile.name} loads {rule})"
        self.add(path, scope, EntryStatus.SHADOWED, reason, size)

    def expand(
        self, importer: str, text: str, scope: ContextScope, hop: int, chain: tuple[str, ...]
    ) -> None:
        """Follow ``@path`` imports depth-first, stopping cycles and over-deep chains.

        A token that only might be a path (``@scope/package``, ``@pytest.fixture``) is
        followed when it names an existing file and otherwise ignored, as the agents do
        silently; only explicit paths (``./``, ``~/``, ``/``, a document extension, or a
        folder plus an extension) are reported when they do not resolve.
        """
        for ref in find_imports(text, self.profile.imports or ""):
            target = resolve_import(ref.target, importer, self.home)
            where = f"@{ref.target} on line {ref.line} of {os.path.basename(importer)}"
            if self.imports_left <= 0:
                why = f"{where}: stopped, more than {_MAX_IMPORTS} imports in one discovery"
                self.import_error(ref.target, scope, why, importer, ref.line)
                return
            self.imports_left -= 1
            explicit = is_explicit_import(ref.target)
            if target is None:
                why = f"{where} needs a home directory: {self.home_problem or 'unknown'}"
                self.import_error(ref.target, scope, why, importer, ref.line)
                continue
            self.watched.add(target)
            if not explicit and not os.path.isfile(target):
                continue
            self.follow(ref, target, where, importer, scope, hop, chain)

    def follow(
        self,
        ref: ImportRef,
        target: str,
        where: str,
        importer: str,
        scope: ContextScope,
        hop: int,
        chain: tuple[str, ...],
    ) -> None:
        """Load one import target, or record why it is not loaded."""
        depth = self.profile.import_depth
        if target in chain:
            why = f"{where} is an import cycle (the file imports itself through the chain)"
            self.import_error(target, scope, why, importer, ref.line)
            return
        if hop > depth:
            why = f"{where} goes deeper than {self.profile.name}'s {depth} import hops"
            self.import_error(target, scope, why, importer, ref.line)
            return
        result = read_bounded(target, self.max_bytes)
        if result.missing or result.data is None:
            why = "does not exist" if result.missing else f"cannot be read: {result.problem}"
            self.import_error(target, scope, f"{where}: {target} {why}", importer, ref.line)
            return
        if target in self.loaded:
            reason = f"skipped: {where} names a file already loaded"
            self.add(target, scope, EntryStatus.SKIPPED, reason, result.size,
                     importer=importer, line=ref.line)  # fmt: skip
            return
        data = char_boundary(result.data) if result.truncated else result.data
        body, bad = decode(data)
        notes = [f"imported by {where} (hop {hop} of at most {depth})"]
        if result.truncated:
            notes.append(f"cut at byte {len(data)} by the {human_bytes(self.max_bytes)} read cap")
        notes += content_notes(data, bad)
        self.keep(target, body, scope, EntryStatus.IMPORTED, "; ".join(notes), result.size,
                  importer=importer, line=ref.line)  # fmt: skip
        self.expand(target, body, scope, hop + 1, (*chain, target))

    def import_error(
        self, path: str, scope: ContextScope, reason: str, importer: str, line: int
    ) -> None:
        """Record an import that does not load, pointing at its ``@path`` line."""
        self.add(path, scope, EntryStatus.IMPORT_ERROR, reason, None, importer=importer, line=line)

    # -- bookkeeping ------------------------------------------------------------------

    def keep(
        self,
        path: str,
        text: str,
        scope: ContextScope,
        status: EntryStatus,
        reason: str,
        size: int | None,
        *,
        importer: str | None = None,
        line: int | None = None,
    ) -> None:
        """Append a loaded file and its entry, with its position in ``files``."""
        self.loaded.add(path)
        order = len(self.files)
        self.files.append(ContextFile(path, text, scope))
        self.entries.append(Entry(path, scope, status, reason, size, order, importer, line))

    def skip(self, path: str, scope: ContextScope, reason: str, size: int | None = None) -> None:
        """Record a candidate that exists (or should) but was not loaded."""
        self.add(path, scope, EntryStatus.SKIPPED, reason, size)

    def add(
        self,
        path: str,
        scope: ContextScope,
        status: EntryStatus,
        reason: str,
        size: int | None,
        *,
        importer: str | None = None,
        line: int | None = None,
    ) -> None:
        """Record a candidate that is not part of ``files``."""
        self.entries.append(Entry(path, scope, status, reason, size, None, importer, line))


def content_notes(data: bytes, bad: int | None) -> list[str]:
    """What a reader should know about the bytes themselves: bad UTF-8, binary data."""
    notes = []
    if bad is not None:
        notes.append(f"not valid UTF-8 at byte {bad}; decoded with replacement characters")
    nul = data.find(b"\x00")
    if nul >= 0:
        notes.append(f"NUL byte at {nul}: this looks like a binary file")
    return notes
