"""OpenAI Codex CLI: how it loads instructions.

The agent's home: its profile (below) and the modules beside it. Nothing outside
``promptls/agents`` names this agent; the registry lists it once.
"""

from __future__ import annotations

from promptls.agents.model import Profile, SizeLimit, Verification, VerifiedBy, Walk
from promptls.discovery.never_loaded import SkillDepth

DEFAULT_BUDGET = 32 * 1024
"""codex-rs config_toml.rs ``DEFAULT_PROJECT_DOC_MAX_BYTES`` (read 2026-12-01)."""

_CODEX_LOADER = (
    "openai/codex codex-rs/core-skills/src/loader.rs (MAX_SCAN_DEPTH = 6, names starting "
    "with '.' skipped) @ c9d127cf, read 2026-12-01"
)


PROFILE = Profile(
    # openai/codex codex-rs/core/src/agents_md.rs and agents_md_tests.rs (after PR #27696,
    # tests at 04393ff9, read 2026-12-01), codex-rs/codex-home/src/instructions (user file),
    # codex-config project_root_markers; docs/profiles.md has the table.
    name="codex",
    title="OpenAI Codex CLI",
    user_dir=".codex",
    user_dir_env="CODEX_HOME",
    hooks="promptls.agents.codex.discovery",
    settings_files=(".codex/config.toml",),
    user_files=("AGENTS.override.md", "AGENTS.md"),
    project_files=("AGENTS.override.md", "AGENTS.md"),
    local_files=(),
    walk=Walk.MARKER_ROOT,
    first_match=True,
    budget=DEFAULT_BUDGET,
    # oracle scenario "codex: skills from every skills folder" (Codex CLI 0.171.0): roots
    # $CODEX_HOME/skills, ~/.agents/skills (not moved by CODEX_HOME), and .codex/skills
    # and .agents/skills of every folder from the project root down; both of two skills
    # with one name are listed, a skill without a front-matter name is not
    skill_dirs=("skills",),
    skills_dir_env="CODEX_HOME",
    home_skill_dirs=(".agents/skills",),
    project_skill_dirs=(".codex/skills", ".agents/skills"),
    skills_follow_walk=True,
    skills_by_path=True,
    # AGENTS.md is codex's own file and the only one it reads: a repository with one is
    # set up for codex without a folder (and codex alone cuts it at a byte budget).
    setup_markers=(".codex", "AGENTS.override.md", "AGENTS.md"),
    skill_depth=SkillDepth((".agents/skills", ".codex/skills"), 6, True, _CODEX_LOADER),
    size_limit=SizeLimit(
        DEFAULT_BUDGET,
        "bytes",
        "codex cuts its instruction files at 32 KiB in total",
        budget=True,
        source=(
            "openai/codex codex-rs/core/src/agents_md.rs (project_doc_max_bytes, default "
            "32 KiB) and agents_md_tests.rs @ 04393ff9"
        ),
        checked="2026-12-01",
    ),
    coverage_hint=(
        'set `project_doc_fallback_filenames = ["{shared}"]` in .codex/config.toml, '
        "or create AGENTS.md"
    ),
    verified_by=VerifiedBy(Verification.ORACLE),
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
        "skills: $CODEX_HOME/skills, ~/.agents/skills, and .codex/skills and .agents/skills "
        "from the project root down, six folders deep",
    ),
)
