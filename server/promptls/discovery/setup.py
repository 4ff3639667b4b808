"""Which agents a repository is set up for, from its files and folders.

With no profile configured, promptls answers for every agent the repository is set up
for, and PL028 reports a set-up agent that loads no project instructions. Both need the
same answer, so it is computed here once, from each profile's ``setup_markers``: the
agent's folder (``.claude/``, ``.gemini/``, …), its settings (``opencode.json``) or its
own instruction file (``CLAUDE.md``, ``AGENTS.override.md``). A marker counts in the
folder itself and in its repository root (the nearest folder above holding ``.git``).
AGENTS.md is read by many agents without any set-up; it sets the repository up for
codex, whose own and only instruction file it is (and the one agent that cuts it at a
byte budget), not for every agent that also reads it. Nothing detected means the ``or``
reference agent.
"""

# Plain str paths on purpose: discovery's paths are str, compared as they are.
# ruff: noqa: PTH100, PTH118

from __future__ import annotations

import os
from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple

from promptls.agents.registry import DEFAULT_PROFILE, PROFILES
from promptls.discovery.git import find_git_dir
from promptls.text import runmemo

__all__ = ["Setup", "active_profiles", "detect_setups"]


class Setup(NamedTuple):
    """One agent's set-up marker found on disk: ``path`` is absolute, in ``folder``."""

    profile: str
    path: str
    folder: str


def _folders(folder: str) -> tuple[str, ...]:
    """The folder and, when it differs, its repository root."""
    here = os.path.abspath(folder)
    repo = find_git_dir(here)
    if repo is None or repo.worktree == here:
        return (here,)
    return (here, repo.worktree)


def detect_setups(folder: str) -> tuple[Setup, ...]:
    """Every set-up marker that exists, per profile in table order; never raises."""
    found: list[Setup] = []
    folders = _folders(folder)
    listed = {base: _names(base) for base in folders}
    for profile, markers in _markers():
        for base in folders:
            for marker, head in markers:
                names = listed[base]
                if names is not None and head not in names:
                    continue  # not in the folder's listing: no need to ask
                path = os.path.join(base, marker)
                try:
                    exists = runmemo.lexists(path)
                except (OSError, ValueError):
                    exists = False
                if exists:
                    found.append(Setup(profile, path, base))
    return tuple(found)


@lru_cache(maxsize=1)
def _markers() -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """Each profile's set-up markers with the name each one needs in the folder's
    listing (its first part, case-folded), in table order."""
    return tuple(
        (prof.name, tuple((m, m.split("/", 1)[0].casefold()) for m in prof.setup_markers))
        for prof in PROFILES.values()
    )


def _names(folder: str) -> frozenset[str] | None:
    """The folder's entries, case-folded (each hit is still confirmed with ``lexists``);
    None when the folder cannot be listed. One listing instead of a ``lexists`` per
    marker, shared within a run (``runmemo.folded_listing``)."""
    return runmemo.folded_listing(folder)


def active_profiles(
    folder: str,
    configured: str | None,
    setups: Callable[[str], tuple[Setup, ...]] = detect_setups,
) -> tuple[str, ...]:
    """The profiles to answer for: the configured one, else every agent the folder's
    repository is set up for, else the reference agent. ``setups`` is
    ``detect_setups`` or a caller's memo of it."""
    if configured is not None:
        return (configured,)
    names = dict.fromkeys(s.profile for s in setups(folder))
    return tuple(names) or (DEFAULT_PROFILE,)
