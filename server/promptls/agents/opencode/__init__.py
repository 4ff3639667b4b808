"""opencode: how it loads instructions.

The agent's home: its profile (below) and the modules beside it. Nothing outside
``promptls/agents`` names this agent; the registry lists it once.
"""

from __future__ import annotations

from promptls.agents.model import Profile, Verification, VerifiedBy, Walk
from promptls.agents.opencode.rules import GLOBS

PROFILE = Profile(
    # sst/opencode (now anomalyco/opencode) packages/opencode/src/session/instruction.ts
    # and test/session/instruction.test.ts, read 2026-12-01; docs/profiles.md.
    name="opencode",
    title="opencode",
    user_dir=".config/opencode",
    user_parent_env="XDG_CONFIG_HOME",
    hooks="promptls.agents.opencode.walk",
    globs=GLOBS,
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
    coverage_hint='add `"instructions": ["{shared}"]` to opencode.json',
    verified_by=VerifiedBy(Verification.ORACLE),
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
