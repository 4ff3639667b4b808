"""Cline (the CLI, npm ``cline``): how it loads rules.

The agent's home: its profile (below) and the modules beside it. Nothing outside
``promptls/agents`` names this agent; the registry lists it once.
"""

from __future__ import annotations

from promptls.agents.cline import rules
from promptls.agents.model import Profile, Verification, VerifiedBy, Walk

PROFILE = Profile(
    # Cline CLI 3.0.65 as the oracle runs it (tests/oracle/scenarios.py), and its
    # @cline/shared and @cline/core 0.0.86 packages (storage paths, rule watcher), read
    # 2026-12-06; docs.cline.bot/customization/cline-rules, read 2026-12-06.
    name="cline",
    title="Cline",
    user_dir=".cline",
    user_dir_env="CLINE_DIR",
    hooks="promptls.agents.cline.discovery",
    user_files=(),
    user_rules_dir="rules",
    project_files=("AGENTS.md", ".clinerules"),
    local_files=(),
    walk=Walk.ROOT,
    project_rules_dir=".clinerules",
    order_note="sorted by rule name, user and project rules mixed",
    front_kinds=(rules.FRONT_KIND,),
    setup_markers=(".clinerules", ".cline"),
    coverage_hint="create AGENTS.md (Cline reads it in the working folder)",
    verified_by=VerifiedBy(Verification.ORACLE),
    sources=(
        "observed: Cline CLI 3.0.65 (2026-09-27) against the promptls oracle's recording "
        "mock, tests/oracle/scenarios.py",
        "npm cline 3.0.65: @cline/shared 0.0.86 dist/storage (rule search paths) and "
        "@cline/core 0.0.86 dist/index.js (rule files, names, # Rules), read 2026-12-06",
        "docs.cline.bot/customization/cline-rules, read 2026-12-06",
    ),
    notes=(
        "the working folder's AGENTS.md, .clinerules (a file, or a folder's .md, "
        ".markdown and .txt files, not its subfolders) and .cline/rules; then "
        "~/.agents/AGENTS.md, ~/.cline/rules ($CLINE_DIR/rules), ~/Cline/Rules and "
        "~/Documents/Cline/Rules",
        "no walk: folders above and below the working folder are not read, nor CLAUDE.md, "
        ".cursorrules, .windsurfrules, .cursor/rules or .windsurf/rules",
        "a rule is keyed by its name (front matter name, else the file name without its "
        "extension); a later rule of the same name replaces an earlier one; all are sent "
        "sorted by name",
        "disabled: true or enabled: false switch a rule off; invalid front matter or an "
        "empty body and the rule is not sent",
        "paths: front matter is ignored by the CLI (the rule is always sent); the VS Code "
        "extension's path-conditional rules and its rule toggles are not modelled",
    ),
)
