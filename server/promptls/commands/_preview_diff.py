"""``promptls preview --diff OTHER``: the older rendering to compare the current one with.

OTHER is, in this order: a folder (a snapshot or a copy of DIR, rendered with the same
options and its root relocated to DIR's so paths do not count as a change); a JSON file
saved from ``promptls preview --format json`` (one profile); else a git revision of the
repository around DIR, written to a temporary folder by :mod:`._revision` (the one
place promptls runs git; the server never does, it compares with the rendering it kept
at the last save).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

from promptls.assembly.agents import AgentRendering
from promptls.assembly.diff import relocate, rendering_from_json
from promptls.commands import UsageError
from promptls.commands._revision import checkout

Render = Callable[[str, str | None], AgentRendering]
"""Renders (folder, target) with the options of the current run."""


def old_rendering(other: str, folder: str, target: str | None, render: Render) -> AgentRendering:
    """The rendering OTHER names, comparable byte for byte with DIR's."""
    path = Path(other)
    if path.is_dir():
        root = str(path.resolve())
        return relocate(render(root, _moved(target, folder, root)), root, folder)
    if path.is_file():
        return _saved(path)
    return _at_revision(other, folder, target, render)


def _moved(target: str | None, folder: str, root: str) -> str | None:
    """The target file's place in the other tree."""
    if target is None:
        return None
    return str(Path(root) / os.path.relpath(target, folder))


def _saved(path: Path) -> AgentRendering:
    """A rendering saved as ``preview --format json``."""
    try:
        data = json.loads(path.read_text(encoding="utf-8", errors="surrogateescape"))
    except (OSError, ValueError) as exc:
        raise UsageError(f"--diff {path}: not a saved preview ({exc})") from exc
    rendering = rendering_from_json(data)
    if rendering is None:
        raise UsageError(
            f"--diff {path}: not a saved preview: save one with "
            "`promptls preview --profile P --format json`"
        )
    return rendering


def _at_revision(rev: str, folder: str, target: str | None, render: Render) -> AgentRendering:
    """DIR as of git revision ``rev``, rendered from a temporary tree."""
    with checkout(rev, folder, "--diff") as tree:
        rendered = render(tree.root, _moved(target, folder, tree.root))
        return relocate(rendered, tree.tree, tree.logical_top)
