"""``promptls preview --diff OTHER``: the older rendering to compare the current one with.

OTHER is, in this order: a folder (a snapshot or a copy of DIR, rendered with the same
options and its root relocated to DIR's so paths do not count as a change); a JSON file
saved from ``promptls preview --format json`` (one profile); else a git revision of the
repository around DIR. A revision's tree is written by ``git archive`` into a temporary
folder (this is the one place promptls runs git, and only here in the CLI: the server
never does, it compares with the rendering it kept at the last save). The temporary
tree gets a ``.git`` file pointing at the real repository, so the environment (branch)
and the project root come out as for DIR itself.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import tarfile
import tempfile
from collections.abc import Callable
from pathlib import Path

from promptls.assembly.agents import AgentRendering
from promptls.assembly.diff import relocate, rendering_from_json
from promptls.commands import UsageError

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


def _git(folder: str, *args: str) -> bytes:
    """Run git in ``folder``; a failure is the user's (unknown revision, no repository)."""
    try:
        done = subprocess.run(
            ["git", "-C", folder, *args], capture_output=True, check=False, timeout=120
        )
    except (OSError, subprocess.SubprocessError) as exc:
        raise UsageError(f"git could not run: {exc}") from exc
    if done.returncode != 0:
        message = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise UsageError(f"git {args[0]}: {message[-1] if message else 'failed'}")
    return done.stdout


def _at_revision(rev: str, folder: str, target: str | None, render: Render) -> AgentRendering:
    """DIR as of git revision ``rev``, rendered from a temporary tree."""
    if rev.startswith("-"):
        raise UsageError(f"--diff {rev}: not a folder, a saved preview or a revision")
    top = _git(folder, "rev-parse", "--show-toplevel").decode("utf-8", "surrogateescape").strip()
    git_dir = _git(folder, "rev-parse", "--absolute-git-dir").decode("utf-8", "surrogateescape")
    try:
        commit = _git(folder, "rev-parse", "--verify", "--end-of-options", f"{rev}^{{commit}}")
    except UsageError as exc:
        raise UsageError(
            f"--diff {rev}: not a folder, a saved preview or a revision here ({exc})"
        ) from exc
    archive = _git(top, "archive", "--format=tar", commit.decode("ascii").strip())
    real_top = os.path.realpath(top)
    rel = os.path.relpath(os.path.realpath(folder), real_top)
    depth = 0 if rel == "." else len(Path(rel).parts)
    logical_top = str(Path(folder).parents[depth - 1]) if depth else folder
    with tempfile.TemporaryDirectory(prefix="promptls-diff-") as scratch:
        tree_path = Path(scratch).resolve() / "tree"
        tree_path.mkdir()
        tree = str(tree_path)
        if not hasattr(tarfile, "data_filter"):  # Python 3.11.0-3.11.3
            raise UsageError("--diff REV needs Python 3.11.4 or later (tarfile's data filter)")
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            # "data": no member may land outside the tree, be a device or a link out of it.
            tar.extractall(tree, filter="data")
        (tree_path / ".git").write_text(f"gitdir: {git_dir.strip()}\n", encoding="utf-8")
        root = os.path.normpath(tree_path / rel)
        if not Path(root).is_dir():
            raise UsageError(f"--diff {rev}: {folder} did not exist at that revision")
        return relocate(render(root, _moved(target, folder, root)), tree, logical_top)
