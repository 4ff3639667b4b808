"""The rule registry: one module per rule, ``plNNN_name.py``, found by its name, so
adding a rule is adding its module; ``RULES`` in code order."""

from __future__ import annotations

import importlib
import importlib.machinery
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType

from promptls.analysis.rules.base import Rule


def _is_rule_module(name: str) -> bool:
    """A rule module's name: its code in lower case, an underscore, its name."""
    return name.startswith("pl") and name[2:5].isdigit() and name[5:6] == "_"


def _module_names() -> list[str]:
    """Every rule module of this package, in code order: found, not listed, so adding a
    rule is adding its module. Read from the folder as ``pkgutil.iter_modules`` would,
    without it: it imports ``inspect`` (~4 ms of every command's start)."""
    suffixes = importlib.machinery.all_suffixes()
    names = set()
    for folder in __path__:
        try:
            entries = [path.name for path in Path(folder).iterdir()]
        except OSError:
            continue
        for entry in entries:
            suffix = next((s for s in suffixes if entry.endswith(s)), None)
            if suffix is not None:
                names.add(entry[: -len(suffix)])
    return sorted(n for n in names if _is_rule_module(n))


def _load(name: str) -> Rule:
    """Import one rule module and check its ``RULE``: a module without one, or whose
    code is not in its name, fails loudly at import."""
    rule = getattr(importlib.import_module(f"{__name__}.{name}"), "RULE", None)
    if not isinstance(rule, Rule):
        raise TypeError(f"{__name__}.{name}.RULE is not a Rule")
    if not name.startswith(rule.code.lower() + "_"):
        raise TypeError(f"{__name__}.{name} defines {rule.code}: its name must start with it")
    return rule


RULES: Mapping[str, Rule] = MappingProxyType({r.code: r for r in map(_load, _module_names())})
"""Every rule by code, in code order."""

MARKER_RULES = frozenset(f"PL00{i}" for i in range(1, 8))
"""The rules about boundary markers (PL001–PL007)."""

RULES_DOC_URL: str | None = None
"""The published ``docs/rules.md``; None while the project has no public home. Set it
with ``[project.urls]`` in pyproject.toml when the repository is published (the wheel
test keeps the two together). While it is None nothing links to a page that does not
exist: ``promptls rule CODE`` prints a rule's page, SARIF carries it as the rule's
``help``, and diagnostics carry no ``codeDescription`` (docs/cli.md, "Rule documentation")."""


def rule_doc_url(code: str) -> str | None:
    """Link to one rule's section (its anchor is the lower-cased code), or None while
    no published URL is set."""
    if RULES_DOC_URL is None:
        return None
    return f"{RULES_DOC_URL}#{code.lower()}"


__all__ = ["MARKER_RULES", "RULES", "RULES_DOC_URL", "Rule", "rule_doc_url"]
