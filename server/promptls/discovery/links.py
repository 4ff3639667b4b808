"""The ``@path`` imports an agent would follow from one file, and where they lead.

An editor turns these into links (go to definition, clickable imports), finds the files
that import a given file (references, "who loads this file") and rewrites imports when
a file is renamed. All three must agree with what the agent does, or the editor would
offer a jump the agent never makes: a token is a link only when some profile's parser
reads it as an import (``find_imports``: code spans and fences left out, the agent's
token rules), it resolves as that agent resolves it (relative to the importing file,
``~/`` in the home folder for Claude), names an existing file, passes gemini-cli's
checks (no URLs, confined to the project root by real path) and discovery recorded no
import error for it (cycles, depth). A token that fails is PL013's business, not a link.

Pure: stats and real paths only, no file is read here.
"""

# Plain str paths on purpose: cheap stats and comparable keys.
# ruff: noqa: PTH100, PTH117, PTH118, PTH120

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence

from promptls.agents.model import ImportStyle
from promptls.agents.registry import PROFILES
from promptls.discovery.api import owning_folder
from promptls.discovery.dirs import ancestors
from promptls.discovery.imports import (
    find_imports,
    is_url,
    resolve_import,
)
from promptls.discovery.model import Discovery, EntryStatus
from promptls.record import Record
from promptls.text import runmemo
from promptls.text.paths import same_path, within

GEMINI_ROOT_MARKERS = (".git",)
"""gemini-cli's default ``memoryBoundaryMarkers``: where its import confinement ends."""


class ImportLink(Record):
    """One followed import: the token's span (``@`` included), what it names and who
    follows it. ``written`` is the path as the agent reads it (escapes undone)."""

    start: int
    end: int
    line: int
    written: str
    target: str
    profiles: tuple[str, ...]

    @property
    def agents(self) -> tuple[str, ...]:
        """The agents' names, for a tooltip ("Claude Code", "gemini-cli")."""
        names = (s.agent for p in self.profiles if (s := PROFILES[p].imports) is not None)
        return tuple(dict.fromkeys(names))


def import_profiles(
    profiles: Iterable[str],
    path: str | None = None,
    discoveries: Mapping[str, Discovery] | None = None,
) -> list[tuple[str, ImportStyle]]:
    """The profiles among ``profiles`` that have an import syntax, with its style; with
    ``path``, only those that follow the imports of that file (Copilot CLI: in
    ``AGENTS.md``, ``CLAUDE.md`` and the files its ``discoveries`` entry says they import)."""
    out: list[tuple[str, ImportStyle]] = []
    for name in profiles:
        profile = PROFILES.get(name)
        if profile is None or profile.imports is None:
            continue
        found = (discoveries or {}).get(name)
        if path is None or profile.imports.follows_in(path) or (found and found.imported(path)):
            out.append((name, profile.imports))
    return out


def _confine_root(folder: str, markers: Sequence[str]) -> str:
    """gemini's project root for a file's folder: the nearest ancestor holding a
    boundary marker, else the folder itself (as ``ImportFollower.confine_root``)."""
    for candidate in reversed(ancestors(folder)):
        if any(runmemo.exists(os.path.join(candidate, m)) for m in markers):
            return candidate
    return folder


def _followable(style: ImportStyle, written: str, target: str, importer: str) -> bool:
    """Whether the agent reads ``target`` for this token, judged from the disk."""
    if style.confined and is_url(written):
        return False
    try:
        if not runmemo.isfile(target):
            return False
        if style.confined:
            root = runmemo.realpath(_confine_root(os.path.dirname(importer), GEMINI_ROOT_MARKERS))
            real = runmemo.realpath(target)
            return within(real, root)
    except (OSError, ValueError):
        return False
    return True


def _refused(discovery: Discovery | None, importer: str) -> set[tuple[int | None, str]]:
    """(line, target) of the imports discovery recorded as failing from ``importer``."""
    if discovery is None:
        return set()
    return {
        (e.line, os.path.normcase(os.path.abspath(e.path)))
        for e in discovery.entries
        if e.status is EntryStatus.IMPORT_ERROR and same_path(e.imported_from, importer)
    }


def followed_imports(
    text: str,
    path: str,
    profiles: Iterable[str],
    *,
    home: str | None,
    discoveries: Mapping[str, Discovery] | None = None,
) -> list[ImportLink]:
    """Every import of ``text`` (the file at ``path``) that at least one of ``profiles``
    follows, in order of appearance. ``discoveries`` (per profile, of the file's folder)
    add what only a walk knows: cycles and imports past the depth limit."""
    found: dict[tuple[int, int, str], tuple[int, str, list[str]]] = {}
    importer = os.path.abspath(path)
    for name, style in import_profiles(profiles, importer, discoveries):
        refused = _refused((discoveries or {}).get(name), importer)
        # Without a discovery's root, a workspace-relative dialect's root is the folder the
        # file belongs to (the one holding its rules folder, or its own).
        base = owning_folder(importer) if style.from_root else None
        for ref in find_imports(text, style.name):
            target = resolve_import(ref.target, importer, home if style.home else None, base)
            if target is None or (ref.line, os.path.normcase(target)) in refused:
                continue
            if not _followable(style, ref.target, target, importer):
                continue
            key = (ref.start, ref.end, target)
            found.setdefault(key, (ref.line, ref.target, []))[2].append(name)
    return [
        ImportLink(start, end, line, written, target, tuple(names))
        for (start, end, target), (line, written, names) in sorted(found.items())
    ]


class ImportSite(Record):
    """An import of a given file in another file: where, as written, and who follows it."""

    path: str
    link: ImportLink


def importers_of(
    target: str,
    files: Iterable[tuple[str, str]],
    profiles: Iterable[str],
    *,
    home: str | None,
) -> list[ImportSite]:
    """The imports among ``files`` (path, text) that lead to ``target`` (a file, or
    anything below it when it is a folder), in the order given."""
    wanted = tuple(profiles)
    goal = os.path.normcase(os.path.abspath(target))
    sites: list[ImportSite] = []
    for path, text in files:
        if "@" not in text:
            continue
        for link in followed_imports(text, path, wanted, home=home):
            aim = os.path.normcase(link.target)
            if within(aim, goal):
                sites.append(ImportSite(path, link))
    return sites


class ImportEdit(Record):
    """Replace ``text[start:end]`` of the file at ``path`` by ``new_text``."""

    path: str
    start: int
    end: int
    new_text: str


def _rewritten(site: ImportSite, old: str, new: str, home: str | None) -> str | None:
    """The path to write in place of the site's token after ``old`` became ``new``, in
    the same style (``~/``, ``./`` or bare relative); None when it cannot be kept."""
    written, target = site.link.written, site.link.target
    if os.path.isabs(written):
        return None
    moved = os.path.normpath(new + target[len(os.path.abspath(old)) :])
    if written.startswith("~/"):
        if home is None or not within(moved, home):
            return None
        path = "~/" + os.path.relpath(moved, home).replace(os.sep, "/")
    else:
        path = os.path.relpath(moved, os.path.dirname(site.path)).replace(os.sep, "/")
        if written.startswith("./") and not path.startswith("../"):
            path = "./" + path
    if any(c.isspace() for c in path):
        styles = [PROFILES[p].imports for p in site.link.profiles]
        if not all(s and s.escaped_spaces for s in styles) or any(
            c.isspace() and c != " " for c in path
        ):
            return None  # a token ends at a space, or (escaped) only "\ " is one
        path = path.replace(" ", "\\ ")
    return path


def rename_edits(
    old: str,
    new: str,
    files: Iterable[tuple[str, str]],
    profiles: Iterable[str],
    *,
    home: str | None,
) -> list[ImportEdit]:
    """The edits that keep every followed relative or ``~/`` import of ``old`` (a file
    or a folder) pointing at it once it is ``new``. Absolute imports are left alone,
    and so are the files being moved themselves."""
    old_abs, new_abs = os.path.abspath(old), os.path.abspath(new)
    edits: list[ImportEdit] = []
    listed = [
        (p, t)
        for p, t in files
        if not (same_path(p, old_abs) or within(os.path.abspath(p), old_abs))
    ]
    for site in importers_of(old_abs, listed, profiles, home=home):
        path = _rewritten(site, old_abs, new_abs, home)
        if path is None:
            continue
        start = site.link.start + 1
        edits.append(ImportEdit(site.path, start, site.link.end, path))
    return edits


NOT_LOADED = "not-loaded"
"""The status of a file a profile has no entry for."""


class ProfileLoad(Record):
    """What one profile does with the file for its folder: its discovery entry's status
    (``NOT_LOADED`` when it has none), position among the files sent (1-based), how many
    are sent, and the entry's reason."""

    profile: str
    status: str
    position: int | None
    sent: int
    reason: str
    importer: str | None
    line: int | None


class Loaders(Record):
    """The answer for one file."""

    path: str
    folder: str
    scanned: str
    """The folder searched for importers."""
    complete: bool
    """False when the listing or the scan stopped at a cap."""
    importers: tuple[ImportSite, ...]
    loads: tuple[ProfileLoad, ...]
