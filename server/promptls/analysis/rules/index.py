"""Which kinds of document each rule module reports on (its ``RULE.kinds``), known
without importing it, so a kind's rules load without the others (``of_kind``).
Written by ``scripts/gen-api`` from the modules; the drift test and every rule's load
check it against them."""

from __future__ import annotations

from collections.abc import Mapping

from promptls.analysis.model import DocumentKind

INSTRUCTION, PROMPT, OTHER = DocumentKind.INSTRUCTION, DocumentKind.PROMPT, DocumentKind.OTHER

KINDS: Mapping[str, frozenset[DocumentKind]] = {
    "pl001_duplicate_marker": frozenset({OTHER, PROMPT}),
    "pl002_near_miss_marker": frozenset({INSTRUCTION, OTHER, PROMPT}),
    "pl003_marker_in_instructions": frozenset({INSTRUCTION}),
    "pl004_glued_marker": frozenset({OTHER, PROMPT}),
    "pl005_empty_half": frozenset({OTHER, PROMPT}),
    "pl006_marker_spacing": frozenset({OTHER, PROMPT}),
    "pl007_foreign_marker": frozenset({OTHER, PROMPT}),
    "pl008_volatile_static": frozenset({PROMPT}),
    "pl009_cache_minimum": frozenset({PROMPT}),
    "pl010_invisible_chars": frozenset({INSTRUCTION, PROMPT}),
    "pl011_size_budget": frozenset({INSTRUCTION}),
    "pl012_forged_framing": frozenset({INSTRUCTION}),
    "pl013_bad_import": frozenset({INSTRUCTION}),
    "pl014_budget_cut": frozenset({INSTRUCTION}),
    "pl015_shadowed": frozenset({INSTRUCTION}),
    "pl016_invalid_suppression": frozenset({INSTRUCTION, OTHER, PROMPT}),
    "pl017_not_utf8": frozenset({INSTRUCTION}),
    "pl018_frontmatter_invalid": frozenset({INSTRUCTION, OTHER, PROMPT}),
    "pl019_frontmatter_unknown_key": frozenset({INSTRUCTION, OTHER, PROMPT}),
    "pl020_frontmatter_wrong_type": frozenset({INSTRUCTION, OTHER, PROMPT}),
    "pl021_glob_matches_nothing": frozenset({INSTRUCTION, OTHER, PROMPT}),
    "pl022_glob_unsupported": frozenset({INSTRUCTION, OTHER, PROMPT}),
    "pl023_no_description": frozenset({INSTRUCTION, OTHER, PROMPT}),
    "pl024_skill_missing_field": frozenset({INSTRUCTION, OTHER, PROMPT}),
    "pl025_runtime_context": frozenset({INSTRUCTION}),
    "pl026_local_file_committed": frozenset({INSTRUCTION}),
    "pl027_drifted_copy": frozenset({INSTRUCTION}),
    "pl028_coverage_hole": frozenset({INSTRUCTION}),
    "pl029_skill_template_trap": frozenset({INSTRUCTION, OTHER, PROMPT}),
    "pl030_unclosed_fence": frozenset({INSTRUCTION, PROMPT}),
    "pl031_never_loaded": frozenset({INSTRUCTION, OTHER, PROMPT}),
    "pl032_machine_path": frozenset({INSTRUCTION}),
    "pl033_committed_secret": frozenset({INSTRUCTION, PROMPT}),
    "pl034_command_drift": frozenset({INSTRUCTION}),
}
"""Rule module name -> the kinds of document its rule reports on."""
