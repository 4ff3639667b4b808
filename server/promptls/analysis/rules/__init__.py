"""The rule registry: one module per rule, ``RULES`` in code order."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import MappingProxyType

from promptls.analysis.rules.base import Rule

_MODULE_NAMES = (
    "pl001_duplicate_marker",
    "pl002_near_miss_marker",
    "pl003_marker_in_instructions",
    "pl004_glued_marker",
    "pl005_empty_half",
    "pl006_marker_spacing",
    "pl007_foreign_marker",
    "pl008_volatile_static",
    "pl009_cache_minimum",
    "pl010_invisible_chars",
    "pl011_size_budget",
    "pl012_forged_framing",
    "pl013_bad_import",
    "pl014_budget_cut",
    "pl015_shadowed",
    "pl016_invalid_suppression",
    "pl017_not_utf8",
    "pl018_frontmatter_invalid",
    "pl019_frontmatter_unknown_key",
    "pl020_frontmatter_wrong_type",
    "pl021_glob_matches_nothing",
    "pl022_glob_unsupported",
    "pl023_no_description",
    "pl024_skill_missing_field",
    "pl025_runtime_context",
    "pl026_local_file_committed",
    "pl027_drifted_copy",
    "pl028_coverage_hole",
    "pl029_skill_template_trap",
    "pl030_unclosed_fence",
    "pl031_never_loaded",
    "pl032_machine_path",
    "pl033_committed_secret",
    "pl034_command_drift",
)
"""One module per rule, in code order; each defines ``RULE``. Listed once, imported by name."""


def _load(name: str) -> Rule:
    """Import one rule module and check its ``RULE`` so a typo fails loudly at import."""
    rule = importlib.import_module(f"{__name__}.{name}").RULE
    if not isinstance(rule, Rule):
        raise TypeError(f"{__name__}.{name}.RULE is not a Rule")
    return rule


RULES: Mapping[str, Rule] = MappingProxyType({r.code: r for r in map(_load, _MODULE_NAMES)})
"""Every rule by code, in code order."""

MARKER_RULES = frozenset(f"PL00{i}" for i in range(1, 8))
"""The rules about boundary markers (PL001–PL007)."""

RULES_DOC_URL = "https://github.com/promptls/promptls/blob/main/docs/rules.md"
"""Rule documentation; the one place to change if the repository moves."""


def rule_doc_url(code: str) -> str:
    """Link to one rule's section: each has an anchor named after its lower-cased code."""
    return f"{RULES_DOC_URL}#{code.lower()}"


__all__ = ["MARKER_RULES", "RULES", "RULES_DOC_URL", "Rule", "rule_doc_url"]
