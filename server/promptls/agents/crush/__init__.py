"""Crush: how it loads instructions.

The agent's home: its profile (below) and the modules beside it. Nothing outside
``promptls/agents`` names this agent; the registry lists it once. Crush is
docs-sourced: its loader is read from its source (``discovery.py``), not observed.
"""

from __future__ import annotations

from promptls.agents.model import Profile, Verification, VerifiedBy, Walk

DEFAULT_PATHS = (
    ".github/copilot-instructions.md",
    ".cursorrules",
    ".cursor/rules/",
    "CLAUDE.md",
    "CLAUDE.local.md",
    "GEMINI.md",
    "gemini.md",
    "crush.md",
    "crush.local.md",
    "Crush.md",
    "Crush.local.md",
    "CRUSH.md",
    "CRUSH.local.md",
    "AGENTS.md",
    "agents.md",
    "Agents.md",
)
"""``defaultContextPaths`` (internal/config/config.go, read 2026-12-06)."""

PROFILE = Profile(
    # charmbracelet/crush internal/config/config.go, load.go, internal/agent/prompt/
    # prompt.go and templates/coder.md.tpl @ 37f36e93 (after v0.90.0), read 2026-12-06;
    # docs/profiles.md.
    name="crush",
    title="Crush",
    user_dir=".config/crush",
    user_parent_env="XDG_CONFIG_HOME",
    hooks="promptls.agents.crush.discovery",
    settings_files=("crush.json", ".crush.json"),
    # prompt.go sends a file's text as read: whitespace-only files too
    sends_whitespace=True,
    user_files=("CRUSH.md",),
    project_files=tuple(p for p in DEFAULT_PATHS if not p.endswith("/")),
    local_files=(),
    walk=Walk.ROOT,
    order_note="project files, then global; Crush's own order changes from run to run",
    skill_dirs=("skills",),
    project_skill_dirs=(".agents/skills", ".crush/skills", ".claude/skills", ".cursor/skills"),
    setup_markers=("CRUSH.md", "CRUSH.local.md", "crush.json", ".crush.json", ".crush"),
    coverage_hint='add "{shared}" to `options.context_paths` in crush.json',
    # Crush's npm package (@charmland/crush) downloads the program from GitHub when it
    # installs, which no registry this project installs from serves: the oracle cannot
    # run it, so the profile is read from its source.
    verified_by=VerifiedBy(Verification.DOCS, "2026-12-06", "charmbracelet/crush @ 37f36e93"),
    sources=(
        "charmbracelet/crush internal/config/config.go (defaultContextPaths), load.go "
        "(setDefaults, lookupConfigs, GlobalConfig), internal/agent/prompt/prompt.go "
        "(loadContextFiles) and internal/agent/templates/coder.md.tpl @ 37f36e93 "
        "(2026-08-21, after v0.90.0; newest release 0.96.1), read 2026-12-06",
        "github.com/charmbracelet/crush README ('Initialization', global context "
        "files), read 2026-12-06",
    ),
    notes=(
        "only the working folder: CRUSH.md, CRUSH.local.md, AGENTS.md, CLAUDE.md, "
        "CLAUDE.local.md, GEMINI.md, .cursorrules, .github/copilot-instructions.md and "
        "every file below .cursor/rules/, plus options.context_paths of crush.json",
        "names are looked up by their lower-cased text: crush.md, Crush.md, agents.md, "
        "Agents.md and gemini.md are never read on a case-sensitive disk",
        "then ~/.config/crush/CRUSH.md and ~/.config/AGENTS.md (options."
        "global_context_paths replaces them)",
        "the files of each part are sent in an order that changes from run to run",
        "crushrc shell-style settings files are not read by promptls",
    ),
)
