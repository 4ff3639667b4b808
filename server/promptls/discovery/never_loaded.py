"""Files an agent sees on disk but never loads, as dated data (PL031).

An agent's loader decides more than which names it reads: how deep below a skills folder
it looks, which of two skills with one name it lists, whether a command is hidden by a
skill. Each behaviour here names the agent's own code and test (or its docs, for the
closed-source agents) and the date it was read; ``docs/profiles.md`` has the long form.
The records are defined here and filled in by each agent's home
(``Profile.skill_precedence``, ``skill_depth``, ``command_shadowing``); only the names no
agent reads (``LEGACY_NAMES``) are data about every agent at once.
A behaviour that could not be sourced is left out, so the rule stays quiet about it:
reserved skill names (no agent's code or docs name one that makes a project skill
vanish), Claude Code's depth below ``.claude/skills`` (its docs give the layout, not what
happens deeper), and ``.cursorrules`` (Cursor's docs still load it, deprecated).
"""

from __future__ import annotations

from types import MappingProxyType

from promptls.record import Record

__all__ = [
    "LEGACY_NAMES",
    "CommandShadowing",
    "LegacyName",
    "SkillDepth",
    "SkillPrecedence",
]


class SkillPrecedence(Record):
    """The skills folders of one agent, the one that wins a name clash first.

    Each entry is ``(scope, folder)``: ``scope`` ``"user"`` is relative to the home
    folder, ``"project"`` to the workspace root. ``name_from_folder``: a skill without a
    ``name`` in its front matter is named after its folder (Claude Code); otherwise it
    has no name and is not listed at all (Gemini CLI, PL024's business). An agent
    without one keeps every skill of a name: codex's loader dedupes by path only, so two
    skills with one name are both listed (loader.rs)."""

    folders: tuple[tuple[str, str], ...]
    name_from_folder: bool
    source: str


class SkillDepth(Record):
    """How far below a skills folder an agent finds ``SKILL.md``: ``max_depth`` folders
    between the skills folder and the file (0: ``skills/SKILL.md`` itself); with
    ``skip_dot``, a folder whose name starts with ``.`` is never entered."""

    folders: tuple[str, ...]
    max_depth: int
    skip_dot: bool
    source: str


class CommandShadowing(Record):
    """A skill hides a command of the same name: the commands folder, the skills folder
    beside it (both relative to a folder of the walk, or the home folder), the source.

    A command in a subfolder has the same bare name as one directly in the folder, so it
    clashes too (the source says so for the agent that has this)."""

    commands: str
    skills: str
    source: str


class LegacyName(Record):
    """A file name people write that the agents' loaders do not read, and the name they
    read instead."""

    name: str
    instead: str
    reason: str


LEGACY_NAMES: MappingProxyType[str, LegacyName] = MappingProxyType(
    {
        "AGENT.md": LegacyName(
            "AGENT.md",
            "AGENTS.md",
            "the AGENTS.md convention's name is plural (agents.md); of the modelled "
            "loaders only the Continue CLI's reads AGENT.md, and the others only when "
            "their settings name it",
        ),
    }
)
"""By base name. Whether an agent reads the file is still asked of its discovery, so a
setting that adds the name (codex project_doc_fallback_filenames, gemini
context.fileName) keeps the rule quiet for that agent."""
