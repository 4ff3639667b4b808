"""The rule registry: one module per rule, ``plNNN_name.py``, found by its name, so
adding a rule is adding its module; ``RULES`` in code order, ``of_kind`` the rules of one
kind of document, loaded without the others.

A language server's first diagnostics wait for every rule module the first analysis
imports, and a prompt needs fewer than half of them (the instruction-only rules and what
they import were ~7 ms of a new session's first open). So which kinds a rule reports on
is known without importing it: ``index.py``, written by ``scripts/gen-api`` from the
modules and checked against them by the drift test and on every load. ``RULES`` (every
rule: the CLI's listing, the docs, SARIF) loads them all on first use (PEP 562).
"""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from promptls.analysis.model import DocumentKind
from promptls.analysis.rules.base import Rule
from promptls.analysis.rules.index import KINDS


def _is_rule_module(name: str) -> bool:
    """A rule module's name: its code in lower case, an underscore, its name."""
    return name.startswith("pl") and name[2:5].isdigit() and name[5:6] == "_"


@cache
def module_names() -> tuple[str, ...]:
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
    return tuple(sorted(n for n in names if _is_rule_module(n)))


def code_of(module: str) -> str:
    """The code a rule module's name starts with (``pl001_duplicate_marker``: PL001)."""
    return module[:5].upper()


@cache
def codes() -> tuple[str, ...]:
    """Every rule's code, in code order, known from the modules' names alone (what a
    suppression comment or a config may name), without importing any rule."""
    return tuple(map(code_of, module_names()))


def load(name: str) -> Rule:
    """Import one rule module and check its ``RULE``: a module without one, whose code is
    not in its name or whose kinds are not those of the index fails loudly at import."""
    rule = getattr(importlib.import_module(f"{__name__}.{name}"), "RULE", None)
    if not isinstance(rule, Rule):
        raise TypeError(f"{__name__}.{name}.RULE is not a Rule")
    if not name.startswith(rule.code.lower() + "_"):
        raise TypeError(f"{__name__}.{name} defines {rule.code}: its name must start with it")
    indexed = KINDS.get(name)
    if indexed is not None and indexed != rule.kinds:
        raise TypeError(f"{__name__}.{name}: its kinds are not the index's (run scripts/gen-api)")
    return rule


def may_report_on(name: str, kind: DocumentKind) -> bool:
    """Whether the rule module ``name`` can report on a document of ``kind``, by the
    index; a module the index does not know yet (a new rule before ``scripts/gen-api``)
    may report on any: loading it is always correct, only slower."""
    kinds = KINDS.get(name)
    return kinds is None or kind in kinds


@cache
def of_kind(kind: DocumentKind) -> Mapping[str, Rule]:
    """The rules that can report on a document of ``kind``, by code, in code order;
    importing only their modules. Threads may ask at once: imports are locked per
    module and both get equal answers."""
    rules = (load(name) for name in module_names() if may_report_on(name, kind))
    return MappingProxyType({r.code: r for r in rules if kind in r.kinds})


def not_loaded() -> tuple[str, ...]:
    """The rule modules not imported yet, in code order (what the server's warm-up loads
    once the first diagnostics are out)."""
    return tuple(n for n in module_names() if f"{__name__}.{n}" not in sys.modules)


@cache
def _every_rule() -> Mapping[str, Rule]:
    """``RULES``: every rule module imported."""
    return MappingProxyType({r.code: r for r in map(load, module_names())})


if TYPE_CHECKING:
    RULES: Mapping[str, Rule]
    """Every rule by code, in code order (every rule module imported on first use)."""


def __getattr__(name: str) -> Any:
    """``RULES`` on first use (PEP 562): importing the registry imports no rule."""
    if name == "RULES":
        return _every_rule()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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


__all__ = [
    "MARKER_RULES",
    "RULES",
    "RULES_DOC_URL",
    "Rule",
    "code_of",
    "codes",
    "load",
    "module_names",
    "not_loaded",
    "of_kind",
    "rule_doc_url",
]
