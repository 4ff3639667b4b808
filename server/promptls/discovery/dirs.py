"""Which folders a profile visits for a workspace root, broadest first.

Pure path arithmetic plus one ``lstat``/``stat`` per ancestor for the ``.git`` marker;
no listing, no reading. See ``promptls.agents.registry.Walk`` for the rule of each walk.
"""

# Plain str paths on purpose: cheap stats and comparable cache keys.
# ruff: noqa: PTH118, PTH120

from __future__ import annotations

import os
import posixpath
from typing import NamedTuple

from promptls.agents.model import Walk
from promptls.text import runmemo
from promptls.text.paths import within


class DirectoryWalk(NamedTuple):
    """The folders to visit, where the walk started, and the markers it consulted."""

    directories: list[str]
    project_root: str
    watched: frozenset[str]


_POSIX = os.path is posixpath


def join(folder: str, name: str) -> str:
    """``os.path.join(folder, name)``: every discovery joins each candidate name to each
    folder it visits, and the general function took a fifth of a Claude discovery's
    time; for two POSIX strings this is what it does, in a few steps."""
    if not _POSIX:
        return os.path.join(folder, name)
    if name.startswith("/"):
        return name
    if not folder or folder.endswith("/"):
        return folder + name
    return f"{folder}/{name}"


def ancestors(root: str) -> list[str]:
    """Directories from the filesystem root down to ``root``, inclusive."""
    chain = [root]
    current = root
    while True:
        parent = os.path.dirname(current)
        if parent == current:
            break
        chain.append(parent)
        current = parent
    chain.reverse()
    return chain


def folders_between(root: str, target: str) -> list[str]:
    """The folders strictly below ``root`` on the way to the file ``target``, top first
    (``[root/a, root/a/b]`` for ``root/a/b/f``); empty when the file is not below them."""
    chain: list[str] = []
    folder = os.path.dirname(target)
    while within(folder, root, strict=True):
        chain.append(folder)
        folder = os.path.dirname(folder)
    chain.reverse()
    return chain


def _from(chain: list[str], top: str) -> list[str]:
    """The part of ``chain`` from ``top`` down."""
    return [d for d in chain if within(d, top)]


def walk_directories(
    walk: Walk, root: str, root_markers: tuple[str, ...] = (".git",)
) -> DirectoryWalk:
    """Apply one walk rule to ``root``.

    ``root_markers`` matter only for the marker walk
    (codex's ``project_root_markers``: the nearest ancestor, ``root`` included, holding any
    of them as a file, folder or link; none, or an empty list, means ``root`` alone).
    """
    chain = ancestors(root)
    if walk is Walk.BELOW_FS_ROOT:
        return DirectoryWalk(chain[1:] if len(chain) > 1 else chain, root, frozenset())
    if walk is Walk.MARKER_ROOT:
        return _marker_root(chain, root, root_markers)
    if walk is Walk.ROOT:
        return DirectoryWalk([root], root, frozenset())
    return DirectoryWalk(chain, chain[0], frozenset())


def _marker_root(chain: list[str], root: str, names: tuple[str, ...]) -> DirectoryWalk:
    """From the nearest ancestor holding one of ``names`` down to ``root``."""
    watched = frozenset(os.path.join(d, n) for d in chain for n in names)
    for folder in reversed(chain):
        for name in names:
            try:
                found = runmemo.lexists(os.path.join(folder, name))
            except ValueError:
                found = False
            if found:
                return DirectoryWalk(_from(chain, folder), folder, watched)
    return DirectoryWalk([root], root, watched)
