"""Following ``@path`` imports from a loaded file, the way the profile's agent does.

Depth-first in order of appearance; each outcome is an entry pointing at the line of the
``@path`` that caused it. What differs per agent is data (``ImportStyle``):

- Claude Code loads each file once: a second import of a loaded file is ``skipped``, a
  cycle is stopped. A bare token such as ``@alice`` or ``@scope/pkg`` that names no file
  is left alone without an entry: Claude shows the model the text unchanged and says
  nothing, and instruction files mention people, packages and decorators all the time,
  so reporting each of them would bury the real broken imports. Explicit paths (``./``,
  ``~/``, ``/``, a document extension, a folder plus an extension) are reported. An import
  from a project file that leaves the working folder carries a note: Claude asks once
  per project before it loads such "external" imports.
- gemini-cli (``processImports``) replaces every token it cannot import with an HTML
  comment, so each such token is an ``import-error``. Targets must lie inside the project
  root of the top-level file by real path (its nearest ancestor holding a boundary
  marker, else its own folder). Cycles are tracked per chain without the top-level file,
  so A→B→A inlines A once more; a file imported from two places is inlined twice. Each
  real file still appears once in ``files``; a second copy is a ``skipped`` entry whose
  reason says gemini sends it again there.
"""

# Plain str paths on purpose: cheap stats and comparable cache keys.
# ruff: noqa: PTH117, PTH118, PTH119, PTH120

from __future__ import annotations

import os

from promptls import later
from promptls.agents.model import ImportRef, ImportStyle, Profile
from promptls.discovery.dirs import ancestors
from promptls.discovery.imports import (
    TRAILING_PUNCTUATION,
    find_imports,
    is_explicit_import,
    is_url,
    resolve_import,
)
from promptls.discovery.model import ContextScope, EntryStatus
from promptls.discovery.record import Recorder, content_notes
from promptls.text import runmemo
from promptls.text.fsread import char_boundary, decode, human_bytes, read_bounded
from promptls.text.lazyre import lazy
from promptls.text.paths import within

_MAX_IMPORTS = 256
MISSING = "does not exist"
"""How an import-error reason says its target is missing (the gemini rendering writes
gemini's own message for exactly that case)."""
"""At most this many ``@path`` imports are looked at per discovery; one entry reports the
rest, so a file of a million ``@x.md`` lines costs neither a million reads nor entries."""

_BAD_ESCAPE = lazy(r"%(?![0-9A-Fa-f]{2})")


def _uri_decoded(path: str) -> str:
    """gemini-cli URI-decodes a path before its real-path check; a malformed one stays.
    A path without ``%`` decodes to itself, so only one with an escape loads the URL
    parser."""
    if "%" not in path or _BAD_ESCAPE.search(path):
        return path
    try:
        return later.urllib_parse.unquote(path, errors="strict")
    except UnicodeDecodeError:
        return path


def _via(chain: tuple[str, ...]) -> str:
    """The files inlined around an import, when there is more than its top-level file."""
    if len(chain) < 2:
        return ""
    return "inside " + " → ".join(os.path.basename(p) for p in chain)


class ImportFollower(Recorder):
    """A recorder that can follow imports; the walker sets the inputs it reads.

    ``import_markers`` are the boundary markers that end gemini's search for a project
    root (its ``context.memoryBoundaryMarkers``).
    """

    profile: Profile
    home: str | None
    home_problem: str
    max_bytes: int
    root: str
    import_markers: tuple[str, ...] = (".git",)

    def __init__(self) -> None:
        """Start with the whole import allowance."""
        super().__init__()
        self.imports_left = _MAX_IMPORTS
        self.confine_roots: dict[str, str] = {}
        self.recorded: set[tuple[str, ...]] = set()
        self.inlined: dict[str, set[str]] = {}
        """Per top-level file, the files inlined into it (``ImportStyle.per_top``)."""

    def expand(
        self, importer: str, text: str, scope: ContextScope, hop: int, chain: tuple[str, ...]
    ) -> None:
        """Follow the imports of ``importer`` (``chain[0]`` is the top-level file)."""
        style = self.profile.imports
        if style is None:
            return
        base = self.root if style.from_root else None
        for ref in find_imports(text, style):
            target = resolve_import(ref.target, importer, self.home, base)
            written = style.written.format(ref.target)
            where = f"{written} on line {ref.line} of {os.path.basename(importer)}"
            if self.imports_left <= 0:
                why = f"{where}: stopped, more than {_MAX_IMPORTS} imports in one discovery"
                self.import_error(ref, ref.target, scope, why, importer)
                return
            self.imports_left -= 1
            if target is None:
                why = f"{where} needs a home directory: {self.home_problem or 'unknown'}"
                self.import_error(ref, ref.target, scope, why, importer)
                continue
            self.watched.add(target)
            if (
                style.silent_misses
                and not is_explicit_import(ref.target)
                and not runmemo.isfile(target)
            ):
                continue
            self.follow(style, ref, target, where, importer, scope, hop, chain)

    def follow(
        self,
        style: ImportStyle,
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
        if hop > depth:
            why = f"{where} goes deeper than {self.profile.name}'s {depth} import hops"
            if style.comments:
                why += f" ({style.agent} leaves the @path in the text as written)"
            self.import_error(ref, target, scope, why, importer)
            return
        refusal = self.refusal(ref, target, chain[0]) if style.confined else None
        if refusal is not None:
            shown = ref.target if is_url(ref.target) else target
            self.import_error(ref, shown, scope, f"{where} is refused: {refusal}", importer)
            return
        if target in (chain[1:] if style.per_chain and not style.top_in_chain else chain):
            loop = " → ".join(os.path.basename(p) for p in (*chain, target))
            why = f"{where} is an import cycle ({loop})"
            if style.comments:
                why += f"; {style.agent} writes <!-- File already processed: {ref.target} -->"
            self.import_error(ref, target, scope, why, importer)
            return
        result = read_bounded(target, self.max_bytes)
        if result.missing or result.data is None:
            why = f"{where}: {target} " + (
                MISSING if result.missing else f"cannot be read: {result.problem}"
            )
            note = self.failure_note(style, ref, missing=result.missing)
            self.import_error(ref, target, scope, why + note, importer)
            return
        data = char_boundary(result.data) if result.truncated else result.data
        body, bad = decode(data)
        inlined = self.inlined.setdefault(chain[0], {chain[0]})
        if target in self.loaded:
            if not (style.per_chain or (style.per_top and target not in inlined)):
                reason = f"skipped: {where} names a file already loaded"
                self.once(ref, target, scope, EntryStatus.SKIPPED, reason, result.size, importer)
                return
            order = next(i for i, f in enumerate(self.files) if f.path == target)
            again = self.again(
                style, f"{where} ({_via(chain)})" if len(chain) > 1 else where, target, order
            )
            self.once(ref, target, scope, EntryStatus.SKIPPED, again, result.size, importer,
                      sent_again=order)  # fmt: skip
        else:
            inside_of = f", {_via(chain)}" if len(chain) > 1 else ""
            notes = [f"imported by {where} (hop {hop} of at most {depth}{inside_of})"]
            if result.truncated:
                notes.append(
                    f"cut at byte {len(data)} by the {human_bytes(self.max_bytes)} read cap"
                )
            notes += content_notes(data, bad)
            notes += self.approval_note(style, target, scope)
            self.keep(target, body, scope, EntryStatus.IMPORTED, "; ".join(notes), result.size,
                      importer=importer, line=ref.line,
                      cut_at=len(data) if result.truncated else None)  # fmt: skip
        inlined.add(target)
        self.expand(target, body, scope, hop + 1, (*chain, target))

    # -- the reasons --------------------------------------------------------------------

    def again(self, style: ImportStyle, where: str, target: str, order: int) -> str:
        """A file the agent inlines a second time: say so, why, and where its text is in
        files (``order``)."""
        why = (
            "it inlines each file once per top-level file, so a file that another one "
            "loads or imports is sent again"
            if style.per_top
            else "it tracks imports per chain, without the top-level file, so a file "
            "imported twice is sent twice"
        )
        return (
            f"skipped as a second copy: {where} makes {style.agent} inline "
            f"{os.path.basename(target)} again here ({why}); files lists its text once, "
            f"at position {order + 1}"
        )

    def failure_note(self, style: ImportStyle, ref: ImportRef, *, missing: bool) -> str:
        """What gemini puts in place of a token it fails to read (a fork that leaves a
        missing file's token as written says so instead); a hint on punctuation (both
        agents read it as part of the path)."""
        note = ""
        if missing and style.comments and not style.missing_comment:
            note = f"; {style.agent} sends the {style.written.format(ref.target)} as written"
        elif style.comments:
            note = f"; {style.agent} writes <!-- Import failed: {ref.target} - … --> in its place"
        stripped = ref.target.rstrip(TRAILING_PUNCTUATION)
        if stripped != ref.target and stripped:
            note += (
                f" (the trailing {ref.target[len(stripped) :]!r} is part of the path for "
                f"{style.agent})"
            )
        return note

    def approval_note(self, style: ImportStyle, target: str, scope: ContextScope) -> list[str]:
        """Claude asks once per project before loading imports from outside the folder."""
        if not style.approval or scope is ContextScope.USER:
            return []
        if within(target, self.root):
            return []
        return [
            f"outside the working folder {self.root}: {style.agent} asks once per project "
            "before it loads such external imports, and never loads them if declined "
            "(code.claude.com/docs/en/memory, 2026-08-22)"
        ]

    def refusal(self, ref: ImportRef, target: str, top: str) -> str | None:
        """Why gemini refuses an import (a URL, or outside the project root), else None."""
        failed = f"<!-- Import failed: {ref.target} - Path traversal attempt -->"
        if is_url(ref.target):
            return f"gemini-cli does not import URLs and writes {failed}"
        root = self.confine_root(os.path.dirname(top))
        real = runmemo.realpath(_uri_decoded(target))
        real_root = runmemo.realpath(root)
        if within(real, real_root):
            return None
        shown = target if real == target else f"{target} (really {real})"
        return (
            f"{shown} is outside {root}, the project root of "
            f"{os.path.basename(top)}; gemini-cli confines imports to it by real path "
            f"(symlinks followed) and writes {failed}"
        )

    def confine_root(self, folder: str) -> str:
        """gemini's project root for a top-level file's folder: the nearest ancestor
        holding a boundary marker (existence, links followed), else the folder itself."""
        if folder in self.confine_roots:
            return self.confine_roots[folder]
        markers = [m for m in self.import_markers if not os.path.isabs(m) and ".." not in m]
        found = folder
        for candidate in reversed(ancestors(folder) if markers else []):
            paths = [os.path.join(candidate, m) for m in markers]
            self.watched.update(paths)
            if any(runmemo.exists(p) for p in paths):
                found = candidate
                break
        self.confine_roots[folder] = found
        return found

    # -- recording ----------------------------------------------------------------------

    def once(
        self,
        ref: ImportRef,
        path: str,
        scope: ContextScope,
        status: EntryStatus,
        reason: str,
        size: int | None,
        importer: str,
        *,
        sent_again: int | None = None,
    ) -> None:
        """Record an outcome once per import site: a chain gemini inlines twice would
        otherwise report the same broken ``@path`` twice."""
        key = (str(status), path, importer, str(ref.start), reason)
        if key in self.recorded:
            return
        self.recorded.add(key)
        self.add(path, scope, status, reason, size, importer=importer, line=ref.line,
                 sent_again=sent_again)  # fmt: skip

    def import_error(
        self, ref: ImportRef, path: str, scope: ContextScope, reason: str, importer: str
    ) -> None:
        """Record an import that does not load, pointing at its ``@path`` line."""
        self.once(ref, path, scope, EntryStatus.IMPORT_ERROR, reason, None, importer)
