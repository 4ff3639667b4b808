"""Or, the reference agent: how it loads instructions.

The agent's home: its profile (below) and the modules beside it. Nothing outside
``promptls/agents`` names this agent; the registry lists it once.
"""

from __future__ import annotations

from promptls.agents.model import Profile, Verification, VerifiedBy, Walk

PROFILE = Profile(
    # The seed's LoadContextFiles (shared/seeds/or-prompt.txt, 2025): user file under
    # ~/.or, one AGENTS.md per directory from / down to the root, the local file last.
    name="or",
    reference=True,
    title="Or (reference agent)",
    user_dir=".or",
    user_files=("AGENTS.md",),
    project_files=("AGENTS.md",),
    local_files=("AGENTS.local.md",),
    walk=Walk.FILESYSTEM,
    skill_dirs=("skills",),
    project_skill_dirs=(".or/skills",),
    setup_markers=(".or",),
    verified_by=VerifiedBy(Verification.REFERENCE),
    sources=("Or prompt package docs, LoadContextFiles (seeds/or-prompt.txt), 2025",),
    notes=(
        "~/.or/AGENTS.md, then AGENTS.md in every folder from / down to the root, "
        "then AGENTS.local.md at the root",
        "no imports, no byte budget",
    ),
)
