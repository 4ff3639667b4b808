"""Which front-matter schema a file has, decided by its path, and each schema as data.

Four kinds of instruction file carry YAML front matter that decides *whether the agent
loads them at all*: Copilot's ``*.instructions.md``, Cursor's ``.mdc`` rules, Claude
Code's ``.claude/rules/**/*.md`` and ``SKILL.md``. The agents ignore keys they do not
know and values of a shape they do not expect, silently; so the rules PL018–PL024 check
the front matter against what each agent documents, kept here in one table so the rules,
the docs and the glob hover agree. Sources (read 2026-12-01; see ``docs/rules.md``):
the VS Code custom-instructions page and GitHub's path-specific instructions page
(Copilot), Cursor's rules page, Claude Code's memory and skills pages, and the Agent
Skills specification (agentskills.io).
"""

from __future__ import annotations

import os
from enum import StrEnum
from functools import lru_cache
from typing import NamedTuple


class Shape(StrEnum):
    """The value shapes an agent accepts for a key."""

    STRING = "a string"
    BOOL = "true or false"
    GLOBS = "a glob string (comma-separated) or a list of glob strings"
    GLOB_STRING = "a glob string (comma-separated for several)"
    STRINGS = "a string or a list of strings"
    MAPPING = "a mapping"
    ANY = "any value"


class FrontKind(NamedTuple):
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
    required: tuple[str, ...] = ()
    labels: frozenset[str] = frozenset()
    """Keys that only label the file (a menu hint, a licence): a value of the wrong type
    is dropped and nothing about loading or invoking changes, so PL020 leaves them."""
    always_key: str | None = None
    """A boolean key that, when true, loads the file in every session whatever its scope
    globs say (Cursor's ``alwaysApply``; ``discovery/rule_modes.py`` reads it so)."""


COPILOT = FrontKind(
    "copilot-instructions",
    "GitHub Copilot",
    "copilot",
    {
        "applyTo": Shape.GLOB_STRING,
        "description": Shape.STRING,
        "name": Shape.STRING,
        "excludeAgent": Shape.STRING,
    },
    "applyTo",
    (".github", "instructions"),
)
CURSOR = FrontKind(
    "cursor-rule",
    "Cursor",
    "cursor",
    {"description": Shape.STRING, "globs": Shape.GLOBS, "alwaysApply": Shape.BOOL},
    "globs",
    (".cursor", "rules"),
    always_key="alwaysApply",
)
_CURSOR_FOLDER_RULE = "RULE.md"
"""The file that makes a subfolder of ``.cursor/rules`` one rule (the cursor profile's
``rules_folder_file``)."""
CLAUDE_RULE = FrontKind(
    "claude-rule",
    "Claude Code",
    "claude",
    {"paths": Shape.GLOBS},
    "paths",
    (".claude", "rules"),
)
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
    required=("name", "description"),
    labels=frozenset({"license", "compatibility", "metadata", "argument-hint"}),
)
KINDS = (COPILOT, CURSOR, CLAUDE_RULE, SKILL)

EXCLUDE_AGENT_VALUES = ("code-review", "coding-agent")
"""GitHub's documented values of ``excludeAgent``."""

CROSS_AGENT = {
    ("claude-rule", "globs"): "paths",
    ("claude-rule", "applyTo"): "paths",
    ("cursor-rule", "paths"): "globs",
    ("cursor-rule", "applyTo"): "globs",
    ("copilot-instructions", "globs"): "applyTo",
    ("copilot-instructions", "paths"): "applyTo",
}
"""Another agent's scope key used in this kind: the usual copy-paste mistake."""


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
    if name == "SKILL.md":
        return SKILL
    if name.endswith(".instructions.md"):
        return COPILOT
    if name.endswith(".mdc") and _find(folders, CURSOR.root_marker) >= 0:
        return CURSOR
    at = _find(folders, CURSOR.root_marker)
    if name == _CURSOR_FOLDER_RULE and 0 <= at < len(folders) - len(CURSOR.root_marker):
        return CURSOR  # a folder rule: .cursor/rules/<name>/RULE.md
    if name.endswith(".md") and _find(folders, CLAUDE_RULE.root_marker) >= 0:
        return CLAUDE_RULE
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
