"""One run's discoveries share what each ancestor folder adds to a walk.

``check`` discovers thousands of folders of one tree, and every walk climbs the same
ancestors: a Claude walk of a package ten folders deep visits the repository root (its
rules folder of twelve rules, its CLAUDE.md and AGENTS.md) and every folder on the way,
as its siblings' walks did just before. What ``Walker.directory`` adds for a folder above
the walk's root is a function of the walker's state when it gets there (what is already
loaded, the budget left, the names it looks for…) and of the file system, which a run
memo (``runmemo``) holds still. So inside a run the first walk records what the visit
added, under a key made of everything the visit reads, and a later walk in the same
state replays it instead of reading and deciding again: the same entries, files and
watched paths in the same order, so every result is what a walk of its own would give.

Only folders strictly above the root are shared (the root's own visit reads local files
and expands imports), only for walks with no target file and no exclusion patterns, and
only for profiles whose imports do not resolve from the root. Outside a run memo (the
language server, whose files change) every walk visits every folder itself.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from promptls.agents.model import Profile
from promptls.discovery.model import ContextFile, Entry, EntryStatus
from promptls.text import runmemo

if TYPE_CHECKING:
    from promptls.discovery.walk import Walker

K = TypeVar("K")
V = TypeVar("V")

_KIND = "ancestor folder visits"
"""The run memo's table of visits: None for a key met once, then what the visit added."""

_NEW = object()
"""A key not met yet in this run."""


class _Visit(NamedTuple):
    """What one ``Walker.directory`` call added to a walker's state."""

    profile: Profile  # holds the profile alive while its id() is part of a key
    files: tuple[ContextFile, ...]
    entries: tuple[Entry, ...]
    watched: frozenset[str]
    watched_dirs: frozenset[str]
    loaded: frozenset[str]
    loaded_real: tuple[tuple[tuple[int, int], str], ...]
    loaded_text: tuple[tuple[str, str], ...]
    recorded: frozenset[tuple[str, ...]]
    confine_roots: tuple[tuple[str, str], ...]
    budget_left: int | None
    imports_left: int


def visit(walker: Walker, folder: str) -> None:
    """``walker.directory(folder)``, or the replay of an identical earlier visit."""
    tables = runmemo.current()
    key = None if tables is None else _key(walker, folder)
    if key is None or tables is None:
        walker.directory(folder)
        return
    table = tables.setdefault(_KIND, {})
    seen = table.get(key, _NEW)
    if isinstance(seen, _Visit):
        _replay(walker, seen)
    elif seen is _NEW:  # most folders of a big tree lie on one walk: not worth a record
        table[key] = None
        walker.directory(folder)
    else:  # a second walk in the same state: record it for the third and later
        recorded = _record(walker, folder)
        if recorded is not None:
            table[key] = recorded


def _key(walker: Walker, folder: str) -> Hashable | None:
    """Everything a visit of ``folder`` reads besides the file system; None when the
    visit may depend on the walk's root or target (it is then never shared)."""
    root = walker.root
    if (
        walker.target is not None
        or walker.excludes is not None
        or folder == root
        or not _shareable(walker.profile)
    ):
        return None
    prefix = folder if folder.endswith("/") else folder + "/"
    if not root.startswith(prefix):
        return None
    child = root[len(prefix) :].partition("/")[0]
    # A file the visit loads sits in ``folder`` or below one of its hidden subfolders
    # (``.claude/rules``); whether the root lies below that file's folder decides whether
    # its imports expand. Below a hidden child the whole root is part of the key.
    below = root if child.startswith(".") or "\\" in child else ""
    return (
        id(walker.profile),
        folder,
        below,
        walker.home,
        walker.home_problem,
        walker.max_bytes,
        walker.project_names,
        walker.agents_mode,
        walker.untrusted,
        walker.budget,
        walker.budget_left,
        walker.budget_source,
        walker.import_markers,
        len(walker.files),
        walker.imports_left,
        frozenset(walker.loaded),
        frozenset(walker.loaded_real.items()),
        frozenset(walker.loaded_text.items()) if walker.profile.dedupe_content else None,
        frozenset(walker.recorded),
        frozenset(walker.confine_roots.items()),
    )


def _shareable(profile: Profile) -> bool:
    """``_shareable_profile``, once per profile object (hashing a profile costs more)."""
    known = _SHAREABLE.get(id(profile))
    if known is None or known[0] is not profile:
        known = _SHAREABLE[id(profile)] = (profile, _shareable_profile(profile))
    return known[1]


_SHAREABLE: dict[int, tuple[Profile, bool]] = {}


def _shareable_profile(profile: Profile) -> bool:
    """Whether a visit above the root is the same for every root below it: the
    profile's imports do not resolve from the root, nor expand in ancestors' own files,
    and every name it looks for in a folder is plain or starts in a hidden subfolder."""
    if profile.sort_paths or profile.ancestor_imports:
        return False
    if profile.imports is not None and profile.imports.from_root:
        return False
    names = (
        *profile.project_files,
        *profile.local_files,
        *profile.fallback_files,
        *profile.legacy_files,
        *((profile.project_rules_dir,) if profile.project_rules_dir else ()),
    )
    return all("/" not in name or name.startswith(".") for name in names)


_IMPORTS = frozenset({EntryStatus.IMPORTED, EntryStatus.IMPORT_ERROR})
"""An import's entry says whether its target lies inside the walk's root (Claude Code
asks before loading one outside the working folder), so a visit that expands imports is
the root's own."""


def _record(walker: Walker, folder: str) -> _Visit | None:
    """Visit ``folder`` and return what the visit added (None: it changed something a
    replay would not restore, so it is not kept)."""
    files, entries = len(walker.files), len(walker.entries)
    watched, watched_dirs = set(walker.watched), set(walker.watched_dirs)
    loaded, loaded_real = set(walker.loaded), dict(walker.loaded_real)
    loaded_text, recorded = dict(walker.loaded_text), set(walker.recorded)
    confine_roots = dict(walker.confine_roots)
    settings, problems = len(walker.settings), len(walker.problems)
    walker.directory(folder)
    if any(e.status in _IMPORTS for e in walker.entries[entries:]):
        return None
    if (len(walker.settings), len(walker.problems)) != (settings, problems) or not (
        watched <= walker.watched
        and watched_dirs <= walker.watched_dirs
        and loaded <= walker.loaded
        and recorded <= walker.recorded
        and _kept(loaded_real, walker.loaded_real)
        and _kept(loaded_text, walker.loaded_text)
        and _kept(confine_roots, walker.confine_roots)
    ):
        return None
    return _Visit(
        walker.profile,
        tuple(walker.files[files:]),
        tuple(walker.entries[entries:]),
        frozenset(walker.watched - watched),
        frozenset(walker.watched_dirs - watched_dirs),
        frozenset(walker.loaded - loaded),
        tuple(kv for kv in walker.loaded_real.items() if kv[0] not in loaded_real),
        tuple(kv for kv in walker.loaded_text.items() if kv[0] not in loaded_text),
        frozenset(walker.recorded - recorded),
        tuple(kv for kv in walker.confine_roots.items() if kv[0] not in confine_roots),
        walker.budget_left,
        walker.imports_left,
    )


def _kept(before: Mapping[K, V], after: Mapping[K, V]) -> bool:
    """Whether ``after`` still holds every item of ``before`` (a visit only adds)."""
    return all(key in after and after[key] == value for key, value in before.items())


def _replay(walker: Walker, seen: _Visit) -> None:
    """Add what a recorded visit added, in its order."""
    walker.files += seen.files
    walker.entries += seen.entries
    walker.watched |= seen.watched
    walker.watched_dirs |= seen.watched_dirs
    walker.loaded |= seen.loaded
    walker.loaded_real.update(seen.loaded_real)
    walker.loaded_text.update(seen.loaded_text)
    walker.recorded |= seen.recorded
    walker.confine_roots.update(seen.confine_roots)
    walker.budget_left = seen.budget_left
    walker.imports_left = seen.imports_left
