"""Which front-matter schema a file has, decided by its path, and each schema as data.

These instruction files carry YAML front matter that decides *whether the agent
loads them at all*: Copilot's ``*.instructions.md``, Cursor's ``.mdc`` rules, Claude
Code's ``.claude/rules/**/*.md``, Qwen Code's ``.qwen/rules/**/*.md``, Cline's
``.clinerules/*.md``, Windsurf's ``.windsurf/rules/*.md``, Kiro's ``.kiro/steering/*.md``
and ``SKILL.md``. The agents ignore keys they do not know and values of a shape they do
not expect, silently (Cline drops the whole rule); so the rules PL018–PL024 check the
front matter against what each agent documents, kept here in one table so the rules, the
docs and the glob hover agree. Sources (read 2026-12-01; see ``docs/rules.md``): the VS
Code custom-instructions page and GitHub's path-specific instructions page (Copilot),
Cursor's rules page, Claude Code's memory and skills pages, the Agent Skills
specification (agentskills.io); Qwen Code's bundled ``rulesDiscovery.ts`` (0.24.4),
Windsurf's Memories & Rules page and Kiro's steering page (read 2026-12-06).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from enum import StrEnum
from functools import lru_cache
from types import MappingProxyType
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
    wrong_type: str = "it ignores it"
    """What the agent does with a value of the wrong shape (PL020's message)."""
    choices: Mapping[str, tuple[str, ...]] = MappingProxyType({})
    """Keys whose string value is one of a documented few (Windsurf's ``trigger``, Kiro's
    ``inclusion``): another value is no mode the agent knows (PL020)."""
    scope_when: tuple[str, str] | None = None
    """The key and value under which the agent reads the scope globs at all (Windsurf's
    ``globs`` only for ``trigger: glob``); None: whenever they are there."""


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
QWEN_RULE = FrontKind(
    # Qwen Code 0.24.4 config/rulesDiscovery.ts parseRuleFile (read 2026-12-06): `paths`
    # (a list, or one glob string) and `description`; other keys are ignored.
    "qwen-rule",
    "Qwen Code",
    "qwen",
    {"paths": Shape.STRINGS, "description": Shape.STRING},
    "paths",
    (".qwen", "rules"),
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
CLINE_RULE = FrontKind(
    # Cline CLI 3.0.65 reads name, disabled and enabled (a rule with a non-boolean switch
    # or a non-string name is dropped: promptls/agents/cline/rules.py); paths is the
    # extension's conditional-rule key (docs.cline.bot/customization/cline-rules, read
    # 2026-12-06), which the CLI ignores, so it is known but scopes nothing here.
    "cline-rule",
    "Cline",
    "cline",
    {"name": Shape.STRING, "disabled": Shape.BOOL, "enabled": Shape.BOOL, "paths": Shape.GLOBS},
    None,
    (".clinerules",),
    wrong_type="it reports an error and does not send the rule",
)
WINDSURF_RULE = FrontKind(
    # docs.windsurf.com/windsurf/cascade/memories (read 2026-12-06): trigger, globs and
    # the description a model-decision rule is chosen by.
    "windsurf-rule",
    "Windsurf",
    "windsurf",
    {"trigger": Shape.STRING, "globs": Shape.GLOBS, "description": Shape.STRING},
    "globs",
    (".windsurf", "rules"),
    choices={"trigger": ("always_on", "manual", "model_decision", "glob")},
    scope_when=("trigger", "glob"),
)
KIRO_STEERING = FrontKind(
    # kiro.dev/docs/steering (read 2026-12-06): inclusion, fileMatchPattern (a string or
    # a list), and the name and description an auto file is chosen by.
    "kiro-steering",
    "Kiro",
    "kiro",
    {
        "inclusion": Shape.STRING,
        "fileMatchPattern": Shape.GLOBS,
        "name": Shape.STRING,
        "description": Shape.STRING,
    },
    "fileMatchPattern",
    (".kiro", "steering"),
    choices={"inclusion": ("always", "fileMatch", "manual", "auto")},
    scope_when=("inclusion", "fileMatch"),
)
KINDS = (COPILOT, CURSOR, CLAUDE_RULE, QWEN_RULE, SKILL, CLINE_RULE, WINDSURF_RULE, KIRO_STEERING)

EXCLUDE_AGENT_VALUES = ("code-review", "coding-agent")
"""GitHub's documented values of ``excludeAgent``."""

CROSS_AGENT = {
    ("claude-rule", "globs"): "paths",
    ("claude-rule", "applyTo"): "paths",
    ("qwen-rule", "globs"): "paths",
    ("qwen-rule", "applyTo"): "paths",
    ("cursor-rule", "paths"): "globs",
    ("cursor-rule", "applyTo"): "globs",
    ("copilot-instructions", "globs"): "applyTo",
    ("copilot-instructions", "paths"): "applyTo",
    ("windsurf-rule", "applyTo"): "globs",
    ("windsurf-rule", "paths"): "globs",
    ("kiro-steering", "globs"): "fileMatchPattern",
    ("kiro-steering", "applyTo"): "fileMatchPattern",
    ("kiro-steering", "paths"): "fileMatchPattern",
    ("windsurf-rule", "fileMatchPattern"): "globs",
}
"""Another agent's scope key used in this kind: the usual copy-paste mistake. Only keys
whose value means the same in both (globs); Cursor's ``alwaysApply: false`` renamed to
Windsurf's ``trigger`` or Kiro's ``inclusion`` would be no mode at all."""


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


_CLINE_ENDINGS = (".md", ".markdown", ".txt")
"""The rule files Cline reads in its rules folder (its own files, not subfolders)."""


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
    if name.endswith(".md") and _find(folders, QWEN_RULE.root_marker) >= 0:
        return QWEN_RULE
    if folders[-1:] == CLINE_RULE.root_marker and name.lower().endswith(_CLINE_ENDINGS):
        return CLINE_RULE
    if name.endswith(".md") and _find(folders, WINDSURF_RULE.root_marker) >= 0:
        return WINDSURF_RULE
    if name.endswith(".md") and _find(folders, KIRO_STEERING.root_marker) >= 0:
        return KIRO_STEERING
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
