"""The record an agent's home fills in: how the agent discovers instruction files.

Every value names its source and the date it was checked, because agents change their
loaders; ``docs/profiles.md`` is the long form. The values live in each agent's home
(``promptls/agents/<name>/__init__.py``); this module holds only the types, so it
imports nothing from the rest of promptls but ``record`` and the hook types the homes
fill in (``promptls.discovery.hooks``).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from enum import StrEnum
from typing import NamedTuple

from promptls.agents.frontmatter import FrontKind
from promptls.discovery.globs import DEFAULT, GlobDialect
from promptls.discovery.hooks import DiscoveryHooks, load_hooks
from promptls.discovery.never_loaded import CommandShadowing, SkillDepth, SkillPrecedence
from promptls.discovery.rule_modes import ActivationReader
from promptls.record import Record, field


class Walk(StrEnum):
    """Which directories a profile visits, always from the broadest down to the root."""

    FILESYSTEM = "filesystem"
    """Every directory from ``/`` down to the workspace root (``or``)."""
    BELOW_FS_ROOT = "below-fs-root"
    """Every ancestor except ``/`` itself, down to the root (``claude``)."""
    MARKER_ROOT = "marker-root"
    """From the nearest ancestor holding a root marker (``.git`` by default, file or
    folder) down to the root; only the root when there is none (``codex``, ``gemini``,
    ``copilot``)."""
    ROOT = "root"
    """Only the workspace root itself (``cursor``)."""


class ImportRef(NamedTuple):
    """One ``@path`` in a file: where it is (``str`` offsets, 1-based line) and its text.

    ``target`` is the path as the agent reads it (escapes undone); ``text[start:end]`` is
    the whole token as written, ``@`` included.
    """

    target: str
    line: int
    start: int
    end: int


class ImportStyle(Record):
    """How one agent parses and follows ``@path`` imports: the value of
    ``Profile.imports``, filled in by the agent's home (``agents/<home>/imports.py``).

    ``name`` names the dialect (``claude``, ``gemini``) and ``agent`` the product.
    ``parse`` lists a text's imports in order, code left out as that agent leaves it out
    (its home's docstring says where that differs from CommonMark). ``home``: ``@~/x``
    names a file in the home folder. ``silent_misses``: a token that is not an explicit
    path (``@alice``, ``@scope/pkg``) and names no file is left alone without a trace.
    ``confined``: a target must lie inside the top-level file's project root by real
    path. ``per_chain``: cycles are tracked per import chain with the top-level file left
    out, and a file imported twice is inlined twice. ``approval``: imports leaving the
    working folder from a project file need the user's approval. ``comments``: the agent
    writes an HTML comment where an import fails, so the reasons quote it.
    ``escaped_spaces``: ``\\ `` in a token is a space of the path (so a path with spaces
    can be written); otherwise a token ends at the first space. ``top_in_chain``: with
    ``per_chain``, the top-level file counts as part of every chain, so an import of it
    is a cycle (Qwen Code; gemini-cli leaves it out). ``lead`` is text every token
    contains (a text without it has none, so most files are never parsed); ``written``
    shows a target as the token is written, for reasons; ``from_root``: a target is
    relative to the workspace folder, not to the importing file (Kiro's
    ``#[[file:path]]``). ``missing_comment``: with ``comments``, a missing file gets the
    comment too (gemini-cli); False: its token stays as written (Qwen Code).
    ``only_in``: the names of the loaded files whose imports the agent follows (the
    files they import are followed too); empty: every file it loads (Copilot CLI
    follows imports only in ``AGENTS.md`` and ``CLAUDE.md``). ``per_top``: each file is
    inlined once per top-level file, so a file that another top-level file loaded or
    inlined is inlined again, while a repeat within one top-level file is not (Copilot
    CLI).
    """

    name: str
    agent: str
    parse: Callable[[str], tuple[ImportRef, ...]]
    home: bool
    silent_misses: bool
    confined: bool
    per_chain: bool
    approval: bool
    comments: bool
    escaped_spaces: bool
    top_in_chain: bool = False
    lead: str = "@"
    written: str = "@{}"
    from_root: bool = False
    missing_comment: bool = True
    only_in: tuple[str, ...] = ()
    per_top: bool = False

    def follows_in(self, path: str) -> bool:
        """Whether the agent follows the imports of ``path``, a file it loads."""
        name = os.path.basename(path)  # noqa: PTH119 (a loaded file's path: its name)
        return not self.only_in or name in self.only_in


class SizeLimit(Record):
    """An agent's single-file limit (PL011). ``budget``: discovery applies it (as a shared
    byte budget), so with a discovery PL014 reports it instead. ``source`` is where the
    number comes from (upstream file, changelog entry or issue, with its version) and
    ``checked`` the day it was last read there: agents change these numbers.
    ``applies_to``: globs (relative to the project folder) of the files the limit is
    documented for; empty: every file the agent reads (Windsurf documents its limit for
    rule files only, not for AGENTS.md)."""

    amount: int
    unit: str
    consequence: str
    budget: bool
    source: str
    checked: str
    applies_to: tuple[str, ...] = ()


class Verification(StrEnum):
    """Where a profile's behaviour comes from, for the views' label."""

    ORACLE = "oracle"
    """Checked against the agent itself: its pinned release (``oracle/pins.json``) run
    against the recording mock by the oracle tests."""
    DOCS = "docs-sourced"
    """Read from the agent's documentation only: the agent ships nothing the oracle can
    run, so what it really sends is not observed."""
    REFERENCE = "reference"
    """The reference agent's own specification (``or``)."""


class VerifiedBy(Record):
    """How a profile was verified and when its sources were read (``DOCS``: the day the
    documentation was read; ``ORACLE``: the pinned release is in ``oracle/pins.json``, so
    no date is kept twice). ``what`` names the sources in a few words."""

    method: Verification
    date: str = ""
    what: str = ""

    def label(self) -> str:
        """``docs-sourced (cursor.com/docs/context/rules, read 2026-12-01)``: one line for
        the text views."""
        detail = ", ".join(x for x in (self.what, f"read {self.date}" if self.date else "") if x)
        return f"{self.method} ({detail})" if detail else str(self.method)


class Profile(Record):
    """How one agent discovers instruction files.

    ``user_dir`` is relative to the home directory; ``user_dir_env`` names an environment
    variable that replaces it when set (codex: ``$CODEX_HOME``). ``first_match`` means only
    the first name of ``user_files`` / ``project_files`` that is a regular file (links
    followed) takes the slot (codex); otherwise every existing name loads. ``budget`` is
    a byte budget across the project files (None: none). ``hooks`` names the module of
    the agent's home that holds, as ``HOOKS``, the hooks the walker calls where data is
    not enough (``promptls.discovery.hooks``): reading the agent's own settings files
    (codex's ``config.toml``, gemini's ``settings.json``), or an order of its own
    (opencode); empty: none. ``discovery`` imports that module when a discovery first
    asks for it. ``sort_paths`` sends the project files sorted by absolute path, not
    folder by folder (gemini).
    ``imports`` is the agent's ``@path`` dialect (its parser and how it follows imports;
    None: the agent has none) and ``import_depth`` its hop limit. ``user_rules_dir``
    (under the user folder) and ``project_rules_dir`` (under the root) hold rules,
    listed recursively; ``more_rules_dirs`` (under the root) hold rules only the agent's
    own walk reads (Kilo's ``.kilo/rules`` and per-mode folders), named so that check and
    the editors take their files for instruction files; ``rules_scope_key`` is the front
    matter key that makes a rule path-scoped (``conditional``); ``front_kinds`` are the
    schemas of its rule files' front matter (``promptls.agents.frontmatter``).
    ``memory_file`` is a per-project file
    under the user folder (``{project}`` is the project's folder key) of which only
    ``memory_max_lines`` lines or ``memory_max_bytes`` bytes load. ``lazy_files`` load
    only when the agent reads a file in their folder below the root. ``fallback_files``
    are read per folder as the agent's instruction-file setting says (claude: AGENTS.md).
    ``settings_files`` are the agent's own settings files inside a workspace (watched).
    ``hide_html_comments``: block HTML comments never reach the model. ``ancestor_imports``
    False: imports in files above the root are not expanded (claude, as observed).
    ``globs`` is how the agent reads and matches the globs that scope its rules (or its
    ``instructions``); ``rule_activation`` reads a rule file's front matter into a mode
    (``promptls.discovery.rule_modes``): both live in the agent's home.
    ``skill_dirs`` are relative to the user folder (``~/.or``, ``$CODEX_HOME``, …) and
    ``project_skill_dirs`` to the workspace root; ``skills_dir_env`` names a variable whose
    value replaces the user folder for skills (codex: ``$CODEX_HOME``); ``home_skill_dirs``
    are relative to the home folder itself, which that variable never moves (codex's
    ``~/.agents/skills``); ``skills_follow_walk`` reads ``project_skill_dirs`` in every
    folder of the profile's walk, not only the root's; ``skills_by_path`` lists two skills
    of one name both (the loader dedupes by path). ``skill_templates``:
    the agent reads a ``SKILL.md`` body as a template (fills ``$ARGUMENTS``/``$N``, runs
    `` !`cmd` ``).
    ``rules_suffix`` is the file name ending of rule files (``.instructions.md``, ``.mdc``);
    ``rules_folder_file`` names the file that makes a subfolder of a rules folder one rule
    (Cursor's ``.cursor/rules/<name>/RULE.md``), whatever the suffix.
    ``rules_at_project_root``: the project root's rules folder is read too, before the
    root's (copilot: the repository root and the working folder); ``user_rules_last``:
    user rules come after the project's. ``nested_rules`` is a rules folder that applies,
    in any folder on the way to a target file, to the files below it (cursor).
    ``user_parent_env`` names a variable whose value replaces the home folder as the
    parent of ``user_dir`` (``XDG_CONFIG_HOME``). ``extra_dirs_env`` names a
    comma-separated list of more folders read like the root (copilot).
    ``dedupe_content``: a file whose text equals an earlier file's is not sent twice.
    ``sends_whitespace``: a whitespace-only file is sent as read (opencode, copilot);
    ``sends_empty``: an empty one too (copilot).
    ``legacy_files`` are still read but deprecated (the reason says so).
    ``skill_precedence`` (which of two skills with one name is listed), ``skill_depth``
    (how deep below a skills folder ``SKILL.md`` is found) and ``command_shadowing`` (a
    skill hides a command of its name) are the loader's behaviours PL031 reads
    (``promptls.discovery.never_loaded``); None where no source says. ``size_limit`` is
    the single-file limit PL011 checks. ``coverage_hint`` is the cheapest way to make the
    agent read a shared file named ``{shared}`` (PL028); empty: create its first
    ``project_files`` name.
    ``order_note`` says in which order the files are sent, for the human view.
    ``setup_markers`` are paths (relative to a folder or its repository root) whose
    existence says the repository is set up for the agent: its folder, its settings, its
    own instruction file (``discovery/setup.py``; PL028 and the default profiles).
    ``verified_by`` says whether the profile was checked against the agent (the oracle)
    or only read from its documentation (see below).
    """

    name: str
    title: str
    user_dir: str
    user_files: tuple[str, ...]
    project_files: tuple[str, ...]
    local_files: tuple[str, ...]
    walk: Walk
    user_dir_env: str | None = None
    hooks: str = field(default="", compare=False, repr=False)
    globs: GlobDialect = DEFAULT
    rule_activation: ActivationReader | None = field(default=None, compare=False, repr=False)
    skills_dir_env: str | None = None
    skill_precedence: SkillPrecedence | None = None
    skill_depth: SkillDepth | None = None
    command_shadowing: CommandShadowing | None = None
    size_limit: SizeLimit | None = None
    coverage_hint: str = ""
    sort_paths: bool = False
    local_in_every_dir: bool = False
    user_rules_dir: str | None = None
    project_rules_dir: str | None = None
    more_rules_dirs: tuple[str, ...] = ()
    rules_scope_key: str | None = None
    front_kinds: tuple[FrontKind, ...] = field(default=(), compare=False, repr=False)
    memory_file: str | None = None
    memory_max_lines: int = 0
    memory_max_bytes: int = 0
    lazy_files: tuple[str, ...] = ()
    fallback_files: tuple[str, ...] = ()
    settings_files: tuple[str, ...] = ()
    hide_html_comments: bool = False
    ancestor_imports: bool = True
    managed_files: tuple[str, ...] = ()
    first_match: bool = False
    budget: int | None = None
    imports: ImportStyle | None = None
    import_depth: int = 0
    skill_dirs: tuple[str, ...] = ()
    project_skill_dirs: tuple[str, ...] = ()
    home_skill_dirs: tuple[str, ...] = ()
    skills_follow_walk: bool = False
    skills_by_path: bool = False
    skill_templates: bool = False
    rules_suffix: str = ".md"
    rules_folder_file: str | None = None
    rules_at_project_root: bool = False
    rules_in_every_dir: bool = False
    sends_whitespace: bool = False
    sends_empty: bool = False
    user_rules_last: bool = False
    nested_rules: str | None = None
    user_parent_env: str | None = None
    extra_dirs_env: str | None = None
    dedupe_content: bool = False
    legacy_files: tuple[str, ...] = ()
    order_note: str = "broadest first"
    reference: bool = False
    """The seed's reference agent (``or``): not a product anyone runs, so no coverage
    hole, no agent framing and no picker entry is about it."""
    setup_markers: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    verified_by: VerifiedBy | None = None
    """How this profile was verified (``VerifiedBy``): by the oracle, or from the docs
    with the day they were read; every view shows it beside the profile's name."""

    @property
    def discovery(self) -> DiscoveryHooks:
        """The hooks the walker calls (``hooks``' ``HOOKS``), imported on first use: only
        discovery runs them, and a prompt's analysis, which reads the profiles, must not
        wait for every agent's walk and settings readers (``docs/performance.md``)."""
        return load_hooks(self.hooks)
