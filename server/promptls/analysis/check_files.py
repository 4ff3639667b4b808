"""Which files ``promptls check`` reads, and how each is analysed: one definition that
the CLI and the server's workspace diagnostics share, so the editor's Problems panel
shows exactly what ``promptls check`` prints for the same folder.

The walk is fast, with the usual exclusions.

Directories ``.git``, ``node_modules``, ``.venv`` (and similar caches) are never entered;
``exclude`` globs and the top-level ``.gitignore`` (a simple subset: ``*``/``?``/``**``
globs, ``/`` anchoring, trailing ``/`` for directories, ``!`` re-includes, ``#``
comments) prune the walk. A file is checked when it is an instruction file, matches the
prompt globs, or has a text extension (``.md``, ``.markdown``, ``.txt``, ``.prompt``) —
those "other" files are only reported on when they contain a marker-like token (the
analysis has nothing to say otherwise). Symlinked directories are not followed.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from promptls.analysis.agents import analyze_for_agents
from promptls.analysis.engine import document_kind, name_tests
from promptls.analysis.globs import compile_globs, matches, name_endings
from promptls.analysis.model import Analysis, DocumentKind
from promptls.analysis.settings import Settings
from promptls.discovery.api import discover, owning_folder
from promptls.discovery.model import Discovery
from promptls.discovery.setup import Setup, detect_setups
from promptls.record import Record
from promptls.text import runmemo
from promptls.text.fsread import read_bounded

SKIP_DIRS = frozenset({".git", "node_modules", ".venv", "venv", "__pycache__", ".tox", ".hg"})
TEXT_SUFFIXES = (".md", ".markdown", ".txt", ".prompt", ".mdx")
MAX_BYTES = 64 * 1024 * 1024
GITIGNORE_MAX_BYTES = 1024 * 1024
"""Read cap for the top-level ``.gitignore``."""


class GitIgnore(Record):
    """The top-level ``.gitignore`` as (pattern, negated, dir_only) rules."""

    rules: tuple[tuple[str, bool, bool], ...]

    @classmethod
    def load(cls, root: Path) -> GitIgnore:
        """Read ``root/.gitignore`` if there is one; unreadable means no rules.

        Bounded and non-blocking (``fsread``): a FIFO named ``.gitignore`` hung the run.
        """
        data = read_bounded(str(root / ".gitignore"), GITIGNORE_MAX_BYTES).data
        if data is None:
            return cls(())
        lines = data.decode("utf-8", errors="replace")
        rules = []
        for raw in lines.splitlines():
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            negated = line.startswith("!")
            line = line[1:] if negated else line
            dir_only = line.endswith("/")
            line = line.rstrip("/")
            if not line:
                continue
            if "/" in line and not line.startswith("/"):
                line = "/" + line
            rules.append((line, negated, dir_only))
        return cls(tuple(rules))

    def ignored(self, relative: str, is_dir: bool) -> bool:
        """Last matching rule wins, as in git: the rules are tried from the last one."""
        path = relative.replace("\\", "/")
        for regex, negated, dir_only in _compiled(self.rules):
            if (is_dir or not dir_only) and regex is not None and regex.search(path):
                return not negated
        return False


@lru_cache(maxsize=16)
def _compiled(
    rules: tuple[tuple[str, bool, bool], ...],
) -> tuple[tuple[re.Pattern[str] | None, bool, bool], ...]:
    """A ``.gitignore``'s rules last first, each pattern compiled once (``matches``)."""
    return tuple((compile_globs((p,)), negated, dir_only) for p, negated, dir_only in rules[::-1])


def wanted(path: str, kind: DocumentKind) -> bool:
    """Instruction and prompt files always; other files only with a text extension."""
    return kind is not DocumentKind.OTHER or path.lower().endswith(TEXT_SUFFIXES)


class _Exclusions:
    """Config ``exclude`` globs and the top-level ``.gitignore`` of one walked root."""

    def __init__(self, root: Path, settings: Settings) -> None:
        """Read the root's ``.gitignore`` once."""
        self.ignore = GitIgnore.load(root)
        self.settings = settings
        self.none = not settings.exclude and not self.ignore.rules
        self.names = name_tests()
        kind_globs = (tuple(settings.instruction_files), tuple(settings.prompt_files))
        self.globs = [g for g in map(compile_globs, kind_globs) if g is not None]
        self.endings = name_endings(kind_globs[0] + kind_globs[1])

    def excluded(self, relative: str, is_dir: bool) -> bool:
        """Whether the walk leaves this root-relative path out."""
        if self.none:  # no exclude globs, no .gitignore: nothing is (most trees' folders)
            return False
        return matches(relative, self.settings.exclude) or self.ignore.ignored(relative, is_dir)

    def checked(self, relative: str) -> bool:
        """Whether a root-relative file (not excluded itself) is one the walk keeps."""
        return not self.excluded(relative, False) and wanted(
            relative, document_kind(relative, self.settings)
        )

    def kept(self, rel_base: str, names: list[str]) -> list[str]:
        """The names of one folder's files (``rel_base``: its root-relative prefix) that
        :meth:`checked` keeps, in order, asking no more than each needs (no
        ``document_kind`` for most): a name with a text extension is kept whatever its
        kind, and one without that ``engine.named_other`` rules out (most of a tree's
        source files) only when the settings' instruction or prompt globs match it, which
        they cannot without one of their endings (``globs.name_endings``)."""
        exact, endings = self.names
        out = []
        for name in names:
            if name.lower().endswith(TEXT_SUFFIXES):
                keep = not self.excluded(rel_base + name, False)
            elif name in exact or name.endswith(endings) or "\\" in name:
                keep = self.checked(rel_base + name)
            elif not name.endswith(self.endings):
                keep = False
            else:
                relative = rel_base + name
                normal = relative.replace("\\", "/")
                keep = False
                for glob in self.globs:
                    if glob.search(normal) is not None:
                        keep = not self.excluded(relative, False)
                        break
            if keep:
                out.append(name)
        return out


class Tree:
    """One walked root: its exclusions, read once, and how each of its folders is listed.
    ``walk_folders`` goes through it depth first; a large ``check`` cuts it into subtrees
    (:func:`pieces`) that several processes walk."""

    def __init__(self, root: Path, settings: Settings) -> None:
        """Read the root's ``.gitignore``; nothing is listed yet."""
        self.root = root
        self.rules = _Exclusions(root, settings)

    def folder(self, folder: str, rel_base: str) -> tuple[list[Path], list[Subtree]]:
        """One folder's files to check, sorted, and its subfolders to walk (each with
        its root-relative prefix), sorted; nothing when it cannot be listed.

        Listed with ``scandir``, whose entries already say which names are directories
        and which are symbolic links: no ``stat`` per folder (``os.walk`` makes one to
        refuse symlinked folders)."""
        try:
            with os.scandir(folder) as listing:
                entries = list(listing)
        except OSError:
            return [], []
        files: list[str] = []
        dirs: list[tuple[str, str]] = []
        for entry in entries:
            try:
                is_dir = entry.is_dir()
            except OSError:
                is_dir = False
            if not is_dir:
                files.append(entry.name)
            elif entry.name not in SKIP_DIRS and not entry.is_symlink():
                dirs.append((entry.name, entry.path))  # the path joined by scandir, in C
        files.sort()
        dirs.sort()
        rules = self.rules
        kept = rules.kept(rel_base, files)
        base = Path(folder) if kept else self.root
        return [base / name for name in kept], [
            Subtree(path, f"{rel_base}{name}/")
            for name, path in dirs
            if not rules.excluded(rel_base + name, True)
        ]

    def below(self, top: Subtree) -> Iterator[list[Path]]:
        """The files to check in ``top`` and below, one folder at a time, depth first."""
        pending = [top]
        while pending:
            files, subtrees = self.folder(*pending.pop())
            yield files
            pending += reversed(subtrees)


class Subtree(NamedTuple):
    """A folder of a walked tree and its path relative to the root (``""`` or ``a/b/``)."""

    folder: str
    rel_base: str


def walk_folders(root: Path, settings: Settings) -> Iterator[list[Path]]:
    """The files to check under ``root``, one folder at a time (sorted, depth first),
    pruning excluded directories early: a caller that must stay responsive can pause
    between folders. A folder that cannot be listed is skipped."""
    return Tree(root, settings).below(Subtree(os.fspath(root), ""))


Piece = list[Path] | Subtree
"""Part of a walk in order: files already listed, or a subtree still to walk."""


def pieces(tree: Tree, budget: int) -> tuple[list[Piece], bool]:
    """The walk of ``tree`` in its order, as pieces: folders are listed breadth first, at
    most ``budget`` of them, each replaced in place by its files and its subtrees; and
    whether subtrees are left to walk. Walking each piece in turn lists what
    :func:`walk_folders` lists, in the same order (a folder's files, then each subfolder's
    walk); the subtrees left can be walked in any process."""
    found: list[Piece] = [Subtree(os.fspath(tree.root), "")]
    listed = 0
    while listed < budget and any(isinstance(p, Subtree) for p in found):
        level: list[Piece] = []
        for piece in found:
            if isinstance(piece, Subtree) and listed < budget:
                files, subtrees = tree.folder(*piece)
                listed += 1
                level.append(files)
                level += subtrees
            else:
                level.append(piece)
        found = level
    return found, any(isinstance(p, Subtree) for p in found)


def walk(root: Path, settings: Settings, kind_of: object) -> list[Path]:
    """Every file to check under ``root``, sorted, pruning excluded directories early."""
    return [path for batch in walk_folders(root, settings) for path in batch]


def walked(root: Path, path: Path, settings: Settings) -> bool:
    """Whether :func:`walk` of ``root`` would list ``path`` (when it exists): what a file
    watcher's event about one file needs to know without walking the tree again."""
    try:
        parts = path.relative_to(root).parts
    except ValueError:
        return False
    if not parts or any(part in SKIP_DIRS for part in parts[:-1]):
        return False
    rules = _Exclusions(root, settings)
    for depth in range(1, len(parts)):
        if rules.excluded("/".join(parts[:depth]), True):
            return False
    return rules.checked("/".join(parts))


def read_text(path: Path) -> tuple[str, bytes] | None:
    """Decode a file as UTF-8 (errors replaced); None for unreadable or binary files.

    Read through ``fsread.read_bounded``: only regular files, never a blocking open
    (a FIFO named ``x.prompt`` would hang CI) and never past the cap (``/dev/zero``).
    """
    read = read_bounded(str(path), MAX_BYTES)
    data = read.data
    if data is None or read.truncated:
        return None
    if b"\x00" in data[:8192]:
        return None
    return data.decode("utf-8", errors="replace"), data


class Discoveries:
    """One discovery per (folder, profile), and one look for set-up markers per folder,
    for one run: a ``check``, or one pass of the server's workspace scan. Every file of
    a folder, every agent's analysis, PL027's copies and PL028's coverage ask the same
    questions; asked once, the run's findings agree with each other, and nothing
    outlives the run to go stale."""

    def __init__(self, home: str | None = None, environ: Mapping[str, str] | None = None) -> None:
        """The home and environment discovery reads (None: the process's own)."""
        self.home = home
        self.environ = environ
        self.cache: dict[tuple[str, str], Discovery | None] = {}
        self.setup_cache: dict[str, tuple[Setup, ...]] = {}

    def __call__(self, folder: str, profile: str) -> Discovery | None:
        """The discovery of ``folder`` for ``profile``; None when unavailable."""
        key = (folder, profile)
        if key not in self.cache:
            try:
                self.cache[key] = discover(folder, profile, home=self.home, environ=self.environ)
            except Exception:  # discovery problems must not stop a lint run
                self.cache[key] = None
        return self.cache[key]

    def setups(self, folder: str) -> tuple[Setup, ...]:
        """``detect_setups`` of ``folder``, looked for once per run."""
        found = self.setup_cache.get(folder)
        if found is None:
            found = self.setup_cache[folder] = detect_setups(folder)
        return found


def folder_of(path: Path) -> str:
    """The folder whose discovery decides about a file: its path made absolute and
    normalised with symlinks kept (agents see a symlinked folder as given)."""
    return owning_folder(os.path.normpath(path.absolute()))


def analyze_text(
    text: str, display: str, path: Path | None, settings: Settings, discoveries: Discoveries
) -> Analysis:
    """Analyse one file's text as ``check`` does: every active agent, with discovery for
    a file on disk (``path``; None for stdin), its kind taken from the name shown. Only
    an instruction file's analysis reads a discovery, so only its folder is looked up."""
    kind = document_kind(display, settings)
    return analyze_for_agents(
        text,
        path=display,
        settings=settings,
        folder=None if path is None or kind is not DocumentKind.INSTRUCTION else folder_of(path),
        discover=discoveries,
        kind=kind,
        setups=discoveries.setups,
    )


def analyze_file_text(
    text: str, path: Path, settings: Settings, discoveries: Discoveries
) -> Analysis:
    """``analyze_text`` of a file on disk in a run memo of its own (``runmemo``), for a
    caller outside a ``check`` run (the server's workspace scan): every agent's analysis
    of the file asks PL027's question and the same discoveries' files once, as in
    ``check``. The memo ends with the file's analysis, so a file changed on disk is read
    again by the next, and it holds no more than one analysis reads."""
    with runmemo.run_memo():
        return analyze_text(text, str(path), path, settings, discoveries)


def check_file(path: Path, settings: Settings, discoveries: Discoveries) -> Analysis | None:
    """The findings ``check`` reports for one file on disk; None when it is unreadable
    or binary (``check`` skips those silently too)."""
    read = read_text(path)
    if read is None:
        return None
    return analyze_text(read[0], str(path), path, settings, discoveries)
