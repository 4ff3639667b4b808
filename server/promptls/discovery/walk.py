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
# ruff: noqa: PTH116, PTH118, PTH120

from __future__ import annotations

import os

from promptls.discovery.agent_settings import (
    AgentSetting,
    SettingsProblem,
    codex_config,
    codex_user_config,
    root_markers,
)
from promptls.discovery.comments import strip_block_comments
from promptls.discovery.dirs import inside, walk_directories
from promptls.discovery.imports import find_imports
from promptls.discovery.model import ContextScope, Discovery, EntryStatus
from promptls.discovery.profiles import Profile
from promptls.discovery.record import content_notes
from promptls.discovery.settings_claude import ClaudeConfig, claude_config
from promptls.discovery.settings_gemini import gemini_config
from promptls.discovery.sources import ExtraSources
from promptls.text.fsread import (
    Presence,
    char_boundary,
    decode,
    human_bytes,
    is_regular_file,
    presence,
    read_bounded,
)

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


class Walker(ExtraSources):
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
    ) -> None:
        """Hold the run's inputs; ``user_dir`` is already resolved ($CODEX_HOME etc.)."""
        super().__init__()
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
        self.untrusted = ""
        self.settings: list[AgentSetting] = []
        self.problems: list[SettingsProblem] = []
        self.project_root = root
        self.target = target
        self.claude: ClaudeConfig | None = None
        self.agents_mode = ""
        self.loaded_real: dict[str, str] = {}

    # -- the order of a profile -------------------------------------------------------

    def run(self) -> Discovery:
        """Visit managed, user, per-directory and local candidates, broadest first."""
        if self.profile.agent_settings == "claude":
            self.apply_claude()
        for managed in self.profile.managed_files:
            path = os.path.join(self.system_root, managed.lstrip("/"))
            self.load(path, ContextScope.USER, role=_MANAGED)
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
            self.agents_mode = self.fallback_mode(walk.directories)
            for directory in walk.directories:
                self.directory(directory)
        if self.profile.project_rules_dir:
            folder = os.path.join(self.root, self.profile.project_rules_dir)
            self.rules(folder, ContextScope.PROJECT, "a project rules file")
        self.memory()
        self.lazy()
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
        self.import_markers = config.markers
        return config.markers

    def apply_claude(self) -> None:
        """Claude Code's settings layers: ``claudeMdExcludes`` and Project instructions."""
        managed = self.profile.managed_files[0] if self.profile.managed_files else "/"
        folder = os.path.dirname(os.path.join(self.system_root, managed.lstrip("/")))
        self.claude = claude_config(folder, self.user_dir, self.root)
        self.problems += self.claude.problems
        self.settings += self.claude.shown
        self.watched.update(self.claude.watched)

    def fallback_mode(self, folders: list[str]) -> str:
        """Whether ``fallback_files`` (claude: AGENTS.md) load, and the reason when not."""
        if not self.profile.fallback_files or self.claude is None:
            return ""
        mode = self.claude.instruction_files
        if mode == "claude-md-or-agents-md":
            names = (*self.profile.project_files, *self.profile.local_files)
            if any(os.path.lexists(os.path.join(d, n)) for d in folders for n in names):
                return (
                    "skipped: a CLAUDE file exists in this folder or above, and Claude Code "
                    "reads AGENTS.md only where none does (instructionFiles = "
                    "claude-md-or-agents-md, the default since 2.1.277)"
                )
            return "load"
        if mode == "claude-md-and-agents-md":
            return "load"
        return f"skipped: instructionFiles = {mode}, so Claude Code does not read AGENTS.md"

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
            folder = os.path.join(self.user_dir, self.profile.user_rules_dir)
            self.rules(folder, ContextScope.USER, "a user rules file")

    def directory(self, folder: str) -> None:
        """One folder's project files, then its local files where the profile has them."""
        self.slot(folder, self.project_names, ContextScope.PROJECT)
        for name in self.profile.fallback_files:
            path = os.path.join(folder, name)
            if self.agents_mode == "load":
                self.load(path, ContextScope.PROJECT, role="the project's AGENTS.md")
            elif self.agents_mode and os.path.lexists(path):
                self.skip(path, ContextScope.PROJECT, self.agents_mode)
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
        real = os.path.realpath(path)
        if real in self.loaded_real:
            reason = f"skipped: the same file was already loaded as {self.loaded_real[real]}"
            self.skip(path, scope, reason, result.size)
            return False
        excluded = self.claude.excluded_by(path) if self.claude and role != _MANAGED else None
        if excluded is not None:
            pattern, source = excluded
            reason = f"skipped: claudeMdExcludes pattern {pattern} (in {source})"
            self.skip(path, scope, reason, result.size)
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
        if self.profile.hide_html_comments:
            text, hidden = strip_block_comments(text)
            if hidden:
                notes.append(f"{hidden} characters of block HTML comments hidden from the model")
        self.loaded_real[real] = path
        if self.profile.imports and not self.profile.ancestor_imports and self.above_root(path):
            if find_imports(text, self.profile.imports):
                notes.append(_NO_ANCESTOR_IMPORTS)
            self.keep(path, text, scope, status, "; ".join(notes), result.size)
            return True
        self.keep(path, text, scope, status, "; ".join(notes), result.size)
        if self.profile.imports:
            self.expand(path, text, scope, hop=1, chain=(path,))
        return True

    def above_root(self, path: str) -> bool:
        """Whether a project file sits in a folder above the root (an ancestor's file)."""
        folder = os.path.dirname(path)
        return folder != self.root and inside(self.root, folder)

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
