"""Files an agent sees on disk but never loads, as dated data (PL031).

An agent's loader decides more than which names it reads: how deep below a skills folder
it looks, which of two skills with one name it lists, whether a command is hidden by a
skill. Each behaviour here names the agent's own code and test (or its docs, for the
closed-source agents) and the date it was read; ``docs/profiles.md`` has the long form.
A behaviour that could not be sourced is left out, so the rule stays quiet about it:
reserved skill names (no agent's code or docs name one that makes a project skill
vanish), Claude Code's depth below ``.claude/skills`` (its docs give the layout, not what
happens deeper), and ``.cursorrules`` (Cursor's docs still load it, deprecated).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import NamedTuple

__all__ = [
    "COMMAND_SHADOWING",
    "LEGACY_NAMES",
    "SKILL_DEPTH",
    "SKILL_PRECEDENCE",
    "LegacyName",
    "SkillDepth",
    "SkillPrecedence",
]

_GEMINI_SKILLS = (
    "google-gemini/gemini-cli packages/core/src/skills/skillManager.ts "
    "(addSkillsWithPrecedence) and skillManagerAlias.test.ts @ 5411f113 (2026-08-21), "
    "read 2026-12-01"
)
_GEMINI_LOADER = (
    "google-gemini/gemini-cli packages/core/src/skills/skillLoader.ts (loadSkillsFromDir: "
    "glob 'SKILL.md', '*/SKILL.md') @ 5411f113 (2026-08-21), read 2026-12-01"
)
_CODEX_LOADER = (
    "openai/codex codex-rs/core-skills/src/loader.rs (MAX_SCAN_DEPTH = 6, names starting "
    "with '.' skipped) @ c9d127cf, read 2026-12-01"
)
_CLAUDE_SKILLS = (
    "code.claude.com/docs/en/skills ('Where skills live': enterprise > personal > project; "
    "a skill wins over a command of the same name), as quoted by public notes, read "
    "2026-12-01"
)


class SkillPrecedence(NamedTuple):
    """The skills folders of one agent, the one that wins a name clash first.

    Each entry is ``(scope, folder)``: ``scope`` ``"user"`` is relative to the home
    folder, ``"project"`` to the workspace root. ``name_from_folder``: a skill without a
    ``name`` in its front matter is named after its folder (Claude Code); otherwise it
    has no name and is not listed at all (Gemini CLI, PL024's business)."""

    folders: tuple[tuple[str, str], ...]
    name_from_folder: bool
    source: str


SKILL_PRECEDENCE: MappingProxyType[str, SkillPrecedence] = MappingProxyType(
    {
        "claude": SkillPrecedence(
            (("user", ".claude/skills"), ("project", ".claude/skills")),
            name_from_folder=True,
            source=_CLAUDE_SKILLS,
        ),
        "gemini": SkillPrecedence(
            (
                ("project", ".agents/skills"),
                ("project", ".gemini/skills"),
                ("user", ".agents/skills"),
                ("user", ".gemini/skills"),
            ),
            name_from_folder=False,
            source=_GEMINI_SKILLS,
        ),
    }
)
"""Agents whose listing keeps one skill per name. Codex is not here on purpose: its loader
dedupes by path only, so two skills with one name are both listed (loader.rs)."""


class SkillDepth(NamedTuple):
    """How far below a skills folder an agent finds ``SKILL.md``: ``max_depth`` folders
    between the skills folder and the file (0: ``skills/SKILL.md`` itself); with
    ``skip_dot``, a folder whose name starts with ``.`` is never entered."""

    folders: tuple[str, ...]
    max_depth: int
    skip_dot: bool
    source: str


SKILL_DEPTH: MappingProxyType[str, SkillDepth] = MappingProxyType(
    {
        "gemini": SkillDepth((".gemini/skills", ".agents/skills"), 1, False, _GEMINI_LOADER),
        "codex": SkillDepth((".agents/skills", ".codex/skills"), 6, True, _CODEX_LOADER),
    }
)
"""Project skills folders (relative to any folder on the way to the workspace) and the
depth each agent scans them to."""


COMMAND_SHADOWING: MappingProxyType[str, tuple[str, str, str]] = MappingProxyType(
    {"claude": (".claude/commands", ".claude/skills", _CLAUDE_SKILLS)}
)
"""Agents for which a skill hides a command of the same name: (commands folder, skills
folder beside it, source). A command in a subfolder has the same bare name as one
directly in the folder: Claude Code's slash-command docs, "Namespacing" ("Subdirectories
appear in the command description but don't affect the command name":
``.claude/commands/frontend/component.md`` is ``/component``, shown "(project:frontend)"),
as quoted by public repositories' notes read 2026-12-06, so it clashes too."""


class LegacyName(NamedTuple):
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
            "the AGENTS.md convention's name is plural (agents.md); no profile's loader "
            "reads AGENT.md unless its settings name it",
        ),
    }
)
"""By base name. Whether an agent reads the file is still asked of its discovery, so a
setting that adds the name (codex project_doc_fallback_filenames, gemini
context.fileName) keeps the rule quiet for that agent."""
