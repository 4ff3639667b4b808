"""Coverage holes: an agent the repository is set up for that loads no project
instructions while another agent does (PL028).

A hole is a cross-agent fact (it needs every profile's discovery of one folder), so it
is computed here from discoveries the caller already has, and handed to the engine as
data; the rule only places it on the files the other agents load.
"""

# Plain str paths on purpose: discovery's paths are str, compared as they are.
# ruff: noqa: PTH100, PTH118, PTH120

from __future__ import annotations

import os
from collections.abc import Mapping

from promptls.agents.registry import PROFILES
from promptls.discovery.api import owning_folder
from promptls.discovery.model import ContextScope, Discovery, EntryStatus
from promptls.discovery.setup import Setup
from promptls.record import Record
from promptls.text import runmemo
from promptls.text.paths import within

__all__ = ["Hole", "coverage_holes", "fix_hint"]


class Hole(Record):
    """``profile`` is set up (``marker`` exists) but loads no project file, while the
    files in ``loaded`` (real path → the agents loading it) reach other agents."""

    profile: str
    marker: str
    loaded: tuple[tuple[str, tuple[str, ...]], ...]
    causes: tuple[str, ...] = ()
    """The agent's settings problems that may explain the hole (a leftover legacy key)."""

    def agents_loading(self, path: str) -> tuple[str, ...]:
        """The other agents that load ``path`` (empty: this hole is not about it)."""
        want = _real(path)
        return next((agents for loaded, agents in self.loaded if loaded == want), ())


def _real(path: str) -> str:
    """The file a path is (a symlinked copy and its target are one file)."""
    try:
        return os.path.normcase(runmemo.realpath(path))
    except (OSError, ValueError):
        return os.path.normcase(os.path.abspath(path))


def _project_files(found: Discovery | None) -> tuple[str, ...]:
    """The files an agent loads that belong to the repository (not the user's own)."""
    if found is None:
        return ()
    return tuple(f.path for f in found.files if f.scope is not ContextScope.USER)


def _scoped_rules(found: Discovery | None) -> bool:
    """Whether the agent has path-scoped project rules (Cursor ``globs``, Claude
    ``paths``, Copilot ``applyTo``): it loads them with the files they name, so it works
    with the project's instructions, scoped as their authors chose."""
    if found is None:
        return False
    return any(
        e.status is EntryStatus.CONDITIONAL and e.scope is not ContextScope.USER
        for e in found.entries
    )


def coverage_holes(
    folder: str, setups: tuple[Setup, ...], discoveries: Mapping[str, Discovery | None]
) -> tuple[Hole, ...]:
    """Every agent set up in ``folder`` itself that loads nothing from the repository
    while another profile (the reference agent aside) loads a file that belongs to
    ``folder`` (its own, or one in its ``.github``/rules folders).

    The other profiles' discoveries are read only when a set-up agent loads nothing:
    ``discoveries`` may compute them on first use (``agents.holes_for`` does), and in
    most folders every set-up agent loads something."""
    here = os.path.abspath(folder)
    bare: list[Setup] = []
    seen: set[str] = set()
    for setup in setups:
        if setup.folder != here or setup.profile in seen or setup.profile not in discoveries:
            continue
        if PROFILES[setup.profile].reference:
            continue
        seen.add(setup.profile)
        found = discoveries[setup.profile]
        if not _project_files(found) and not _scoped_rules(found):
            bare.append(setup)
    if not bare:
        return ()
    loaded: dict[str, list[str]] = {}
    for name in discoveries:
        if PROFILES[name].reference:
            continue  # the reference agent is no one's: never asked
        for path in _project_files(discoveries[name]):
            if owning_folder(path) == here:
                names = loaded.setdefault(_real(path), [])
                if name not in names:
                    names.append(name)
    holes: list[Hole] = []
    for setup in bare:
        others = _one_place(
            here, tuple((p, tuple(a)) for p, a in loaded.items() if setup.profile not in a)
        )
        if others:
            found = discoveries[setup.profile]
            causes = tuple(str(p) for p in found.problems) if found is not None else ()
            holes.append(Hole(setup.profile, _marker_file(setup), others, causes))
    return tuple(holes)


def _one_place(
    here: str, others: tuple[tuple[str, tuple[str, ...]], ...]
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Where one hole is reported: the files in the folder itself (AGENTS.md, CLAUDE.md),
    else the first file of its rules folders. A hole is one fact with one fix; twenty
    rule files would otherwise repeat it twenty times."""
    top = tuple(o for o in others if os.path.dirname(o[0]) == _real(here))
    return top or tuple(sorted(others)[:1])


def _marker_file(setup: Setup) -> str:
    """Where to point: the agent's settings file when the marker is its folder and the
    file exists (that is where the fix goes), else the marker itself."""
    for name in PROFILES[setup.profile].settings_files:
        path = os.path.join(setup.folder, name)
        if within(path, setup.path, strict=True) and runmemo.isfile(path):
            return path
    return setup.path


def fix_hint(profile: str, shared: str) -> str:
    """The cheapest way to make ``profile`` read ``shared`` (a base name), as its
    documentation describes (``Profile.coverage_hint``)."""
    prof = PROFILES[profile]
    if prof.coverage_hint:
        return prof.coverage_hint.replace("{shared}", shared)
    return f"create {prof.project_files[0]}"


def reads(profile: str) -> str:
    """What the agent looks for in a repository, for the message."""
    prof = PROFILES[profile]
    names = list(prof.project_files)
    if prof.project_rules_dir:
        names.append(f"{prof.project_rules_dir}/")
    return ", ".join(names)
