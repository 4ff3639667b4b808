"""Gemini CLI: how it loads instructions.

The agent's home: its profile (below) and the modules beside it. Nothing outside
``promptls/agents`` names this agent; the registry lists it once.
"""

from __future__ import annotations

from promptls.agents.gemini.imports import STYLE as IMPORTS
from promptls.agents.model import Profile, Verification, VerifiedBy, Walk
from promptls.discovery.never_loaded import SkillDepth, SkillPrecedence

_GEMINI_SKILLS = (
    "google-gemini/gemini-cli packages/core/src/skills/skillManager.ts "
    "(addSkillsWithPrecedence) and skillManagerAlias.test.ts @ 5411f113 (2026-08-21), "
    "read 2026-12-01"
)

_GEMINI_LOADER = (
    "google-gemini/gemini-cli packages/core/src/skills/skillLoader.ts (loadSkillsFromDir: "
    "glob 'SKILL.md', '*/SKILL.md') @ 5411f113 (2026-08-21), read 2026-12-01"
)


PROFILE = Profile(
    # google-gemini/gemini-cli packages/core/src/utils/memoryDiscovery.ts and its tests at
    # 5411f113 (2026-08-21), read 2026-12-01: the 2026 walk (marker root, no upward walk
    # without a marker, no downward scan), paths sorted as strings; docs/profiles.md.
    name="gemini",
    title="Gemini CLI",
    user_dir=".gemini",
    hooks="promptls.agents.gemini.discovery",
    settings_files=(".gemini/settings.json",),
    sort_paths=True,
    lazy_files=("GEMINI.md",),
    user_files=("GEMINI.md",),
    project_files=("GEMINI.md",),
    local_files=(),
    walk=Walk.MARKER_ROOT,
    imports=IMPORTS,
    import_depth=5,
    skill_dirs=("skills",),
    project_skill_dirs=(".gemini/skills",),
    setup_markers=(".gemini", "GEMINI.md"),
    skill_precedence=SkillPrecedence(
        (
            ("project", ".agents/skills"),
            ("project", ".gemini/skills"),
            ("user", ".agents/skills"),
            ("user", ".gemini/skills"),
        ),
        name_from_folder=False,
        source=_GEMINI_SKILLS,
    ),
    skill_depth=SkillDepth((".gemini/skills", ".agents/skills"), 1, False, _GEMINI_LOADER),
    coverage_hint=(
        'add `"context": {"fileName": ["{shared}", "GEMINI.md"]}` to '
        ".gemini/settings.json, or create GEMINI.md with `@{shared}`"
    ),
    verified_by=VerifiedBy(Verification.ORACLE),
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
