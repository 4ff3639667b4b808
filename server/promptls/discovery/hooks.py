"""The points where an agent's own code joins the generic discovery walk.

Most of what an agent loads is data in its profile, which one walker interprets
(``walk``). What data cannot say (reading the agent's own settings files, an order
unlike the per-folder walk, the folder key of its memory file) the agent's home says in
a ``DiscoveryHooks`` subclass that its profile names (``Profile.hooks``: the module of
the home that holds it as ``HOOKS``; ``Profile.discovery`` loads it). The walker calls
the hooks at fixed points and never asks which agent it runs for; every default here is
what the walker does for an agent without hooks of its own.

The hooks modules are imported when a discovery first asks for them (``load_hooks``),
not with the profiles: the analysis of a prompt reads every profile (is this path an
instruction file?) and runs no discovery, and a new editor session's first diagnostics
would otherwise wait for fourteen agents' walks and settings readers (~10 ms).
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from promptls.discovery.walk import Walker

DEFAULT_ROOT_MARKERS: tuple[str, ...] = (".git",)
"""What marks a repository's root when an agent's settings name nothing else."""


class DiscoveryHooks:
    """One agent's discovery beyond its profile's data; the defaults add nothing."""

    environ: tuple[str, ...] = ()
    """Environment variables, beyond the profile's ``*_env`` fields, whose values change
    what the agent loads: the discovery cache keys its results on them."""

    def walk(self, walker: Walker) -> bool:
        """Run the agent's own order in place of the generic one; False leaves the walk
        to the walker."""
        del walker
        return False

    def settings(self, walker: Walker) -> tuple[str, ...]:
        """Read the agent's settings files into ``walker`` (names, budget, exclusions,
        the values shown and the problems found) before any file is visited; returns the
        markers of a repository's root for the marker walk."""
        del walker
        return DEFAULT_ROOT_MARKERS

    def folders(self, walker: Walker, folders: list[str]) -> None:
        """Settings that depend on the folders of the walk (project layers), read once
        those are known and before any project file is visited."""
        del walker, folders

    def visits(
        self, walker: Walker, folders: list[str]
    ) -> list[tuple[str, tuple[str, ...]]] | None:
        """The agent's own order of the walk's folders and the project file names it
        reads in each visit, when that is not one visit per folder, broadest first, with
        the profile's ``project_files`` (None: that generic order)."""
        del walker, folders
        return None

    def fallback_mode(self, walker: Walker, folders: list[str]) -> str:
        """Whether the profile's ``fallback_files`` load: ``"load"``, a reason they are
        skipped, or empty when nothing decides (they are then ignored)."""
        del walker, folders
        return ""

    def memory_key(self, project: str) -> str:
        """The name of ``project``'s folder in the agent's ``memory_file`` pattern."""
        return project


GENERIC = DiscoveryHooks()
"""The hooks of an agent whose discovery is all profile data."""


@cache
def load_hooks(module: str) -> DiscoveryHooks:
    """The ``HOOKS`` of ``module`` (an agent home's hooks module), imported on the first
    call; ``GENERIC`` for the empty name (a profile without hooks)."""
    if not module:
        return GENERIC
    hooks = importlib.import_module(module).HOOKS
    if not isinstance(hooks, DiscoveryHooks):
        raise TypeError(f"{module}.HOOKS is not a DiscoveryHooks")
    return hooks
