"""Kiro: how it loads steering files, from its documentation.

The agent's home: its profile (below) and the modules beside it. Nothing outside
``promptls/agents`` names this agent; the registry lists it once. Kiro is closed source
and ships no headless package the oracle could run against the mock model API, so every
value here is read from its docs (dated below) and the profile says so
(``verified_by``): docs-sourced, not observed.
"""

from __future__ import annotations

from promptls.agents.kiro import imports, rules
from promptls.agents.model import Profile, Verification, VerifiedBy, Walk

_STEERING = "kiro.dev/docs/steering"

PROFILE = Profile(
    # Kiro (closed source): the steering page (workspace .kiro/steering, global
    # ~/.kiro/steering, inclusion modes, fileMatchPattern, #[[file:...]] references
    # (imports.py),
    # AGENTS.md at the workspace root or in the global steering folder, always included),
    # read 2026-12-06; docs/profiles.md.
    name="kiro",
    title="Kiro",
    user_dir=".kiro",
    user_files=(),
    user_rules_dir="steering",
    project_files=("AGENTS.md",),
    local_files=(),
    walk=Walk.ROOT,
    project_rules_dir=".kiro/steering",
    rules_scope_key="fileMatchPattern",
    imports=imports.STYLE,
    import_depth=5,
    globs=rules.GLOBS,
    rule_activation=rules.activation,
    front_kinds=(rules.FRONT_KIND,),
    setup_markers=(".kiro/steering",),
    coverage_hint="create AGENTS.md at the workspace root (Kiro always includes it), or a "
    "steering file in .kiro/steering",
    verified_by=VerifiedBy(Verification.DOCS, "2026-12-06", _STEERING),
    sources=(
        f"{_STEERING} ('Steering': scope, inclusion modes, file references, AGENTS.md), "
        "read 2026-12-06",
    ),
    notes=(
        "~/.kiro/steering/*.md (global), then AGENTS.md and .kiro/steering/*.md of the "
        "workspace; on conflicting instructions Kiro prefers the workspace's",
        "inclusion: always (also no front matter) loads; fileMatch scopes by "
        "fileMatchPattern (a string or a list); manual and auto are on request",
        "AGENTS.md at the workspace root or in ~/.kiro/steering is always included; one in "
        "a subfolder is not documented, so not listed",
        "#[[file:path]] references include the file (relative to the workspace folder); "
        "a referenced file's own references are followed too (up to 5 hops; the docs do "
        "not say); a folder or pattern reference is left alone",
        "specs (.kiro/specs) are not documented as loaded into the context: not listed",
    ),
)
