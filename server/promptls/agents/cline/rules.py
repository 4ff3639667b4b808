"""How Cline reads one rule file: its name, whether it is switched off, and the body it
sends; and the order its rules go out in.

Cline CLI 3.0.65 (``@cline/core`` 0.0.86, ``dist/index.js``: the rule definition of its
config watcher and the ``# Rules`` renderer, read 2026-12-06; observed by the oracle,
``tests/oracle/scenarios.py``):

- front matter is a ``---`` line, the YAML up to the first line that starts with
  ``---``, then the body (a UTF-8 BOM is dropped first). YAML that does not parse, a
  ``name`` that is not a string, or a ``disabled``/``enabled`` that is not a boolean
  make the file an error, and it is not sent;
- the rule's name is its ``name`` key, else the file name without its extension
  (``.clinerules`` for the file of that name); the workspace's ``AGENTS.md`` is called
  "Workspace AGENTS.md" and ``~/.agents/AGENTS.md`` "Global AGENTS.md";
- ``disabled: true`` or ``enabled: false`` switch a rule off; an empty body (after
  trimming) is an error;
- names are keys, case-insensitively: of two rules with one name, the one found later
  in the search order replaces the earlier;
- the rules are sent sorted by name as JavaScript's ``localeCompare`` sorts (the root
  collation of ICU): punctuation before digits before letters, letters compared
  without case first, lower case first on a tie.

Any other key (``paths``, ``description``, ...) is kept in the front matter and ignored:
the CLI has no path-conditional rules, so a ``paths:`` rule is sent in every session.
"""

# Plain str paths on purpose: they are compared as Cline compares them.
# ruff: noqa: PTH118, PTH119, PTH122

from __future__ import annotations

import os
import re
import unicodedata
from typing import NamedTuple

from promptls.agents.frontmatter import FrontKind, Match, Place, Shape
from promptls.discovery.frontmatter import read_front_matter
from promptls.text.lazyre import lazy

FRONT_MATTER = lazy(r"^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$")
"""Cline's split of a rule file (its own pattern's meaning, restated)."""

RULE_EXTENSIONS = (".md", ".markdown", ".txt")
"""The file name endings Cline reads in a rules folder (any case)."""

FRONT_MATTER_KEYS = ("name", "disabled", "enabled")
"""The front-matter keys Cline reads in a rule file."""

WORKSPACE_AGENTS = "Workspace AGENTS.md"
GLOBAL_AGENTS = "Global AGENTS.md"

_PUNCTUATION = "_-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$"
"""ASCII punctuation and symbols in the root collation's order (all before digits)."""
_YAML12_BOOLS = frozenset({"true", "false", "True", "False", "TRUE", "FALSE"})


class RuleFile(NamedTuple):
    """One rule file as Cline reads it. ``problem`` is why it is not sent (empty when
    it is); ``body`` is the text it sends (trimmed, front matter removed)."""

    name: str
    body: str
    disabled: bool
    problem: str


def default_name(path: str, root: str, home: str | None) -> str:
    """The name Cline gives a rule file without a ``name`` key."""
    base = os.path.basename(path)
    if base.lower() == "agents.md":
        if os.path.normpath(path) == os.path.join(root, "AGENTS.md"):
            return WORKSPACE_AGENTS
        user = os.path.join(home, ".agents", "AGENTS.md") if home is not None else None
        if os.path.normpath(path) == user:
            return GLOBAL_AGENTS
    stem, ext = os.path.splitext(base)
    return stem if ext else base


def read_rule(text: str, path: str, root: str, home: str | None) -> RuleFile:
    """``text`` (the file's content) read as Cline reads a rule file at ``path``."""
    fallback = default_name(path, root, home)
    text = text.removeprefix("\ufeff")
    found = FRONT_MATTER.match(text)
    if found is None:
        body = text.strip()
        return RuleFile(fallback, body, False, "" if body else "its text is empty")
    block, body = found.group(1), found.group(2).strip()
    data, problem = _yaml(block)
    if problem:
        return RuleFile(fallback, body, False, problem)
    if not body:
        return RuleFile(fallback, body, False, "its text after the front matter is empty")
    name = data.get("name")
    if name is not None and not isinstance(name, str):
        return RuleFile(fallback, body, False, "its front matter 'name' is not a string")
    for key in ("disabled", "enabled"):
        value = data.get(key)
        if value is None:
            continue
        if not isinstance(value, bool) or _raw(block, key) not in _YAML12_BOOLS:
            return RuleFile(fallback, body, False, f"its front matter '{key}' is not true or false")
    switch = data.get("disabled")
    disabled = switch is True or (switch is None and data.get("enabled") is False)
    return RuleFile((name or "").strip() or fallback, body, disabled, "")


def _yaml(block: str) -> tuple[dict[str, object], str]:
    """The block as a mapping, or the reason Cline rejects it (read by promptls' front
    matter reader, given the block Cline's own split found)."""
    front = read_front_matter(f"---\n{block}\n---\n")
    if front.problem and front.problem != "the front matter is not a key: value mapping":
        return {}, "its front matter is not valid YAML"
    return (front.data if front.present else {}), ""


def _raw(block: str, key: str) -> str:
    """The plain text after ``key:`` on its line (YAML 1.1 reads ``yes``/``on`` as
    booleans, Cline's YAML 1.2 as strings, which it rejects)."""
    found = re.search(rf"^{re.escape(key)}\s*:\s*(.*?)\s*(?:#.*)?$", block, re.MULTILINE)
    return found.group(1).strip("'\"") if found and found.group(1)[:1] not in "'\"" else ""


def rule_id(name: str) -> str:
    """The key two rules with one name share (Cline trims and lower-cases it)."""
    return name.strip().lower()


def sort_key(name: str) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...], tuple[int, ...]]:
    """``localeCompare``'s order for ``name``, as the root collation has it for the
    characters names are written in: the base characters (spaces, then punctuation,
    digits, letters), then accents, then case (lower first)."""
    primary: list[tuple[int, int]] = []
    accents: list[int] = []
    cases: list[int] = []
    for char in name:
        decomposed = unicodedata.normalize("NFD", char)
        base = decomposed[0]
        accents.append(sum(map(ord, decomposed[1:])))
        cases.append(1 if base.isupper() else 0)
        low = base.lower()
        if low.isspace():
            primary.append((0, ord(low)))
        elif low in _PUNCTUATION:
            primary.append((1, _PUNCTUATION.index(low)))
        elif low.isdigit():
            primary.append((3, int(low) if low.isascii() else ord(low)))
        elif low.isalpha():
            primary.append((4, ord(low)))
        else:
            primary.append((2, ord(low)))
    return tuple(primary), tuple(accents), tuple(cases)


def is_rule_name(file_name: str) -> bool:
    """Whether Cline reads a file of this name in a rules folder."""
    return os.path.splitext(file_name)[1].lower() in RULE_EXTENSIONS


FRONT_KIND = FrontKind(
    # The CLI reads name, disabled and enabled (a rule with a non-boolean switch or a
    # non-string name is dropped, above); paths is the extension's conditional-rule key
    # (docs.cline.bot/customization/cline-rules, read 2026-12-06), which the CLI ignores,
    # so it is known but scopes nothing here.
    "cline-rule",
    "Cline",
    "cline",
    {"name": Shape.STRING, "disabled": Shape.BOOL, "enabled": Shape.BOOL, "paths": Shape.GLOBS},
    None,
    (".clinerules",),
    matches=tuple(Match(ending, Place.IN, any_case=True) for ending in RULE_EXTENSIONS),
    wrong_type="it reports an error and does not send the rule",
)
"""Cline's rule front matter (PL018–PL024, completion)."""
