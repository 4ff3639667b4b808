"""Qwen Code: how it loads instructions.

The agent's home: its profile (below) and the modules beside it. Nothing outside
``promptls/agents`` names this agent; the registry lists it once. Qwen Code is a fork
of Gemini CLI: its ``@path`` tokens and its ``Context from`` blocks are gemini-cli's
(shared from the gemini home), its walk, names, code reading and placement are its own.
"""

from __future__ import annotations

from promptls.agents.model import Profile, Verification, VerifiedBy, Walk
from promptls.agents.qwen import rules
from promptls.agents.qwen.imports import STYLE as IMPORTS

_READ = "read 2026-12-06"
_PACKAGE = f"@qwen-code/qwen-code 0.24.4 (2026-09-22), its bundled sources, {_READ}"

PROFILE = Profile(
    # QwenLM/qwen-code packages/core/src/memory/memoryDiscovery.ts as bundled in
    # @qwen-code/qwen-code 0.24.4, read 2026-12-06, and the oracle (tests/oracle,
    # scenarios "qwen: ..."); docs/profiles.md.
    name="qwen",
    title="Qwen Code",
    user_dir=".qwen",
    user_dir_env="QWEN_HOME",
    hooks="promptls.agents.qwen.discovery",
    settings_files=(".qwen/settings.json",),
    user_files=("QWEN.md", "AGENTS.md"),
    project_files=("QWEN.md", "AGENTS.md"),
    local_files=(".qwen/QWEN.local.md",),
    walk=Walk.MARKER_ROOT,
    imports=IMPORTS,
    import_depth=5,
    user_rules_dir="rules",
    project_rules_dir=".qwen/rules",
    rules_scope_key="paths",
    globs=rules.GLOBS,
    rule_activation=rules.activation,
    skill_dirs=("skills",),
    project_skill_dirs=(".qwen/skills",),
    front_kinds=(rules.FRONT_KIND,),
    setup_markers=(".qwen", "QWEN.md"),
    order_note=(
        "one name at a time: each name's user file, then its files from the top of the "
        "walk down; then QWEN.local.md and the rules"
    ),
    coverage_hint=(
        'add "{shared}" to `context.fileName` in .qwen/settings.json (its default is '
        '["QWEN.md", "AGENTS.md"]), or create QWEN.md with `@{shared}`'
    ),
    verified_by=VerifiedBy(Verification.ORACLE),
    sources=(
        f"packages/core/src/memory/memoryDiscovery.ts, utils/memoryImportProcessor.ts, "
        f"utils/memory-constants.ts, config/rulesDiscovery.ts of {_PACKAGE}",
        "packages/cli/src/config/settings.ts, config.ts (context.*) of the same package",
        "qwenlm.github.io/qwen-code-docs (context files, settings), read 2026-12-06",
    ),
    notes=(
        "QWEN.md and AGENTS.md (context.fileName replaces both), one name at a time",
        "~/.qwen/<name> (or $QWEN_HOME/<name>), then <name> in every folder from the "
        "parent of the git root (or of the home folder, outside a repository) down to "
        "the working folder; in the home folder only ~/<name>",
        "<git root>/.qwen/QWEN.local.md last",
        "~/.qwen/rules and <git root>/.qwen/rules (*.md, recursive, sorted): a rule "
        "with paths: front matter is attached when the agent touches a matching file",
        "@path imports: gemini-cli's tokens outside CommonMark code, relative to the "
        "importing file, confined to its git root, 5 levels; a missing file stays as "
        "written",
        "every file is sent in one block at the end of the system prompt, each path "
        "relative to the working folder",
        "not modelled: extension context files, output-language.md (Qwen Code writes "
        "it into ~/.qwen and sends it), auto memory",
    ),
)
