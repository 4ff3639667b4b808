"""Which instruction files each agent loads, as data: one ``Profile`` per agent.

Every rule names its source and the date it was checked, because agents change their
loaders; ``docs/profiles.md`` is the long form of this module.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType

from promptls.record import Record


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


class Profile(Record):
    """How one agent discovers instruction files.

    ``user_dir`` is relative to the home directory; ``user_dir_env`` names an environment
    variable that replaces it when set (codex: ``$CODEX_HOME``). ``first_match`` means only
    the first name of ``user_files`` / ``project_files`` that is a regular file (links
    followed) takes the slot (codex); otherwise every existing name loads. ``budget`` is
    a byte budget across the project files (None: none); ``agent_settings`` names the
    agent's own settings files that can change it and more (``"codex"``: ``config.toml``,
    ``"gemini"``: ``settings.json``). ``sort_paths`` sends the project files sorted by
    absolute path, not folder by folder (gemini).
    ``imports`` is the ``@path`` syntax (``claude``/``gemini``) and ``import_depth`` its
    hop limit. ``user_rules_dir`` (under the user folder) and ``project_rules_dir`` (under
    the root) hold rules, listed recursively; ``rules_scope_key`` is the front matter key
    that makes a rule path-scoped (``conditional``). ``memory_file`` is a per-project file
    under the user folder (``{project}`` is the project's folder key) of which only
    ``memory_max_lines`` lines or ``memory_max_bytes`` bytes load. ``lazy_files`` load
    only when the agent reads a file in their folder below the root. ``fallback_files``
    are read per folder as the agent's instruction-file setting says (claude: AGENTS.md).
    ``settings_files`` are the agent's own settings files inside a workspace (watched).
    ``hide_html_comments``: block HTML comments never reach the model. ``ancestor_imports``
    False: imports in files above the root are not expanded (claude, as observed).
    ``skill_dirs`` are relative to the user folder (``~/.or``, ``$CODEX_HOME``, …) and
    ``project_skill_dirs`` to the workspace root.
    ``rules_suffix`` is the file name ending of rule files (``.instructions.md``, ``.mdc``).
    ``rules_at_project_root``: the project root's rules folder is read too, before the
    root's (copilot: the repository root and the working folder); ``user_rules_last``:
    user rules come after the project's. ``nested_rules`` is a rules folder that applies,
    in any folder on the way to a target file, to the files below it (cursor).
    ``user_parent_env`` names a variable whose value replaces the home folder as the
    parent of ``user_dir`` (``XDG_CONFIG_HOME``). ``extra_dirs_env`` names a
    comma-separated list of more folders read like the root (copilot).
    ``dedupe_content``: a file whose text equals an earlier file's is not sent twice.
    ``legacy_files`` are still read but deprecated (the reason says so).
    ``order_note`` says in which order the files are sent, for the human view.
    ``setup_markers`` are paths (relative to a folder or its repository root) whose
    existence says the repository is set up for the agent: its folder, its settings, its
    own instruction file (``discovery/setup.py``; PL028 and the default profiles).
    """

    name: str
    title: str
    user_dir: str
    user_files: tuple[str, ...]
    project_files: tuple[str, ...]
    local_files: tuple[str, ...]
    walk: Walk
    user_dir_env: str | None = None
    agent_settings: str | None = None
    sort_paths: bool = False
    local_in_every_dir: bool = False
    user_rules_dir: str | None = None
    project_rules_dir: str | None = None
    rules_scope_key: str | None = None
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
    imports: str | None = None
    import_depth: int = 0
    skill_dirs: tuple[str, ...] = ()
    project_skill_dirs: tuple[str, ...] = ()
    rules_suffix: str = ".md"
    rules_at_project_root: bool = False
    rules_in_every_dir: bool = False
    sends_whitespace: bool = False
    user_rules_last: bool = False
    nested_rules: str | None = None
    user_parent_env: str | None = None
    extra_dirs_env: str | None = None
    dedupe_content: bool = False
    legacy_files: tuple[str, ...] = ()
    order_note: str = "broadest first"
    setup_markers: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()


def _claude_managed() -> tuple[str, ...]:
    """Claude Code's managed-policy file lives in a per-platform system folder."""
    if sys.platform == "darwin":
        return ("/Library/Application Support/ClaudeCode/CLAUDE.md",)
    if sys.platform.startswith(("win32", "cygwin")):
        return ("C:/Program Files/ClaudeCode/CLAUDE.md",)
    return ("/etc/claude-code/CLAUDE.md",)


OR = Profile(
    # The seed's LoadContextFiles (shared/seeds/or-prompt.txt, 2025): user file under
    # ~/.or, one AGENTS.md per directory from / down to the root, the local file last.
    name="or",
    title="Or (reference agent)",
    user_dir=".or",
    user_files=("AGENTS.md",),
    project_files=("AGENTS.md",),
    local_files=("AGENTS.local.md",),
    walk=Walk.FILESYSTEM,
    skill_dirs=("skills",),
    project_skill_dirs=(".or/skills",),
    setup_markers=(".or",),
    sources=("Or prompt package docs, LoadContextFiles (seeds/or-prompt.txt), 2025",),
    notes=(
        "~/.or/AGENTS.md, then AGENTS.md in every folder from / down to the root, "
        "then AGENTS.local.md at the root",
        "no imports, no byte budget",
    ),
)

CLAUDE = Profile(
    # Claude Code (closed source): code.claude.com/docs/en/memory (crawl of 2026-08-22),
    # the public CHANGELOG (anthropics/claude-code @5cfc0a19, 2.1.240, 2026-08-22) and the
    # 2.1.277 release notes for AGENTS.md (2026-09-18, via public copies); docs/profiles.md.
    name="claude",
    title="Claude Code",
    user_dir=".claude",
    user_dir_env="CLAUDE_CONFIG_DIR",
    agent_settings="claude",
    settings_files=(".claude/settings.json", ".claude/settings.local.json"),
    user_files=("CLAUDE.md",),
    user_rules_dir="rules",
    project_rules_dir=".claude/rules",
    # oracle scenario "claude: rules of every folder" (Claude Code 2.1.332)
    rules_in_every_dir=True,
    rules_scope_key="paths",
    managed_files=_claude_managed(),
    project_files=("CLAUDE.md", ".claude/CLAUDE.md"),
    local_files=("CLAUDE.local.md",),
    local_in_every_dir=True,
    fallback_files=("AGENTS.md",),
    lazy_files=("CLAUDE.md", "CLAUDE.local.md"),
    memory_file="projects/{project}/memory/MEMORY.md",
    memory_max_lines=200,
    memory_max_bytes=25 * 1024,
    hide_html_comments=True,
    ancestor_imports=False,
    walk=Walk.FILESYSTEM,
    imports="claude",
    # code.claude.com/docs/en/memory says four hops since 2026-05-27 (five before).
    import_depth=4,
    skill_dirs=("skills",),
    project_skill_dirs=(".claude/skills",),
    setup_markers=(".claude", "CLAUDE.md", "CLAUDE.local.md"),
    sources=(
        "code.claude.com/docs/en/memory 'How Claude remembers your project', crawl of "
        "2026-08-22, read 2026-12-01",
        "anthropics/claude-code CHANGELOG.md @5cfc0a19 (2.1.240, 2026-08-22)",
        "Claude Code 2.1.277 release notes (2026-09-18), AGENTS.md support, via public copies",
    ),
    notes=(
        "managed policy file, ~/.claude/CLAUDE.md ($CLAUDE_CONFIG_DIR), ~/.claude/rules/**/*.md",
        "per folder from / down to the root: CLAUDE.md, .claude/CLAUDE.md, "
        ".claude/rules/**/*.md, CLAUDE.local.md (all that exist); AGENTS.md where no "
        "CLAUDE file with text exists in any folder of the walk (the default 'Project "
        "instructions' setting, 2.1.277)",
        "a rule with paths: is conditional",
        "the first 200 lines or 25 KB of ~/.claude/projects/<project>/memory/MEMORY.md",
        "nested CLAUDE.md / CLAUDE.local.md below the root are lazy (read with a file there)",
        "@path imports: relative to the importing file, ~/ or absolute; not in code; "
        "at most 4 hops",
        "claudeMdExcludes from every settings layer (not for the managed file)",
    ),
)

CODEX = Profile(
    # openai/codex codex-rs/core/src/agents_md.rs and agents_md_tests.rs (after PR #27696,
    # tests at 04393ff9, read 2026-12-01), codex-rs/codex-home/src/instructions (user file),
    # codex-config project_root_markers; docs/profiles.md has the table.
    name="codex",
    title="OpenAI Codex CLI",
    user_dir=".codex",
    user_dir_env="CODEX_HOME",
    agent_settings="codex",
    settings_files=(".codex/config.toml",),
    user_files=("AGENTS.override.md", "AGENTS.md"),
    project_files=("AGENTS.override.md", "AGENTS.md"),
    local_files=(),
    walk=Walk.MARKER_ROOT,
    first_match=True,
    budget=32 * 1024,
    skill_dirs=("skills",),
    setup_markers=(".codex", "AGENTS.override.md"),
    sources=(
        "openai/codex codex-rs/core/src/agents_md.rs (agents_md_paths, read_agents_md) and "
        "agents_md_tests.rs @ 04393ff9 (PR #27696, 2026-06-12), read 2026-12-01",
        "openai/codex codex-rs/codex-home/src/instructions (load_from_codex_home) @ 3a16fc6c",
        "developers.openai.com/codex/guides/agents-md, read 2026-12-01",
    ),
    notes=(
        "$CODEX_HOME (default ~/.codex): AGENTS.override.md, else AGENTS.md (the first "
        "non-empty regular file)",
        "project root = nearest ancestor holding a project_root_markers entry (default "
        ".git, file or folder); only the folder itself without one, or with markers = []",
        "per folder from the project root down: AGENTS.override.md, AGENTS.md, then "
        "project_doc_fallback_filenames; the first regular file takes the slot even "
        "when empty (a folder, FIFO or dangling link does not)",
        "project_doc_max_bytes (default 32 KiB, 0 = no project docs) across project "
        "files; the file crossing it is cut at the byte; the user file is outside it",
        "settings from $CODEX_HOME/config.toml and the project's .codex/config.toml "
        "(which cannot set the root markers); an untrusted project loads no project docs",
    ),
)

GEMINI = Profile(
    # google-gemini/gemini-cli packages/core/src/utils/memoryDiscovery.ts and its tests at
    # 5411f113 (2026-08-21), read 2026-12-01: the 2026 walk (marker root, no upward walk
    # without a marker, no downward scan), paths sorted as strings; docs/profiles.md.
    name="gemini",
    title="Gemini CLI",
    user_dir=".gemini",
    agent_settings="gemini",
    settings_files=(".gemini/settings.json",),
    sort_paths=True,
    lazy_files=("GEMINI.md",),
    user_files=("GEMINI.md",),
    project_files=("GEMINI.md",),
    local_files=(),
    walk=Walk.MARKER_ROOT,
    imports="gemini",
    import_depth=5,
    skill_dirs=("skills",),
    project_skill_dirs=(".gemini/skills",),
    setup_markers=(".gemini", "GEMINI.md"),
    sources=(
        "google-gemini/gemini-cli packages/core/src/utils/memoryDiscovery.ts and "
        "memoryDiscovery.test.ts @ 5411f113 (2026-08-21), read 2026-12-01",
        "gemini-cli packages/cli/src/config/settings.ts, settingsSchema.ts (context.*)",
        "gemini-cli docs/cli/gemini-md.md, docs/reference/memport.md",
    ),
    notes=(
        "~/.gemini/<name> for each context file name (context.fileName adds names in "
        "front of GEMINI.md, which is always searched)",
        "project root = nearest ancestor holding a context.memoryBoundaryMarkers entry "
        "(default .git, file or folder); without one only the folder itself",
        "project files from the root down, sent sorted by absolute path (so "
        "/r/Backend/GEMINI.md comes before /r/GEMINI.md)",
        "@path imports: any @token after whitespace (no extension needed), relative to "
        "the importing file, confined to the project root by real path, 5 levels; only "
        "backtick code is protected",
        "GEMINI.md below the folder load just in time, when a tool reads a file there (lazy)",
        "context.includeDirectories walk up too and join the sort",
        "not modelled yet: extension and MCP context, private MEMORY.md, untrusted folders",
    ),
)

COPILOT = Profile(
    # GitHub Copilot CLI: docs.github.com/en/copilot/how-tos/copilot-cli/customize-copilot/
    # add-custom-instructions (read 2026-12-01) and the runtime's customization spec in
    # microsoft/vscode src/vs/sessions/copilot-customizations-spec.md (copilot-agent-runtime
    # as of 2026-02-25); applyTo matching from VS Code's computeAutomaticInstructions.ts.
    name="copilot",
    title="GitHub Copilot",
    user_dir=".copilot",
    user_parent_env="XDG_CONFIG_HOME",
    user_files=("copilot-instructions.md",),
    user_rules_dir="instructions",
    project_files=(
        ".github/copilot-instructions.md",
        "AGENTS.md",
        "CLAUDE.md",
        ".claude/CLAUDE.md",
        "GEMINI.md",
    ),
    local_files=(),
    walk=Walk.MARKER_ROOT,
    project_rules_dir=".github/instructions",
    rules_suffix=".instructions.md",
    rules_scope_key="applyTo",
    rules_at_project_root=True,
    user_rules_last=True,
    lazy_files=("AGENTS.md", ".github/copilot-instructions.md"),
    extra_dirs_env="COPILOT_CUSTOM_INSTRUCTIONS_DIRS",
    dedupe_content=True,
    skill_dirs=("skills",),
    project_skill_dirs=(".github/skills", ".agents/skills", ".claude/skills"),
    setup_markers=(".github/copilot-instructions.md", ".github/instructions"),
    sources=(
        "docs.github.com/en/copilot/how-tos/copilot-cli/customize-copilot/"
        "add-custom-instructions, read 2026-12-01",
        "microsoft/vscode src/vs/sessions/copilot-customizations-spec.md "
        "(github/copilot-agent-runtime as of 2026-02-25) @ 449c67ba",
        "microsoft/vscode computeAutomaticInstructions.ts _matches (applyTo), read 2026-12-01",
    ),
    notes=(
        "~/.copilot/copilot-instructions.md ($XDG_CONFIG_HOME/.copilot when set)",
        "per folder from the repository root down to the working folder: "
        ".github/copilot-instructions.md, AGENTS.md, CLAUDE.md, .claude/CLAUDE.md, GEMINI.md",
        ".github/instructions/**/*.instructions.md at the repository root and the working "
        "folder, then ~/.copilot/instructions/**/*.instructions.md: applyTo (one string, "
        "comma-separated) makes them conditional, ** applies everywhere, no applyTo lists "
        "them for the model (on-request)",
        "COPILOT_CUSTOM_INSTRUCTIONS_DIRS: more folders read like the working folder",
        "AGENTS.md and .github/copilot-instructions.md below the working folder are lazy",
        "a file with the same text as an earlier one is sent once",
    ),
)

CURSOR = Profile(
    # Cursor (closed source): cursor.com/docs/context/rules (project rules, rule types,
    # nested rules, AGENTS.md, legacy .cursorrules), read 2026-12-01; docs/profiles.md.
    name="cursor",
    title="Cursor",
    user_dir=".cursor",
    user_files=(),
    project_files=("AGENTS.md",),
    local_files=(),
    legacy_files=(".cursorrules",),
    walk=Walk.ROOT,
    project_rules_dir=".cursor/rules",
    rules_suffix=".mdc",
    rules_scope_key="globs",
    nested_rules=".cursor/rules",
    lazy_files=("AGENTS.md",),
    skill_dirs=("skills",),
    project_skill_dirs=(".cursor/skills",),
    setup_markers=(".cursor", ".cursorrules"),
    sources=(
        "cursor.com/docs/context/rules ('Rules'), as quoted by public summaries "
        "(skly.ai/docs/rules/cursor, agent-policy cursor-rules target), read 2026-12-01",
    ),
    notes=(
        "AGENTS.md at the workspace root; the legacy .cursorrules (deprecated) still loads",
        ".cursor/rules/**/*.mdc: alwaysApply: true loads; globs make it auto-attached "
        "(conditional); description only is agent-requested and no keys is manual "
        "(both on-request)",
        "nested .cursor/rules folders apply to files below their folder; nested AGENTS.md are lazy",
        "user rules live in Cursor's settings, not in files: not modelled",
    ),
)

OPENCODE = Profile(
    # sst/opencode (now anomalyco/opencode) packages/opencode/src/session/instruction.ts
    # and test/session/instruction.test.ts, read 2026-12-01; docs/profiles.md.
    name="opencode",
    title="opencode",
    user_dir=".config/opencode",
    user_parent_env="XDG_CONFIG_HOME",
    agent_settings="opencode",
    settings_files=("opencode.json", "opencode.jsonc"),
    # oracle scenario "opencode: whitespace-only instruction file" (opencode 1.18.33)
    sends_whitespace=True,
    user_files=("AGENTS.md",),
    project_files=("AGENTS.md", "CLAUDE.md", "CONTEXT.md"),
    local_files=(),
    walk=Walk.MARKER_ROOT,
    lazy_files=("AGENTS.md", "CLAUDE.md", "CONTEXT.md"),
    order_note="global first, then the nearest folder first",
    skill_dirs=("skill", "skills"),
    project_skill_dirs=(".opencode/skill", ".opencode/skills"),
    setup_markers=("opencode.json", "opencode.jsonc", ".opencode"),
    sources=(
        "anomalyco/opencode packages/opencode/src/session/instruction.ts (systemPaths, "
        "resolve) and test/session/instruction.test.ts @ 1565a419, read 2026-12-01",
        "opencode.ai/docs/rules (packages/web/src/content/docs/rules.mdx), read 2026-12-01",
    ),
    notes=(
        "~/.config/opencode/AGENTS.md, else ~/.claude/CLAUDE.md (the first that exists)",
        "from the working folder up to the git worktree (or /): the first of AGENTS.md, "
        "CLAUDE.md, CONTEXT.md found anywhere wins, and every level holding that name "
        "loads, nearest first",
        "the instructions globs of opencode.json (user and project, concatenated), "
        "expanded in every folder from the working folder up to the worktree",
        "AGENTS.md / CLAUDE.md / CONTEXT.md below the working folder are lazy (attached "
        "when the agent reads a file there)",
    ),
)

PROFILES: Mapping[str, Profile] = MappingProxyType(
    {p.name: p for p in (OR, CLAUDE, CODEX, GEMINI, COPILOT, CURSOR, OPENCODE)}
)
DEFAULT_PROFILE = "or"
AUTO_PROFILE = "auto"
"""The spelling of "no profile configured" where a value must be given (config, CLI)."""
