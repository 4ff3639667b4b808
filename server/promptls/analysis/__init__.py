"""Document analysis: markers, near-misses and the PL rules, as pure functions.

``analyze(text, path=…, settings=…, discovery=…)`` is what both the CLI and the language
server call; see ``docs/architecture.md`` for the contract and ``docs/rules.md`` for
every rule.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from promptls.analysis.engine import analyze, document_kind, fix_all
    from promptls.analysis.fixes import apply_fixes
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

_HOME = {
    "analyze": "engine",
    "document_kind": "engine",
    "apply_fixes": "fixes",
    "fix_all": "engine",
    "Analysis": "model",
    "DocumentKind": "model",
    "Edit": "model",
    "Finding": "model",
    "Fix": "model",
    "MarkerHit": "model",
    "MarkerKind": "model",
    "Related": "model",
    "Severity": "model",
    "MARKER_RULES": "rules",
    "RULES": "rules",
    "Rule": "rules",
    "FOREIGN_MARKERS": "scanner",
}


def __getattr__(name: str) -> Any:
    """Load the public names on first use (PEP 562).

    Importing ``promptls.analysis.model`` (the language server does, for types) runs this
    package's ``__init__`` first; importing the engine and every rule here eagerly cost
    ~30 ms of the server's start-up before ``initialize`` could be answered.
    """
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = home if "." in home else f"{__name__}.{home}"
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


__all__ = [
    "FOREIGN_MARKERS",
    "MARKER_RULES",
    "RULES",
    "Analysis",
    "DocumentKind",
    "Edit",
    "Finding",
    "Fix",
    "MarkerHit",
    "MarkerKind",
    "Related",
    "Rule",
    "Severity",
    "analyze",
    "apply_fixes",
    "document_kind",
    "fix_all",
]
