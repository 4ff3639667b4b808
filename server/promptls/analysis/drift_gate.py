"""What PL027 decides before it loads the comparison of copies (``analysis.drift``).

Most folders hold one instruction file and no agent folder: no two agents can read two
different copies there, so the rule is quiet without the seven discoveries, difflib or
the copies' model; a new editor session's first file usually is such a file.
"""

# Plain str paths on purpose: names are compared, never opened as Path objects.
# ruff: noqa: PTH118

from __future__ import annotations

import os

from promptls.agents.registry import PROFILES
from promptls.discovery.api import instruction_file_names, owned_subfolders
from promptls.discovery.dirs import join
from promptls.text import runmemo

__all__ = ["SIMILARITY_THRESHOLD", "could_drift", "possible_copies"]

SIMILARITY_THRESHOLD = 0.6
"""Two copies drift when at least this share of their non-blank lines match (difflib's
``ratio``: twice the matched lines over all lines of both). See docs/rules.md#pl027."""


_AGENT_FOLDERS = frozenset(
    {".github", ".cursor", ".claude", ".gemini", ".codex", ".opencode", ".qwen"}
    | {p.project_rules_dir.split("/")[0] for p in PROFILES.values() if p.project_rules_dir}
)
"""Folders that hold rules, settings or instruction files some agent reads for the folder
around them (every profile's rules folder, such as Windsurf's ``.windsurf`` and Kiro's
``.kiro``; the agents' own settings that rename files)."""

_USER_SETTINGS = (".gemini/settings.json", ".codex/config.toml", ".qwen/settings.json")
"""User settings that can make an agent read other names in every project."""


def could_drift(folder: str, home: str | None) -> bool:
    """Whether two agents could read two different files for ``folder``: at least two
    instruction file names in it, an agent's folder, or user settings that rename files.
    Most folders hold one AGENTS.md and nothing else; for them the seven discoveries are
    skipped (``check`` over thousands of folders paid them all)."""
    listing = runmemo.listdir(folder)
    if listing is None or not _two_files(folder, listing):
        return False
    names = set(listing)
    if names & _AGENT_FOLDERS or len(names & instruction_file_names()) >= 2:
        return True
    user = home if home is not None else os.path.expanduser("~")  # noqa: PTH111
    return any(runmemo.lexists(os.path.join(user, rel)) for rel in _USER_SETTINGS)


def _two_files(folder: str, listing: tuple[str, ...]) -> bool:
    """Whether two different files could belong to ``folder`` (``owning_folder``): its
    own entries, and those of its agent subfolders (``.github/copilot-instructions.md``,
    ``.claude/rules/…``), a folder in those counting as two. One file cannot drift from
    itself, whatever the agents' settings make them read: a folder holding only a
    ``.github`` with the Copilot file skips the seven discoveries."""
    count = 0
    owned = owned_subfolders()
    for name in listing:
        count += _inside(os.path.join(folder, name)) if name.casefold() in owned else 1
        if count >= 2:
            return True
    return False


def _inside(subfolder: str) -> int:
    """How many files an agent subfolder could give its parent (2: enough to compare)."""
    inner = runmemo.listdir(subfolder)
    if inner is None:
        return 2  # a file, or a folder that cannot be listed: assume the worst
    return sum(2 if runmemo.isdir(os.path.join(subfolder, n)) else 1 for n in inner)


MAX_POSSIBLE = 16
"""Files ``possible_copies`` lists at most (more: the discoveries say which are copies)."""
_MAX_ENTRIES = 256
"""Entries ``possible_copies`` looks at, in the folder and its agent subfolders."""


def possible_copies(folder: str) -> list[str] | None:
    """Every file that could be one of ``folder``'s copies, without a discovery: a copy
    belongs to the folder (``owning_folder``), so it is one of the folder's own files or
    lies below one of its agent subfolders (``.claude/rules/…``, ``.github/…``). None
    where that is not cheap to tell or a name could lead elsewhere: a symbolic link
    among them, a folder that cannot be listed, more than ``MAX_POSSIBLE`` files or
    ``_MAX_ENTRIES`` entries."""
    owned = owned_subfolders()
    found: list[str] = []
    pending = [(folder, True)]
    seen = 0
    while pending:
        current, top = pending.pop()
        listing = runmemo.listdir(current)
        if listing is None:
            return None
        seen += len(listing)
        if seen > _MAX_ENTRIES:
            return None
        for name in listing:
            path = join(current, name)
            agents = not top or name.casefold() in owned
            if runmemo.islink(path):
                return None
            if runmemo.isdir(path):
                if agents:
                    pending.append((path, False))
            elif runmemo.isfile(path):
                found.append(path)
    return found if len(found) <= MAX_POSSIBLE else None
