"""Following ``@path`` imports from a loaded file, the way the profile's agent does.

Depth-first in order of appearance, each file at most once, cycles and over-deep chains
stopped and reported with the line of the ``@path`` that caused them.
"""

# Plain str paths on purpose: cheap stats and comparable cache keys.
# ruff: noqa: PTH113, PTH119

from __future__ import annotations

import os

from promptls.discovery.imports import ImportRef, find_imports, is_explicit_import, resolve_import
from promptls.discovery.model import ContextScope, EntryStatus
from promptls.discovery.profiles import Profile
from promptls.discovery.record import Recorder, content_notes
from promptls.text.fsread import char_boundary, decode, human_bytes, read_bounded

_MAX_IMPORTS = 256
"""At most this many ``@path`` imports are looked at per discovery; one entry reports the
rest, so a file of a million ``@x.md`` lines costs neither a million reads nor entries."""


class ImportFollower(Recorder):
    """A recorder that can follow imports; the walker sets the inputs it reads."""

    profile: Profile
    home: str | None
    home_problem: str
    max_bytes: int

    def __init__(self) -> None:
        """Start with the whole import allowance."""
        super().__init__()
        self.imports_left = _MAX_IMPORTS

    def expand(
        self, importer: str, text: str, scope: ContextScope, hop: int, chain: tuple[str, ...]
    ) -> None:
        """Follow ``@path`` imports depth-first, stopping cycles and over-deep chains.

        A token that only might be a path (``@scope/package``, ``@pytest.fixture``) is
        followed when it names an existing file and otherwise ignored, as the agents do
        silently; only explicit paths (``./``, ``~/``, ``/``, a document extension, or a
        folder plus an extension) are reported when they do not resolve.
        """
        for ref in find_imports(text, self.profile.imports or ""):
            target = resolve_import(ref.target, importer, self.home)
            where = f"@{ref.target} on line {ref.line} of {os.path.basename(importer)}"
            if self.imports_left <= 0:
                why = f"{where}: stopped, more than {_MAX_IMPORTS} imports in one discovery"
                self.import_error(ref.target, scope, why, importer, ref.line)
                return
            self.imports_left -= 1
            explicit = is_explicit_import(ref.target)
            if target is None:
                why = f"{where} needs a home directory: {self.home_problem or 'unknown'}"
                self.import_error(ref.target, scope, why, importer, ref.line)
                continue
            self.watched.add(target)
            if not explicit and not os.path.isfile(target):
                continue
            self.follow(ref, target, where, importer, scope, hop, chain)

    def follow(
        self,
        ref: ImportRef,
        target: str,
        where: str,
        importer: str,
        scope: ContextScope,
        hop: int,
        chain: tuple[str, ...],
    ) -> None:
        """Load one import target, or record why it is not loaded."""
        depth = self.profile.import_depth
        if target in chain:
            why = f"{where} is an import cycle (the file imports itself through the chain)"
            self.import_error(target, scope, why, importer, ref.line)
            return
        if hop > depth:
            why = f"{where} goes deeper than {self.profile.name}'s {depth} import hops"
            self.import_error(target, scope, why, importer, ref.line)
            return
        result = read_bounded(target, self.max_bytes)
        if result.missing or result.data is None:
            why = "does not exist" if result.missing else f"cannot be read: {result.problem}"
            self.import_error(target, scope, f"{where}: {target} {why}", importer, ref.line)
            return
        if target in self.loaded:
            reason = f"skipped: {where} names a file already loaded"
            self.add(target, scope, EntryStatus.SKIPPED, reason, result.size,
                     importer=importer, line=ref.line)  # fmt: skip
            return
        data = char_boundary(result.data) if result.truncated else result.data
        body, bad = decode(data)
        notes = [f"imported by {where} (hop {hop} of at most {depth})"]
        if result.truncated:
            notes.append(f"cut at byte {len(data)} by the {human_bytes(self.max_bytes)} read cap")
        notes += content_notes(data, bad)
        self.keep(target, body, scope, EntryStatus.IMPORTED, "; ".join(notes), result.size,
                  importer=importer, line=ref.line)  # fmt: skip
        self.expand(target, body, scope, hop + 1, (*chain, target))

    def import_error(
        self, path: str, scope: ContextScope, reason: str, importer: str, line: int
    ) -> None:
        """Record an import that does not load, pointing at its ``@path`` line."""
        self.add(path, scope, EntryStatus.IMPORT_ERROR, reason, None, importer=importer, line=line)
