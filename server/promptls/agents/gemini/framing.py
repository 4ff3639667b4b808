"""Gemini CLI: per-file ``Context from`` blocks, user files in the system instruction,
project files in the first user message.

Observed: the oracle ran Gemini CLI 0.61.0 (pins.json) against the recording mock
(``tests/oracle/test_restated.py``). User-level files end the system instruction
in ``<loaded_context>`` (no group tag); the others end the first user message's
``<session_context>`` in ``<loaded_context>`` / ``<project_context>``. The blocks are
as google-gemini/gemini-cli @ 5411f113 ``memoryDiscovery.ts``
``concatenateInstructions`` writes them (content trimmed, ``--- Context from: PATH
---`` / ``--- End of Context from: PATH ---``, joined by a blank line). Imports are
inlined by ``memoryImportProcessor.ts`` between ``<!-- Imported from: X -->`` and
``<!-- End of import from: X -->`` before the trim, and an import already on the
chain becomes ``<!-- File already processed: X -->``.
An import gemini could not read leaves a message that depends on its file system
error, so promptls keeps the ``@path`` as written there and says so.
"""

from __future__ import annotations

from promptls.assembly.agents.model import AgentRendering, Framer, Framing, Piece, PieceKind
from promptls.discovery import ContextFile, ContextScope, Discovery, EntryStatus
from promptls.discovery.follow import MISSING
from promptls.discovery.imports import find_imports, resolve_import

SOURCE = (
    "observed: Gemini CLI 0.61.0 (2026-09-24) against the promptls oracle's recording "
    "mock; blocks from google-gemini/gemini-cli @ 5411f113 memoryDiscovery.ts "
    "concatenateInstructions"
)
SYSTEM_OPEN = "<loaded_context>\n"
SYSTEM_CLOSE = "\n</loaded_context>"
SESSION_OPEN = "\n<loaded_context>\n<project_context>\n"
SESSION_CLOSE = "\n</project_context>\n</loaded_context>"
FAILED_NOTE = (
    "an import gemini could not read for another reason than a missing file stays as "
    "the @path here; gemini writes <!-- Import failed: PATH - REASON --> with its file "
    "system's message"
)


class Imports:
    """Expands ``@path`` tokens the way memoryImportProcessor.ts does, from the files
    discovery already read (it follows the same imports, so each is there).

    Public for gemini-cli's forks: ``style`` names their import dialect, and
    ``enoent`` False leaves a missing file's token as written (Qwen Code) instead of
    gemini's ``Import failed`` comment."""

    def __init__(self, found: Discovery, style: str = "gemini", *, enoent: bool = True) -> None:
        self.style = style
        self.enoent = enoent
        self.content = {f.path: f.content for f in found.files}
        self.imported = {
            e.path
            for e in found.entries
            if e.status is EntryStatus.IMPORTED and e.imported_from is not None
        }
        self.missing = {
            e.path
            for e in found.entries
            if e.status is EntryStatus.IMPORT_ERROR and f"{e.path} {MISSING}" in e.reason
        }
        self.failed = False

    def expand(self, path: str, chain: tuple[str, ...]) -> list[Piece]:
        """``path``'s text with its imports inlined, as pieces."""
        text = self.content.get(path, "")
        pieces: list[Piece] = []
        cursor = 0
        for ref in find_imports(text, self.style):
            target = self._target(path, ref.target)
            if target is not None and target in chain:
                inline = [frame(f"<!-- File already processed: {ref.target} -->")]
            elif target is not None:
                inline = [
                    frame(f"<!-- Imported from: {ref.target} -->\n"),
                    *self.expand(target, (*chain, target)),
                    frame(f"\n<!-- End of import from: {ref.target} -->"),
                ]
            elif (missing := resolve_import(ref.target, path, None)) in self.missing:
                if not self.enoent:
                    continue
                # node's fs.access message for a missing file (oracle, Gemini CLI 0.61.0)
                reason = f"ENOENT: no such file or directory, access '{missing}'"
                inline = [frame(f"<!-- Import failed: {ref.target} - {reason} -->")]
            else:
                self.failed = True
                continue
            pieces.append(Piece(text[cursor : ref.start], PieceKind.FILE, path, cached=True))
            pieces.extend(inline)
            cursor = ref.end
        pieces.append(Piece(text[cursor:], PieceKind.FILE, path, cached=True))
        return pieces

    def _target(self, importer: str, written: str) -> str | None:
        """The loaded file a token names, or None when discovery did not load it."""
        resolved = resolve_import(written, importer, None)
        if resolved in self.content:
            return resolved
        if written.startswith("~/"):
            return next((p for p in sorted(self.imported) if p.endswith(written[1:])), None)
        return None


def frame(text: str) -> Piece:
    """Framing text the agent adds (cached with the files around it)."""
    return Piece(text, PieceKind.FRAMING, cached=True)


def trimmed(pieces: list[Piece]) -> list[Piece]:
    """``content.trim()`` over the expanded text, piece by piece."""
    out = [p for p in pieces if p.text]
    while out and not out[0].text.strip():
        out.pop(0)
    while out and not out[-1].text.strip():
        out.pop()
    if out:
        first, last = out[0], out[-1]
        out[0] = Piece(first.text.lstrip(), first.kind, first.path, first.cached)
        last = out[-1]
        out[-1] = Piece(last.text.rstrip(), last.kind, last.path, last.cached)
    return out


def block(
    file: ContextFile, imports: Imports, shown: str | None = None, chain: tuple[str, ...] = ()
) -> list[Piece]:
    """One ``Context from`` block: header, content with imports inlined and trimmed,
    footer. ``shown`` is the path as the header names it (gemini: the absolute path);
    ``chain`` starts every import chain (gemini: empty, the top-level file left out)."""
    name = file.path if shown is None else shown
    return [
        frame(f"--- Context from: {name} ---\n"),
        *trimmed(imports.expand(file.path, chain)),
        frame(f"\n--- End of Context from: {name} ---"),
    ]


def section(blocks: list[list[Piece]]) -> list[Piece]:
    """Blocks joined by a blank line."""
    out: list[Piece] = []
    for index, block in enumerate(blocks):
        if index:
            out.append(frame("\n\n"))
        out.extend(block)
    return out


def render(found: Discovery) -> AgentRendering:
    """User files as they end the system instruction, then project files as they end
    the first user message's session context."""
    imports = Imports(found)
    user: list[list[Piece]] = []
    project: list[list[Piece]] = []
    for file in found.files:
        if file.content.strip() and file.path not in imports.imported:
            group = user if file.scope is ContextScope.USER else project
            group.append(block(file, imports))
    pieces: list[Piece] = []
    if user:
        pieces += [frame(SYSTEM_OPEN), *section(user), frame(SYSTEM_CLOSE)]
    if project:
        pieces += [frame(SESSION_OPEN), *section(project), frame(SESSION_CLOSE)]
    notes = [
        "user files end the system instruction (after gemini's own context heading); "
        "project files end the session context of the first user message; the wire "
        "text here is the first part followed by the second",
        "files gemini loads later (when it reads a file in a folder) come as tool output, not here",
    ]
    if imports.failed:
        notes.append(FAILED_NOTE)
    return AgentRendering(
        profile=found.profile,
        title="Gemini CLI",
        pieces=tuple(pieces),
        framing=Framing.SOURCED,
        placement=(
            "user files: end of the system instruction; project files: end of the "
            "first user message's session context"
        ),
        source=SOURCE,
        notes=tuple(notes),
        cache_note=(
            "sent unchanged every turn at the start of the conversation: in the prefix "
            "Gemini's implicit caching reuses"
        ),
    )


FRAMER = Framer(render=render)
