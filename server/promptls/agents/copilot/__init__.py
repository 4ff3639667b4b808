"""GitHub Copilot (the CLI and its agent runtime): how it loads instructions.

The agent's home: its profile (below) and the modules beside it. Nothing outside
``promptls/agents`` names this agent; the registry lists it once.
"""

from __future__ import annotations

from promptls.agents.copilot import rules
from promptls.agents.copilot.imports import HOPS
from promptls.agents.copilot.imports import STYLE as IMPORTS
from promptls.agents.model import Profile, Verification, VerifiedBy, Walk

PROFILE = Profile(
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
        # not .claude/CLAUDE.md, which the spec lists, and whitespace-only files are sent
        # as read: oracle scenario "copilot: no .claude/CLAUDE.md, and a whitespace-only
        # file is sent" (Copilot CLI 1.0.102)
        "GEMINI.md",
    ),
    sends_whitespace=True,
    sends_empty=True,
    local_files=(),
    walk=Walk.MARKER_ROOT,
    hooks="promptls.agents.copilot.discovery",
    project_rules_dir=".github/instructions",
    rules_suffix=".instructions.md",
    rules_scope_key="applyTo",
    globs=rules.GLOBS,
    rule_activation=rules.activation,
    rules_at_project_root=True,
    user_rules_last=True,
    lazy_files=("AGENTS.md", ".github/copilot-instructions.md"),
    extra_dirs_env="COPILOT_CUSTOM_INSTRUCTIONS_DIRS",
    dedupe_content=True,
    imports=IMPORTS,
    import_depth=HOPS,
    skill_dirs=("skills",),
    project_skill_dirs=(".github/skills", ".agents/skills", ".claude/skills"),
    front_kinds=(rules.FRONT_KIND,),
    setup_markers=(".github/copilot-instructions.md", ".github/instructions"),
    coverage_hint="create AGENTS.md (Copilot reads it natively)",
    verified_by=VerifiedBy(Verification.ORACLE),
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
        ".github/copilot-instructions.md, AGENTS.md, CLAUDE.md, GEMINI.md (empty and "
        "whitespace-only ones are sent as read)",
        ".github/instructions/**/*.instructions.md at the repository root and the working "
        "folder, then ~/.copilot/instructions/**/*.instructions.md: applyTo (one string, "
        "comma-separated) makes them conditional, ** applies everywhere, no applyTo lists "
        "them for the model (on-request)",
        "COPILOT_CUSTOM_INSTRUCTIONS_DIRS: more folders read like the working folder",
        "AGENTS.md and .github/copilot-instructions.md below the working folder are lazy",
        "a file with the same text as an earlier one is sent once",
        "@path imports in AGENTS.md and CLAUDE.md (and in the files they import) are "
        "inlined after their token, eight hops deep, outside code spans and fences",
    ),
)
