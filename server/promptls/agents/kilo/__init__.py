"""Kilo Code CLI: how it loads instructions.

The agent's home: its profile (below) and the modules beside it. Nothing outside
``promptls/agents`` names this agent; the registry lists it once. Kilo is an opencode
fork: its loader is opencode's walk with Kilo's names and rules (``walk.py``).
"""

from __future__ import annotations

from promptls.agents.kilo.rules import LEGACY_RULES, MORE_RULES_DIRS, PROJECT_CONFIGS
from promptls.agents.model import Profile, Verification, VerifiedBy, Walk
from promptls.agents.opencode.rules import GLOBS

PROFILE = Profile(
    # Observed: oracle scenarios "kilo: ..." (@kilocode/cli 7.7.7); Kilo-Org/kilocode
    # packages/opencode/src/session/instruction.ts and src/kilocode/rules-migrator.ts,
    # read 2026-12-06; docs/profiles.md.
    name="kilo",
    title="Kilo Code",
    user_dir=".config/kilo",
    user_parent_env="XDG_CONFIG_HOME",
    hooks="promptls.agents.kilo.walk",
    globs=GLOBS,
    settings_files=PROJECT_CONFIGS,
    # oracle scenario "kilo: whitespace-only instruction file" (7.7.7)
    sends_whitespace=True,
    user_files=("AGENTS.md",),
    project_files=("AGENTS.md", "CLAUDE.md", "CONTEXT.md"),
    local_files=(),
    walk=Walk.MARKER_ROOT,
    lazy_files=("AGENTS.md", "CLAUDE.md", "CONTEXT.md"),
    legacy_files=(LEGACY_RULES,),
    # so check and the editors treat its rule files as instruction files
    project_rules_dir=".kilocode/rules",
    more_rules_dirs=MORE_RULES_DIRS,
    # oracle scenario "kilo: skills" (7.7.7); ~/.kilo/skills is read too (not modelled)
    skill_dirs=("skill", "skills"),
    project_skill_dirs=(".kilo/skills", ".kilocode/skills", ".claude/skills", ".agents/skills"),
    order_note="global first, then the nearest folder first, then rules, then instructions",
    setup_markers=("kilo.json", "kilo.jsonc", ".kilo", ".kilocode", LEGACY_RULES),
    coverage_hint='add `"instructions": ["{shared}"]` to kilo.json',
    verified_by=VerifiedBy(Verification.ORACLE),
    sources=(
        "@kilocode/cli 7.7.7 as the promptls oracle runs it (tests/oracle/scenarios.py "
        "'kilo: ...'), 2026-12-06",
        "Kilo-Org/kilocode packages/opencode/src/session/instruction.ts, src/kilocode/"
        "rules-migrator.ts and src/config/paths.ts, read 2026-12-06",
    ),
    notes=(
        "~/.config/kilo/AGENTS.md, else ~/.claude/CLAUDE.md (the first that exists); "
        "~/.config/opencode is not read",
        "from the working folder up to the git worktree (or /): the first of AGENTS.md, "
        "CLAUDE.md, CONTEXT.md found anywhere wins, and every level holding that name "
        "loads, nearest first",
        "rules: ~/.kilo/rules and ~/.kilocode/rules, then the working folder's .kilo/rules "
        "and .kilocode/rules (*.md directly in the folder), .kilocoderules, and every "
        "mode's rules-MODE folders and .kilocoderules-MODE",
        "the instructions globs of kilo.json and opencode.json (user and project, "
        "concatenated), expanded in every folder from the working folder up to the worktree",
        "AGENTS.md / CLAUDE.md / CONTEXT.md below the working folder are lazy (attached "
        "when the agent reads a file there)",
    ),
)
