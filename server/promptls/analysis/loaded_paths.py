"""Files an agent loads into the model's context that are not instruction files by name.

Discovery answers "what does this folder load on every request"; these files reach the
model another way — a skill's ``SKILL.md`` and the documents it names (``skill_files``)
when the skill is used, a Claude Code slash command or subagent, a Copilot custom agent or
chat mode, an opencode agent or command, a Cursor command, a Qwen Code command or
subagent. The model reads them just the same, so the content rules (invisible characters
PL010, forged framing PL012, runtime context PL025, markers PL003) apply to them as to
AGENTS.md: ``document_kind`` calls them instruction files. Which of them a profile loads
*always* (and so counts against a size budget) is still discovery's answer, not this
module's.

Sources (read 2026-12-01): Claude Code docs "Agent Skills", "Slash commands" and
"Subagents" (``.claude/skills/<name>/SKILL.md``, ``.claude/commands/**/*.md``,
``.claude/agents/*.md``); VS Code Copilot docs "Custom agents" (``*.agent.md``, formerly
``*.chatmode.md``); opencode docs "Agents" and "Commands" (``.opencode/agent(s)/``,
``.opencode/command(s)/``); Cursor docs "Commands" (``.cursor/commands/*.md``); the
skills folders of every profile in ``discovery/skills.py`` and the ``.agents/skills``
convention. Qwen Code 0.24.4's bundle (read 2026-12-06): ``.qwen/commands/**/*.md``
beside its TOML commands (``loadCommands``) and ``.qwen/agents/`` subagents.
"""

from __future__ import annotations

from pathlib import PurePosixPath

SKILL_FILE = "SKILL.md"

AGENT_DIRS = frozenset(
    {".claude", ".agents", ".or", ".gemini", ".codex", ".github", ".opencode", ".cursor", ".qwen"}
)
"""Folders whose ``skills/`` subfolder holds skill bundles."""

LOADED_FOLDERS: tuple[tuple[str, str], ...] = (
    (".claude", "commands"),
    (".claude", "agents"),
    (".opencode", "agent"),
    (".opencode", "agents"),
    (".opencode", "command"),
    (".opencode", "commands"),
    (".cursor", "commands"),
    (".github", "agents"),
    (".github", "chatmodes"),
    (".qwen", "commands"),
    (".qwen", "agents"),
)
"""(agent folder, subfolder) pairs whose Markdown files are prompts the agent sends."""

LOADED_SUFFIXES = (".agent.md", ".chatmode.md")
"""Copilot custom agents and their older name, wherever VS Code is pointed at them."""


LOADED_GLOBS = (
    f"**/{SKILL_FILE}",
    *(f"**/{d}/skills/*/**/*.md" for d in sorted(AGENT_DIRS)),
    *(f"**/{a}/{b}/**/*.md" for a, b in LOADED_FOLDERS),
    *(f"**/*{suffix}" for suffix in LOADED_SUFFIXES),
)
"""The same files as workspace globs, for the editors' document selectors (api-json):
VS Code gives ``*.agent.md`` its own language, so "attach to Markdown" misses it."""


_HEADS = AGENT_DIRS | {folder for folder, _ in LOADED_FOLDERS}
"""The folders one of which is on the way to every file loaded by its folder."""


def is_loaded_path(path: str) -> bool:
    """Whether a ``/``-separated path is a skill, command, subagent or custom agent file
    (a skill's supporting document counts; ``skill_files`` narrows it to the referenced)."""
    name = path.rpartition("/")[2]
    if name not in ("", ".") and _HEADS.isdisjoint(path.split("/")):
        # no agent folder on the way (each part of the path is one of these pieces), and
        # the last piece is the file's name: only the name can tell
        return name == SKILL_FILE or name.endswith(LOADED_SUFFIXES)
    parts = PurePosixPath(path).parts
    if not parts:
        return False
    name = parts[-1]
    if name == SKILL_FILE or name.endswith(LOADED_SUFFIXES):
        return True
    if not name.endswith(".md"):
        return False
    folders = parts[:-1]
    for i in range(len(folders) - 1):
        if (folders[i], folders[i + 1]) in LOADED_FOLDERS:
            return True
    return skill_folder_index(parts) is not None


def skill_folder_index(parts: tuple[str, ...]) -> int | None:
    """Where the skill folder sits in a file's path parts when the file is inside one:
    ``<agent dir>/skills/<skill>/**/<file>``; None otherwise."""
    folders = parts[:-1]
    for i in range(len(folders) - 2):
        if folders[i + 1] == "skills" and folders[i] in AGENT_DIRS:
            return i + 2
    return None
