"""Which front-matter schema a file has, decided by its path.

These instruction files carry YAML front matter that decides *whether the agent
loads them at all*: Copilot's ``*.instructions.md``, Cursor's ``.mdc`` rules, Claude
Code's ``.claude/rules/**/*.md``, Qwen Code's ``.qwen/rules/**/*.md``, Cline's
``.clinerules/*.md``, Windsurf's ``.windsurf/rules/*.md``, Kiro's ``.kiro/steering/*.md``
and ``SKILL.md``. Each agent's schema is data in its home (``Profile.front_kinds``,
:class:`~promptls.agents.frontmatter.FrontKind`, with its sources); the one schema no
single agent owns, the Agent Skills format, is here. The rules PL018–PL024, completion
and the glob hover all ask :func:`front_kind`, so they agree on what a file is.
"""

from __future__ import annotations

import os
from functools import lru_cache

from promptls.agents.frontmatter import FrontKind, Match, Place, Shape
from promptls.agents.registry import PROFILES

SKILL = FrontKind(
    "skill",
    "the Agent Skills format",
    "claude",
    {
        # The Agent Skills specification.
        "name": Shape.STRING,
        "description": Shape.STRING,
        "license": Shape.STRING,
        "compatibility": Shape.STRING,
        "metadata": Shape.MAPPING,
        "allowed-tools": Shape.STRINGS,
        # Claude Code's additions (skills page).
        "when_to_use": Shape.STRING,
        "argument-hint": Shape.STRING,
        "arguments": Shape.STRINGS,
        "disable-model-invocation": Shape.BOOL,
        "user-invocable": Shape.BOOL,
        "disallowed-tools": Shape.STRINGS,
        "model": Shape.STRING,
        "effort": Shape.STRING,
        "context": Shape.STRING,
        "agent": Shape.STRING,
        "hooks": Shape.MAPPING,
        "paths": Shape.GLOBS,
        "shell": Shape.STRING,
        # VS Code reads skills from .github/, .claude/ and .agents/skills and still takes
        # its first spelling `user-invokable` beside `user-invocable` (microsoft/vscode
        # promptSyntax/promptFileParser.ts PromptHeaderAttributes, read 2026-12-06).
        "user-invokable": Shape.BOOL,
    },
    None,
    (),
    matches=(Match("SKILL.md", Place.ANYWHERE, whole_name=True),),
    required=("name", "description"),
    labels=frozenset({"license", "compatibility", "metadata", "argument-hint"}),
)

KINDS: tuple[FrontKind, ...] = (
    SKILL,
    *(kind for profile in PROFILES.values() for kind in profile.front_kinds),
)
"""Every schema: the Agent Skills format, then each agent's, in the registry's order."""

_MATCHES: tuple[tuple[Match, FrontKind], ...] = tuple(
    sorted(
        ((match, kind) for kind in KINDS for match in kind.matches),
        key=lambda pair: pair[0].specificity(),
    )
)
"""Every kind's path matches, narrowest first; among equals, in ``KINDS`` order."""

_ANYWHERE = tuple((match, kind) for match, kind in _MATCHES if match.place is Place.ANYWHERE)
"""The matches that say nothing about the folders, in ``_MATCHES`` order."""

_HEADS: frozenset[str] | None = (
    None
    if any(not kind.root_marker for match, kind in _MATCHES if match.place is not Place.ANYWHERE)
    else frozenset(kind.root_marker[0] for _, kind in _MATCHES if kind.root_marker)
)
"""The first folder of every root marker (``.cursor``, ``.claude``, ...): a file none of
whose folders is one of them can only be of a kind found anywhere (most files of a tree,
asked by seven rules each). None when a placed match has no marker to look for."""


def path_parts(path: str) -> tuple[str, ...]:
    """``PurePosixPath(path).parts`` with backslashes as separators, split by hand (every
    file of a ``check`` asks, twice): the root (``/``, or ``//`` exactly), then the names
    without empty and ``.`` ones; ``..`` stays, as there."""
    normal = path.replace("\\", "/")
    names = tuple(name for name in normal.split("/") if name and name != ".")
    if not normal.startswith("/"):
        return names
    double = normal.startswith("//") and not normal.startswith("///")  # POSIX keeps "//"
    return ("//" if double else "/", *names)


def _find(folders: tuple[str, ...], marker: tuple[str, ...]) -> int:
    """Index of the last occurrence of ``marker`` in ``folders`` (-1 when absent)."""
    size = len(marker)
    for i in range(len(folders) - size, -1, -1):
        if folders[i : i + size] == marker:
            return i
    return -1


def _placed(match: Match, kind: FrontKind, folders: tuple[str, ...]) -> bool:
    """Whether a file in ``folders`` is where ``match`` wants it."""
    if match.place is Place.ANYWHERE:
        return True
    marker = kind.root_marker
    if match.place is Place.IN:
        return len(folders) >= len(marker) and folders[len(folders) - len(marker) :] == marker
    at = _find(folders, marker)
    if match.place is Place.SUBFOLDER:
        return 0 <= at < len(folders) - len(marker)
    return at >= 0


def _named(match: Match, name: str) -> bool:
    """Whether a file name is what ``match`` wants."""
    if match.whole_name:
        return name == match.ending
    if match.any_case:
        return name.lower().endswith(match.ending)
    return name.endswith(match.ending)


@lru_cache(maxsize=1024)
def front_kind(path: str | None) -> FrontKind | None:
    """The schema a file's front matter is read with, from its path; None for others.
    Memoised: seven rules ask it of every file."""
    if not path:
        return None
    parts = path_parts(path)
    if not parts:
        return None
    name, folders = parts[-1], parts[:-1]
    matches = _ANYWHERE if _HEADS is not None and _HEADS.isdisjoint(folders) else _MATCHES
    for match, kind in matches:
        if _named(match, name) and _placed(match, kind, folders):
            return kind
    return None


def scope_root(path: str, kind: FrontKind) -> str | None:
    """The folder a kind's scope globs are relative to (the one holding ``.github``,
    ``.cursor`` or ``.claude``), as an absolute path; None when the path does not say,
    or when it is the home folder (user rules apply to whatever project is open)."""
    if not kind.root_marker:
        return None
    absolute = os.path.abspath(path)  # noqa: PTH100
    parts = path_parts(absolute)
    at = _find(parts[:-1], kind.root_marker)
    if at < 0:
        return None
    root = os.path.join(*parts[:at]) if at else os.sep  # noqa: PTH118
    if os.path.normcase(root) == os.path.normcase(os.path.expanduser("~")):  # noqa: PTH111
        return None
    return root
