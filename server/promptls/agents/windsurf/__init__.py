"""Windsurf (Cascade): how it loads instructions, from its documentation.

The agent's home: its profile (below) and the modules beside it. Nothing outside
``promptls/agents`` names this agent; the registry lists it once. Windsurf is closed
source and ships no headless CLI the oracle could run against the mock model API, so
every value here is read from its docs (dated below) and the profile says so
(``verified_by``): docs-sourced, not observed.
"""

from __future__ import annotations

from promptls.agents.model import Profile, SizeLimit, Verification, VerifiedBy, Walk
from promptls.agents.windsurf import rules

_MEMORIES = "docs.windsurf.com/windsurf/cascade/memories"
_AGENTS_MD = "docs.windsurf.com/windsurf/cascade/agents-md"

PROFILE = Profile(
    # Windsurf (closed source): the Memories & Rules page (global_rules.md, .windsurf/rules
    # in the workspace, its subfolders and its parents up to the git root, trigger modes,
    # the character limits) and the AGENTS.md page (root: always on; a subfolder's: a glob
    # rule for <folder>/**; AGENTS.md or agents.md), read 2026-12-06; docs/profiles.md.
    name="windsurf",
    title="Windsurf",
    user_dir=".codeium/windsurf/memories",
    user_files=("global_rules.md",),
    project_files=("AGENTS.md", "agents.md"),
    local_files=(),
    legacy_files=(".windsurfrules",),
    walk=Walk.MARKER_ROOT,
    project_rules_dir=".windsurf/rules",
    rules_in_every_dir=True,
    rules_scope_key="globs",
    globs=rules.GLOBS,
    rule_activation=rules.activation,
    nested_rules=".windsurf/rules",
    lazy_files=("AGENTS.md", "agents.md"),
    size_limit=SizeLimit(
        12_000,
        "characters",
        "Windsurf documents a limit of 12,000 characters per workspace rule file",
        budget=False,
        source=f"{_MEMORIES}: 'Workspace rule files are limited to 12,000 characters each'",
        checked="2026-12-06",
        applies_to=(".windsurf/rules/**", ".windsurfrules"),
    ),
    front_kinds=(rules.FRONT_KIND,),
    setup_markers=(".windsurf/rules", ".windsurfrules"),
    coverage_hint="create AGENTS.md, or a `trigger: always_on` rule in .windsurf/rules",
    verified_by=VerifiedBy(Verification.DOCS, "2026-12-06", f"{_MEMORIES}, {_AGENTS_MD}"),
    sources=(
        f"{_MEMORIES} ('Memories & Rules': rules discovery and storage locations, "
        "activation modes, character limits), read 2026-12-06",
        f"{_AGENTS_MD} ('AGENTS.md': location-based scoping, case-insensitive name), "
        "read 2026-12-06",
    ),
    notes=(
        "~/.codeium/windsurf/memories/global_rules.md (limited to 6,000 characters; "
        "PL011 checks the 12,000-character limit of workspace rule files only)",
        "AGENTS.md (or agents.md) in every folder from the git root down to the workspace "
        "root: always on; one in a subfolder applies only when Cascade reads or edits a "
        "file there (lazy)",
        ".windsurf/rules/*.md in the same folders: trigger always_on loads, glob scopes by "
        "globs, model_decision and manual are on request; no known trigger: not counted "
        "as sent (undocumented)",
        "a subfolder's .windsurf/rules is shown for a file below that folder, its globs "
        "read from there (the docs list such folders but not their scope)",
        "the legacy .windsurfrules at the workspace root still loads",
        "workflows (.windsurf/workflows) run only when the user types their slash command: "
        "not instructions Cascade loads by itself, so not listed; memories Cascade "
        "generates live in its own store, not in files",
    ),
)
