"""Document analysis: markers, near-misses and the PL rules, as pure functions.

``analyze(text, path=…, settings=…, discovery=…)`` is what both the CLI and the language
server call; see ``docs/architecture.md`` for the contract and ``docs/rules.md`` for
every rule.
"""

from __future__ import annotations

from promptls.analysis.engine import analyze, document_kind
from promptls.analysis.fixes import apply_fixes, fix_all
from promptls.analysis.lines import LineIndex, line_col
from promptls.analysis.model import (
    Analysis,
    DocumentKind,
    Edit,
    Finding,
    Fix,
    MarkerHit,
    MarkerKind,
    Related,
    Severity,
)
from promptls.analysis.rules import MARKER_RULES, RULES, Rule
from promptls.analysis.scanner import FOREIGN_MARKERS

__all__ = [
    "FOREIGN_MARKERS",
    "MARKER_RULES",
    "RULES",
    "Analysis",
    "DocumentKind",
    "Edit",
    "Finding",
    "Fix",
    "LineIndex",
    "MarkerHit",
    "MarkerKind",
    "Related",
    "Rule",
    "Severity",
    "analyze",
    "apply_fixes",
    "document_kind",
    "fix_all",
    "line_col",
]
