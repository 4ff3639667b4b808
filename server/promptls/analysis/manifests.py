"""What a repository's own manifests say can be run: its package manager, its package.json
scripts, its Make targets and just recipes (for PL034, command drift).

An instruction file that says `npm run lint` where the repository has a
`pnpm-lock.yaml` and no `lint` script sends every agent into a failing command and a
round of guessing. Answering "does this command exist here?" needs the nearest
manifests above the file, so:

- a folder's answer comes from a handful of ``stat`` calls and at most one bounded
  read per manifest, cached by the files' (size, mtime), so ``check`` over a tree and
  the server's per-keystroke analysis read each manifest once until it changes;
- reading never raises: an unreadable, oversized or malformed manifest is *unknown*
  (``None``), and the rule stays quiet about what it cannot know;
- where a manifest could define names this parser cannot see (a Makefile that
  includes others, pattern rules, variables in target names; a justfile with
  ``import``, ``mod`` or ``set fallback``) the names are unknown too.
"""

# Plain str paths on purpose: cheap stats and comparable cache keys.
# ruff: noqa: PTH100, PTH116, PTH118, PTH120

from __future__ import annotations

import json
import os
import re
import stat
import threading
import time
from collections.abc import Callable, Iterator
from functools import cached_property

from promptls.discovery.git import find_git_dir
from promptls.record import Record
from promptls.text import runmemo
from promptls.text.fsread import read_bounded
from promptls.text.lazyre import lazy

LOCKFILES = {
    "package-lock.json": "npm",
    "npm-shrinkwrap.json": "npm",
    "yarn.lock": "yarn",
    "pnpm-lock.yaml": "pnpm",
    "bun.lockb": "bun",
    "bun.lock": "bun",
}
"""Each package manager's lockfile names (npm's docs, yarn's, pnpm's, bun's)."""
MAKEFILES = ("GNUmakefile", "makefile", "Makefile")
"""GNU make's search order in a folder."""
JUSTFILES = ("justfile", ".justfile", "Justfile", "JUSTFILE", ".Justfile")
"""just looks for ``justfile`` case-insensitively; these are the spellings people use."""
MAX_MANIFEST = 512 * 1024
"""A manifest larger than this is not read (its names are unknown)."""

_MAKE_RULE = lazy(r"^([^\t#\n=:][^\n#=:]*?)[ \t]*(?:::?|&:)(?![:=])", re.MULTILINE)
"""A rule's targets: the names before its colon (``:``, ``::``, ``&:``), not a variable
assigned with ``:=``, ``::=`` or ``:::=``."""
_MAKE_INCLUDE = lazy(r"^[ \t]*(-|s)?include[ \t]+([^\n]*)", re.MULTILINE)
_JUST_RECIPE = lazy(r"^@?([A-Za-z_][A-Za-z0-9_-]*)[^\n:]*:(?!=)", re.MULTILINE)
"""A recipe's name: the whole identifier (just's names may end with ``-``), then its
parameters up to the colon, not a ``:=`` assignment."""
_JUST_ALIAS = lazy(r"^alias[ \t]+([A-Za-z_][A-Za-z0-9_-]*)[ \t]*:=", re.MULTILINE)
_JUST_OPAQUE = lazy(r"^(?:import|mod)\b|^set[ \t]+fallback\b", re.MULTILINE)


class Names(Record):
    """What one manifest defines, or ``None`` where it cannot be known."""

    path: str
    names: frozenset[str] | None


def _read(path: str) -> str | None:
    """The manifest's text, or None when it cannot be read whole."""
    read = read_bounded(path, MAX_MANIFEST)
    if read.data is None or read.truncated or b"\x00" in read.data:
        return None
    try:
        return read.data.decode("utf-8")
    except UnicodeDecodeError:
        return None  # not a text manifest: its names are unknown


def package_scripts(text: str) -> frozenset[str] | None:
    """The ``scripts`` of a package.json; None when it is not a JSON object."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    scripts = data.get("scripts", {})
    if not isinstance(scripts, dict):
        return None
    return frozenset(str(name) for name in scripts)


Include = Callable[[str], "str | None"]
"""Reads an included makefile by the name written (relative to the Makefile's folder)."""
MAX_INCLUDE_DEPTH = 3


def _no_include(name: str) -> str | None:
    return None


def make_targets(
    text: str, include: Include = _no_include, depth: int = 0
) -> frozenset[str] | None:
    """Explicit targets of a Makefile and the files it includes; None where make could
    build names not written (pattern rules, ``.DEFAULT``, ``$(…)`` in a target list or an
    include, a required include that cannot be read, includes nested too deep). A
    missing ``-include`` (``.env`` in a fresh clone) adds nothing, as for make."""
    text = text.replace("\\\n", " ")
    targets: set[str] = set()
    for match in _MAKE_INCLUDE.finditer(text):
        optional = bool(match.group(1))
        for name in match.group(2).split("#", 1)[0].split():
            if depth >= MAX_INCLUDE_DEPTH or any(c in name for c in "$*?["):
                return None
            included = include(name)
            found = None if included is None else make_targets(included, include, depth + 1)
            if found is None and not (optional and included is None):
                return None
            targets |= found or frozenset()
    for match in _MAKE_RULE.finditer(text):
        for name in match.group(1).split():
            if "%" in name or "$" in name or name == ".DEFAULT":
                return None
            if not name.startswith("."):
                targets.add(name)  # .PHONY and the other special targets are not goals
    return frozenset(targets)


def just_recipes(text: str) -> frozenset[str] | None:
    """Recipe and alias names of a justfile; None when it imports modules or other
    justfiles, or falls back to a parent's (names this file does not hold)."""
    if _JUST_OPAQUE.search(text):
        return None
    names = {m.group(1) for m in _JUST_RECIPE.finditer(text)}  # `:=` lines are not recipes
    return frozenset(names | {m.group(1) for m in _JUST_ALIAS.finditer(text)})


def _stamp(path: str) -> tuple[int, int] | None:
    """(size, mtime) of a regular file, or None when there is none."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    if not stat.S_ISREG(st.st_mode):
        return None
    return st.st_size, st.st_mtime_ns


def _present(folder: str, name: str) -> bool:
    """Whether ``folder/name`` is a regular file (links followed). Inside a ``check`` run
    a name missing from the folder's listing is not asked about: one listing (shared with
    discovery's) instead of fifteen ``stat`` calls per file, most of them for absent names."""
    if runmemo.current() is not None:
        listed = runmemo.folded_listing(folder)
        if listed is not None and name.casefold() not in listed:
            return False
    return _stamp(os.path.join(folder, name)) is not None


Stamps = tuple[tuple[str, tuple[int, int] | None], ...]
"""Every file a parse read (the manifest and its includes), with its (size, mtime)."""


class _Cache:
    """Parsed manifests by path, valid while every file the parse read is unchanged."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._entries: dict[tuple[str, str], tuple[Stamps, frozenset[str] | None]] = {}

    def names(self, path: str, kind: str) -> frozenset[str] | None:
        """The names ``kind``'s parser finds in the file at ``path`` (read once per change)."""
        key = (path, kind)
        with self._lock:
            cached = self._entries.get(key)
        if cached is not None and all(_stamp(p) == st for p, st in cached[0]):
            return cached[1]
        read: list[tuple[str, tuple[int, int] | None]] = [(path, _stamp(path))]
        folder = os.path.dirname(path)

        def include(name: str) -> str | None:
            target = os.path.join(folder, name)
            read.append((target, _stamp(target)))
            return _read(target)  # None when missing, as for any unreadable file

        text = _read(path)
        if text is None:
            names = None
        elif kind == "make":
            names = make_targets(text, include)
        else:
            names = _PARSERS[kind](text)
        with self._lock:
            if len(self._entries) > 256:
                self._entries.clear()
            self._entries[key] = (tuple(read), names)
        return names


_PARSERS: dict[str, Callable[[str], frozenset[str] | None]] = {
    "package": package_scripts,
    "just": just_recipes,
}
_CACHE = _Cache()


def folders_up(start: str) -> Iterator[str]:
    """``start`` and its ancestors up to the repository's worktree (only ``start`` when
    it is in no repository): where the commands of a file there are run from."""
    folder = os.path.abspath(start)
    location = find_git_dir(folder)
    top = os.path.abspath(location.worktree) if location is not None else folder
    while True:
        yield folder
        parent = os.path.dirname(folder)
        if folder == top or parent == folder:
            return
        folder = parent


MAX_SUBPROJECT_DEPTH = 4
"""How deep below the repository's root other manifests are looked for."""
MAX_SUBPROJECT_FOLDERS = 2000
"""Folders listed at most in that search: a huge tree is searched only in part."""
_NOT_PROJECTS = frozenset(
    {"node_modules", "vendor", "third_party", "dist", "build", "target", "venv", "__pycache__"}
)
"""Folders that hold others' packages or build output, not a subproject of this one."""
_CANDIDATES = {"package": ("package.json",), "make": MAKEFILES, "just": JUSTFILES}


def _project_folders(root: str) -> tuple[str, ...]:
    """``root`` and the folders below it a subproject may live in (breadth first, bounded;
    hidden folders and others' packages left out)."""
    found: list[str] = []
    level = [root]
    for _ in range(MAX_SUBPROJECT_DEPTH + 1):
        below: list[str] = []
        for folder in level:
            if len(found) >= MAX_SUBPROJECT_FOLDERS:
                return tuple(found)
            found.append(folder)
            try:
                with os.scandir(folder) as entries:
                    below += sorted(
                        e.path
                        for e in entries
                        if e.name[:1] != "."
                        and e.name not in _NOT_PROJECTS
                        and e.is_dir(follow_symlinks=False)
                    )
            except OSError:
                continue
        level = below
    return tuple(found)


class _RecentFolders:
    """``_project_folders`` by root, kept for a few seconds: the server analyses a file
    on every pause in typing, and listing a large tree each time would cost tens of
    milliseconds for an answer that changes only when folders are added."""

    TTL = 10.0

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._kept: dict[str, tuple[float, tuple[str, ...]]] = {}

    def get(self, root: str) -> tuple[str, ...]:
        """The folders below ``root``, listed again when the last listing is old."""
        now = time.monotonic()
        with self._lock:
            kept = self._kept.get(root)
        if kept is not None and now - kept[0] < self.TTL:
            return kept[1]
        folders = _project_folders(root)
        with self._lock:
            if len(self._kept) > 64:
                self._kept.clear()
            self._kept[root] = (now, folders)
        return folders


_FOLDERS = _RecentFolders()


def _managers(folder: str) -> frozenset[str]:
    """The managers whose lockfiles ``folder`` holds beside a package.json."""
    if not _present(folder, "package.json"):
        return frozenset()
    return frozenset(m for name, m in LOCKFILES.items() if _present(folder, name))


def _ancestors(folder: str) -> Iterator[str]:
    """``folder`` and every folder above it."""
    while True:
        yield folder
        parent = os.path.dirname(folder)
        if parent == folder:
            return
        folder = parent


class Manifests:
    """The manifests nearest to one folder, found lazily by PL034 (the folders above it
    are listed once per instance: one analysis asks several questions)."""

    def __init__(self, folder: str) -> None:
        self.folder = folder

    @cached_property
    def folders(self) -> tuple[str, ...]:
        """The folder and its ancestors up to the repository root."""
        return tuple(folders_up(self.folder))

    def managers(self) -> tuple[str, frozenset[str]] | None:
        """The nearest folder holding a lockfile beside a package.json, and the managers
        its lockfiles name. Every manager writes its lockfile next to the package.json it
        installs; one alone in a folder is left over from a manager the project dropped."""
        for folder in self.folders:
            found = _managers(folder)
            if found:
                return folder, found
        return None

    @cached_property
    def root(self) -> str:
        """The repository's root. Outside a repository (an unpacked archive), the nearest
        folder above holding a lockfile beside a package.json, where installs run for
        every package below it; else the file's own folder."""
        if find_git_dir(self.folder) is not None:
            return self.folders[-1]
        return next((f for f in _ancestors(self.folder) if _managers(f)), self.folders[-1])

    def subprojects(self) -> tuple[str, ...]:
        """The folders above the file's (to the repository's root; to the file system's
        root outside a repository, where no root is known), then the repository's
        folders below its root as far as they are searched (listed once per run)."""
        above = self.folders
        if find_git_dir(self.folder) is None:
            above = tuple(_ancestors(self.folder))
        below = runmemo.remembered("subprojects", self.root, lambda: _FOLDERS.get(self.root))
        return above + tuple(f for f in below if f not in above)

    def defined_elsewhere(self, kind: str, name: str) -> str | None:
        """A manifest of ``kind`` that defines ``name`` in another folder than the
        nearest one (which the caller found without it): a subproject's package.json,
        the root's Makefile."""
        for folder in self.subprojects():
            for candidate in _CANDIDATES[kind]:
                if _present(folder, candidate):
                    path = os.path.join(folder, candidate)
                    names = _CACHE.names(path, kind)
                    if names is not None and name in names:
                        return path
                    break  # the first spelling present is the one the tool reads
        return None

    def lockfile_elsewhere(self, manager: str) -> str | None:
        """A folder of the repository holding a lockfile of ``manager``."""
        for folder in self.subprojects():
            if any(m == manager and _present(folder, n) for n, m in LOCKFILES.items()):
                return folder
        return None

    def nearest(self, kind: str) -> Names | None:
        """The nearest manifest of ``kind`` ("package", "make", "just") and its names."""
        candidates = _CANDIDATES[kind]
        for folder in self.folders:
            for name in candidates:
                if _present(folder, name):
                    path = os.path.join(folder, name)
                    return Names(path, _CACHE.names(path, kind))
        return None
