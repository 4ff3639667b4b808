"""A git revision of the repository around a folder, written to a temporary folder.

``preview --diff REV``, ``diff BASE [HEAD]`` and ``check --since REV`` read an older
state of the repository through this one module: it is the only place promptls runs
git, and only from those CLI commands (the server never does). A revision is a ref or
a hash, never anything shaped like an option: one starting with ``-`` is refused before
git runs, and git is told where the options end (``--end-of-options``). The tree is
written by ``git archive`` into a fresh temporary folder, so the user's working tree,
index and refs are never touched; the tar is unpacked with ``tarfile``'s ``data``
filter (no member may land outside the folder; links that point out of it are made
last, as committed). The temporary tree gets a ``.git`` file
pointing at the real repository, so the environment (branch) and the project root come
out as for the folder itself.
"""

from __future__ import annotations

import io
import os
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from promptls.commands import UsageError
from promptls.record import Record
from promptls.text.paths import within


class Checkout(Record):
    """A revision's tree on disk: ``tree`` is the temporary top (resolved), ``top`` the
    real repository's top (resolved), ``root`` the asked folder's place in ``tree``,
    and ``logical_top`` the repository's top as the user's path to the folder spells it
    (symlinks kept), so paths read from ``tree`` can be shown as the user's."""

    tree: str
    top: str
    root: str
    logical_top: str


def refuse_option(rev: str, option: str) -> None:
    """A revision that looks like an option is a usage error, before git sees it."""
    if rev.startswith("-"):
        raise UsageError(f"{option} {rev}: a revision may not start with '-' (options are refused)")


def git(folder: str, *args: str) -> bytes:
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


def _unpack(archive: bytes, tree: str) -> None:
    """Write the tar into ``tree``. Each member goes through ``tarfile``'s ``data`` filter
    (nothing lands outside the tree, no device, no write through a link); a symbolic
    link the filter refuses because it points outside the tree (``/etc/x``, ``../..``)
    is made last, as committed, so no member is written through it and discovery finds
    the same link it finds in the working tree. Any other refused member is left out."""
    links: list[tarfile.TarInfo] = []
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        for member in tar:
            try:
                tar.extract(member, tree, filter="data")
            except tarfile.FilterError:
                if member.issym():
                    links.append(member)
    top = Path(tree).resolve()
    for member in links:
        path = Path(os.path.normpath(top / member.name))
        folder = str(path.parent.resolve())
        if within(folder, str(top)) and not path.is_symlink():
            path.symlink_to(member.linkname)


@contextmanager
def checkout(rev: str, folder: str, option: str, *, missing_ok: bool = False) -> Iterator[Checkout]:
    """``folder`` as of revision ``rev``, in a temporary tree removed on exit. A folder
    the revision did not have is a usage error, or with ``missing_ok`` an empty folder
    made in the temporary tree (an agent started there sees only the folders above)."""
    refuse_option(rev, option)
    top = git(folder, "rev-parse", "--show-toplevel").decode("utf-8", "surrogateescape").strip()
    git_dir = git(folder, "rev-parse", "--absolute-git-dir").decode("utf-8", "surrogateescape")
    try:
        commit = git(folder, "rev-parse", "--verify", "--end-of-options", f"{rev}^{{commit}}")
    except UsageError as exc:
        raise UsageError(f"{option} {rev}: not a revision here ({exc})") from exc
    archive = git(top, "archive", "--format=tar", commit.decode("ascii").strip())
    real_top = os.path.realpath(top)
    rel = os.path.relpath(os.path.realpath(folder), real_top)
    depth = 0 if rel == "." else len(Path(rel).parts)
    logical_top = str(Path(folder).parents[depth - 1]) if depth else folder
    if not hasattr(tarfile, "data_filter"):  # Python 3.11.0-3.11.3
        raise UsageError(f"{option} REV needs Python 3.11.4 or later (tarfile's data filter)")
    with tempfile.TemporaryDirectory(prefix="promptls-diff-") as scratch:
        tree_path = Path(scratch).resolve() / "tree"
        tree_path.mkdir()
        tree = str(tree_path)
        _unpack(archive, tree)
        (tree_path / ".git").write_text(f"gitdir: {git_dir.strip()}\n", encoding="utf-8")
        root = os.path.normpath(tree_path / rel)
        if missing_ok and not Path(root).exists():
            Path(root).mkdir(parents=True)
        if not Path(root).is_dir():
            raise UsageError(f"{option} {rev}: {folder} did not exist at that revision")
        yield Checkout(tree=tree, top=real_top, root=root, logical_top=logical_top)
