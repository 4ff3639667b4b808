"""The types an agent's home fills in to say what its rule files' front matter holds.

Some instruction files carry YAML front matter that decides *whether the agent loads
them at all* (Copilot's ``applyTo``, Cursor's ``globs``, Windsurf's ``trigger`` ...). An
agent ignores keys it does not know and values of a shape it does not expect, silently,
so the front-matter rules (PL018–PL024), the completion of keys and values and the glob
hover read each agent's schema as data: a :class:`FrontKind` in the agent's home
(``Profile.front_kinds``), with its sources there. Which kind a path has is decided in
``analysis/frontmatter_kinds.py`` from the kinds' :class:`Match` lines.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from promptls.record import Record, field


class Shape(StrEnum):
    """The value shapes an agent accepts for a key."""

    STRING = "a string"
    BOOL = "true or false"
    GLOBS = "a glob string (comma-separated) or a list of glob strings"
    GLOB_STRING = "a glob string (comma-separated for several)"
    STRINGS = "a string or a list of strings"
    MAPPING = "a mapping"
    ANY = "any value"


class Place(StrEnum):
    """Where a file must be, relative to its kind's ``root_marker`` folders."""

    ANYWHERE = "anywhere"
    """The file name alone decides (``SKILL.md``, ``*.instructions.md``)."""
    BELOW = "below"
    """Anywhere below the marker folders (``.claude/rules/deep/x.md``)."""
    IN = "in"
    """Directly in the marker folders (``.clinerules/style.md``)."""
    SUBFOLDER = "subfolder"
    """In a subfolder of the marker folders, below the last of them
    (``.cursor/rules/<name>/RULE.md``)."""


class Match(Record):
    """One way a path is of a kind: how its name ends, and where it is."""

    ending: str
    """The end of the file name (``.md``, ``.instructions.md``), or the whole name when
    ``whole_name``."""
    place: Place
    whole_name: bool = False
    any_case: bool = False
    """The ending matches in any letter case (Cline reads ``NOTES.TXT``)."""

    def specificity(self) -> tuple[int, int]:
        """Sort key: whole names first, then longer endings (``.instructions.md`` before
        ``.md``), so a path two kinds could claim goes to the narrower one."""
        return (0 if self.whole_name else 1, -len(self.ending))


_NO_ENTRIES: Mapping[str, Any] = MappingProxyType({})


def _no_entries() -> Mapping[str, Any]:
    """The one empty read-only mapping, for the mapping fields a kind leaves out (a
    record's default must be hashable, and a mapping proxy is not)."""
    return _NO_ENTRIES


DEFAULT_CHOICE_EFFECT = "the file does not get the mode its author meant"
"""What happens when a key's value is none of its documented choices (PL020)."""


class FrontKind(Record):
    """One file kind: its agent, the keys it reads with their shapes, and its scope key."""

    name: str
    agent: str
    """Who reads it, in a user's words ("Cursor", "VS Code Copilot")."""
    profile: str
    """The promptls profile whose glob dialect applies to its scope globs."""
    keys: dict[str, Shape]
    scope_key: str | None
    """The key holding the globs that decide when the file applies (None: no globs)."""
    root_marker: tuple[str, ...]
    """The folders below the project root the file lives in (globs are relative to it)."""
    matches: tuple[Match, ...] = ()
    """The paths of this kind (``analysis/frontmatter_kinds.front_kind``)."""
    required: tuple[str, ...] = ()
    labels: frozenset[str] = frozenset()
    """Keys that only label the file (a menu hint, a licence): a value of the wrong type
    is dropped and nothing about loading or invoking changes, so PL020 leaves them."""
    always_key: str | None = None
    """A boolean key that, when true, loads the file in every session whatever its scope
    globs say (Cursor's ``alwaysApply``; ``discovery/rule_modes.py`` reads it so)."""
    wrong_type: str = "it ignores it"
    """What the agent does with a value of the wrong shape (PL020's message)."""
    choices: Mapping[str, tuple[str, ...]] = field(default_factory=_no_entries)
    """Keys whose string value is one of a documented few (Windsurf's ``trigger``, Kiro's
    ``inclusion``, Copilot's ``excludeAgent``): another value is none the agent knows
    (PL020), and completion offers these."""
    choice_effects: Mapping[str, str] = field(default_factory=_no_entries)
    """What an unknown value of a choice key does, where it is not
    :data:`DEFAULT_CHOICE_EFFECT` (Copilot's ``excludeAgent``: it excludes no agent)."""
    scope_when: tuple[str, str] | None = None
    """The key and value under which the agent reads the scope globs at all (Windsurf's
    ``globs`` only for ``trigger: glob``); None: whenever they are there."""
    lenient: bool = False
    """The agent reads plain ``key: value`` lines from a block YAML rejects (Cursor's and
    Windsurf's own rule editors write ``globs: *.tsx,*.astro`` unquoted)."""
    foreign_keys: Mapping[str, str] = field(default_factory=_no_entries)
    """Another agent's scope key used in this kind → this kind's own key: the usual
    copy-paste mistake. Only keys whose value means the same in both (globs); Cursor's
    ``alwaysApply: false`` renamed to Windsurf's ``trigger`` would be no mode at all."""
    unattached: str | None = None
    """For a kind the agent attaches only by its scope key or its description: the
    finding (PL023) for a file under its marker folders with neither."""
