"""Where a repository starts, read from Git's own files without running git.

Discovery needs the worktree of the repository around a folder (codex and gemini start
their walk there) and the environment needs the branch in ``HEAD``; both come from one
stat per ancestor and reads capped at 4 KiB that never block on a FIFO or device.
"""

# Plain str paths on purpose: cheap stats and comparable cache keys.
# ruff: noqa: PTH100, PTH112, PTH115, PTH116, PTH117, PTH118, PTH120

from __future__ import annotations

import os
import stat
from typing import NamedTuple

from promptls.text import runmemo
from promptls.text.lazyre import lazy

_SMALL_READ = 4096
"""Cap for ``HEAD`` and ``.git`` files: real ones are a line long, so 4 KiB is generous."""

_HEX_COMMIT = lazy(r"[0-9a-fA-F]{40}|[0-9a-fA-F]{64}")
_REF_NAME = lazy(r"[^\x00-\x20\x7f~^:?*\[\\]+")


class GitLocation(NamedTuple):
    """Where a working tree starts and where its Git data lives.

    ``git_dir`` is ``None`` when ``.git`` exists but does not lead anywhere readable (a
    ``gitdir:`` file pointing at a missing folder, or garbage): the folder is still a
    repository for discovery purposes, but its branch cannot be known.
    """

    worktree: str
    git_dir: str | None


def _read_small(path: str) -> bytes | None:
    """Read a tiny regular file without ever blocking on a FIFO or device; None if not."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except (OSError, ValueError):
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        return os.read(fd, _SMALL_READ)
    except OSError:
        return None
    finally:
        os.close(fd)


def _resolve_dot_git(dot_git: str) -> str | None:
    """Follow ``.git`` to the real git dir: itself, or the target of a ``gitdir:`` file."""
    try:
        st = os.stat(dot_git)
    except (OSError, ValueError):
        return None
    if stat.S_ISDIR(st.st_mode):
        return dot_git
    data = _read_small(dot_git)
    if data is None:
        return None
    line = data.decode("utf-8", "replace").strip().splitlines()
    if not line or not line[0].startswith("gitdir:"):
        return None
    target = line[0][len("gitdir:") :].strip()
    if not target:
        return None
    if not os.path.isabs(target):
        target = os.path.join(os.path.dirname(dot_git), target)
    target = os.path.normpath(target)
    return target if os.path.isdir(target) else None


def find_git_dir(start: str | os.PathLike[str]) -> GitLocation | None:
    """Find the repository around ``start`` the way git does, with one stat per ancestor.

    Discovery uses the worktree as the project root for the codex and gemini profiles;
    the environment uses the git dir to read ``HEAD``. Never raises.
    """
    try:
        current = os.path.abspath(os.fspath(start))
    except (TypeError, ValueError, OSError):
        return None
    tables = runmemo.current()
    known = None if tables is None else tables.setdefault("git", {})
    visited: list[str] = []
    found: GitLocation | None = None
    while True:
        if known is not None and current in known:
            found = known[current]  # type: ignore[assignment]
            break
        visited.append(current)
        dot_git = os.path.join(current, ".git")
        try:
            exists = os.path.lexists(dot_git)
        except (OSError, ValueError):
            exists = False
        if exists:
            found = GitLocation(current, _resolve_dot_git(dot_git))
            break
        parent = os.path.dirname(current)
        if parent == current:
            break
        current = parent
    if known is not None:  # in a check run: every folder passed on the way has this answer
        known.update(dict.fromkeys(visited, found))
    return found


def branch_from_head(head: str) -> str:
    """Turn the text of ``HEAD`` into a branch name, a short commit, or "" when unsure."""
    text = head.strip()
    if text.startswith("ref:"):
        ref = text[4:].strip()
        if not ref or "\n" in ref or ".." in ref or not _REF_NAME.fullmatch(ref):
            return ""
        if ref.startswith("refs/heads/"):
            return ref[len("refs/heads/") :]
        if ref.startswith("refs/"):
            return ref[len("refs/") :]
        return ref
    if _HEX_COMMIT.fullmatch(text):
        return text[:7].lower()
    return ""


def read_git_branch(git_dir: str) -> str:
    """Read ``HEAD`` (capped at 4 KiB); "" when it is missing, unreadable or garbage."""
    head = os.path.join(git_dir, "HEAD")
    try:
        link = os.readlink(head)  # very old gits made HEAD a symlink to the branch ref
    except (OSError, ValueError):
        link = ""
    if link.startswith("refs/"):
        return branch_from_head(f"ref: {link}")
    data = _read_small(head)
    if data is None:
        return ""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return ""
    return branch_from_head(text)
