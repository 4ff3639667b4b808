"""The Continue CLI (npm ``@continuedev/cli``, command ``cn``): how it loads instructions.

The agent's home: its profile (below) and the modules beside it. Nothing outside
``promptls/agents`` names this agent; the registry lists it once. The folder is
``continuedev`` because ``continue`` is a Python keyword; the profile is ``continue``.
"""

from __future__ import annotations

from promptls.agents.continuedev import rules
from promptls.agents.model import Profile, Verification, VerifiedBy, Walk

AGENT_FILES = ("AGENTS.md", "AGENT.md", "CLAUDE.md", "CODEX.md")
"""The working folder's agent file: the first of these that exists."""
GLOBAL_DIR_ENV = "CONTINUE_GLOBAL_DIR"
"""The variable that moves the user folder (``~/.continue``)."""

PROFILE = Profile(
    # Observed: oracle scenarios "continue: ..." (@continuedev/cli 1.5.47); its bundle's
    # src/systemMessage.ts and packages/config-yaml markdown rules, read 2026-12-07;
    # docs/profiles.md.
    name="continue",
    title="Continue CLI",
    user_dir=".continue",
    user_dir_env=GLOBAL_DIR_ENV,
    hooks="promptls.agents.continuedev.discovery",
    user_files=(),
    user_rules_dir="rules",
    project_files=AGENT_FILES,
    first_match=True,
    local_files=(),
    walk=Walk.ROOT,
    project_rules_dir=rules.RULES_DIR,
    front_kinds=(rules.FRONT_KIND,),
    # oracle scenario "continue: agent file sent as read"
    sends_whitespace=True,
    skill_dirs=("skills",),
    project_skill_dirs=(".continue/skills", ".claude/skills"),
    order_note="the working folder's agent file, then its rules, then the user's rules",
    setup_markers=(".continue",),
    coverage_hint="create AGENTS.md in the folder cn runs in",
    verified_by=VerifiedBy(Verification.ORACLE),
    sources=(
        "observed: Continue CLI 1.5.47 (2026-09-08) against the promptls oracle's "
        "recording mock, tests/oracle/scenarios.py 'continue: ...', 2026-12-07",
        "npm @continuedev/cli 1.5.47 dist/index.js and its source map (src/systemMessage.ts, "
        "src/util/loadMarkdownSkills.ts, packages/config-yaml/src/markdown/"
        "markdownToRule.ts), read 2026-12-07",
    ),
    notes=(
        "the working folder only: the first of AGENTS.md, AGENT.md, CLAUDE.md, CODEX.md "
        "that exists, sent as read (an empty one takes the slot and sends nothing)",
        "the *.md rules below .continue/rules of the working folder, then below "
        "~/.continue/rules ($CONTINUE_GLOBAL_DIR/rules); no folder above or below the "
        "working folder is read",
        "a rule is sent when alwaysApply is true, or when it has none of alwaysApply, "
        "globs and regex; cn applies no globs, and invokable rules are prompts",
        "rules of config.yaml (rules:) and --rule flags are sent too and are not modelled",
        "skills (.continue/skills, .claude/skills, ~/.continue/skills) are listed in a "
        "tool's description, not in the system message",
    ),
)
