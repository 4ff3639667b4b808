"""Who loads this file: the files that import it, and what each agent does with it.

A file nobody opens can still reach the model (imported from CLAUDE.md, shadowed by an
override, cut by a budget), and a file a user edits can reach nobody. The editor's
references, its ``promptls.showLoaders`` command and ``promptls context --loaders FILE``
all answer from :func:`find_loaders`, so the three never disagree (the server passes the
text of open documents, the CLI reads the disk).

Where the importers are looked for: the file's repository (the nearest folder above it
holding ``.git``), else the folder whose discovery decides the file's fate; every
instruction file and Markdown file there (the workspace listing, bounded), read
bounded. The same set is what a rename rewrites (:func:`candidate_files`).
"""

# Plain str paths on purpose: comparable keys.
# ruff: noqa: PTH100, PTH118, PTH120

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping

from promptls.analysis.workspace_files import WORKSPACE_FILES
from promptls.discovery.api import is_instruction_path, owning_folder, resolve_home
from promptls.discovery.git import find_git_dir
from promptls.discovery.links import (
    NOT_LOADED,
    Loaders,
    ProfileLoad,
    importers_of,
)
from promptls.discovery.model import Discovery, Entry
from promptls.text.fsread import decode, read_bounded
from promptls.text.paths import same_path

MAX_SCANNED = 2_000
"""At most this many files are read when looking for importers."""
READ_CAP = 512 * 1024
"""Bytes read of each candidate importer (agents cap their reads too)."""
_MARKDOWN = (".md", ".mdc", ".mdx", ".markdown")


def scan_root(path: str) -> str:
    """Where importers of ``path`` are looked for: its repository, else its folder."""
    folder = owning_folder(path)
    found = find_git_dir(os.path.dirname(os.path.abspath(path)))
    return found.worktree if found is not None else folder


def candidate_files(root: str) -> tuple[list[str], bool]:
    """Absolute paths of the instruction and Markdown files below ``root`` (bounded)."""
    listing = WORKSPACE_FILES.listing(root)
    found = [
        os.path.join(listing.root, rel)
        for rel in listing.files
        if rel.lower().endswith(_MARKDOWN) or is_instruction_path(rel)
    ]
    complete = listing.complete and len(found) <= MAX_SCANNED
    return found[:MAX_SCANNED], complete


def read_texts(paths: Iterable[str], open_texts: Mapping[str, str]) -> Iterable[tuple[str, str]]:
    """(path, text) of each path: the open document's text, else the disk's (bounded)."""
    opened = {os.path.normcase(os.path.abspath(p)): t for p, t in open_texts.items()}
    for path in paths:
        text = opened.get(os.path.normcase(path))
        if text is None:
            data = read_bounded(path, READ_CAP).data
            if data is None:
                continue
            text = decode(data)[0]
        yield path, text


def _load(profile: str, path: str, discovery: Discovery) -> ProfileLoad:
    """The profile's verdict on the file: its own entry, the loaded one first."""
    mine: list[Entry] = [e for e in discovery.entries if same_path(e.path, path)]
    mine.sort(key=lambda e: e.order is None)
    sent = len(discovery.files)
    if not mine:
        return ProfileLoad(profile, NOT_LOADED, None, sent, "", None, None)
    entry = mine[0]
    position = None if entry.order is None else entry.order + 1
    return ProfileLoad(
        profile, str(entry.status), position, sent, entry.reason, entry.imported_from, entry.line
    )


def find_loaders(
    path: str,
    profiles: Iterable[str],
    discover: Callable[[str, str], Discovery],
    *,
    open_texts: Mapping[str, str] | None = None,
    home: str | None = None,
) -> Loaders:
    """The importers of ``path`` and each profile's verdict on it for its folder.

    ``discover(folder, profile)`` is the caller's (cached) discovery; ``home`` is where
    ``~/`` imports resolve (default: the user's home).
    """
    absolute = os.path.abspath(path)
    folder = owning_folder(absolute)
    names = tuple(profiles)
    if home is None:
        home = resolve_home(None, None)[0]
    root = scan_root(absolute)
    paths, complete = candidate_files(root)
    files = [(p, t) for p, t in read_texts(paths, open_texts or {}) if not same_path(p, absolute)]
    sites = importers_of(absolute, files, names, home=home)
    exact = tuple(s for s in sites if same_path(s.link.target, absolute))
    loads = tuple(_load(p, absolute, discover(folder, p)) for p in names)
    return Loaders(absolute, folder, root, complete, exact, loads)
