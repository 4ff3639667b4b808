"""Cursor: how it loads instructions.

The agent's home: its profile (below) and the modules beside it. Nothing outside
``promptls/agents`` names this agent; the registry lists it once.
"""

from __future__ import annotations

from promptls.agents.cursor import rules
from promptls.agents.model import Profile, Verification, VerifiedBy, Walk

PROFILE = Profile(
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
    # Only .mdc files and <name>/RULE.md folders are rules: a plain .md in .cursor/rules
    # is ignored (cursor.com/docs/context/rules as quoted by public guides, read 2026-12-06)
    rules_suffix=".mdc",
    rules_folder_file=rules.RULES_FOLDER_FILE,
    rules_scope_key="globs",
    globs=rules.GLOBS,
    rule_activation=rules.activation,
    nested_rules=".cursor/rules",
    lazy_files=("AGENTS.md",),
    skill_dirs=("skills",),
    project_skill_dirs=(".cursor/skills",),
    front_kinds=(rules.FRONT_KIND,),
    setup_markers=(".cursor", ".cursorrules"),
    coverage_hint="create AGENTS.md, or an `alwaysApply: true` rule in .cursor/rules",
    verified_by=VerifiedBy(Verification.DOCS, "2026-12-01", "cursor.com/docs/context/rules"),
    sources=(
        "cursor.com/docs/context/rules ('Rules'), as quoted by public summaries "
        "(skly.ai/docs/rules/cursor, agent-policy cursor-rules target), read 2026-12-01",
    ),
    notes=(
        "AGENTS.md at the workspace root; the legacy .cursorrules (deprecated) still loads",
        ".cursor/rules/**/*.mdc and folder rules .cursor/rules/<name>/RULE.md: alwaysApply: "
        "true loads; globs make it auto-attached (conditional); description only is "
        "agent-requested and no keys is manual (both on-request); a plain .md is ignored",
        "nested .cursor/rules folders apply to files below their folder; nested AGENTS.md are lazy",
        "user rules live in Cursor's settings, not in files: not modelled",
        # cursor.com/docs/context/rules shows only `**/` and folder globs (read
        # 2026-12-06); forum threads and guides searched 2026-12-06 disagree.
        "a glob without a / (*.py): whether it matches a file name in any folder is not "
        "documented, so no finding says it matches nothing",
    ),
)
