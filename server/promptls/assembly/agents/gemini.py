"""Gemini CLI: per-file ``Context from`` blocks in tagged groups, appended to the
system instruction.

Sourced from google-gemini/gemini-cli @ 5411f113 (2026-08-21, read 2026-12-01):
``packages/core/src/utils/memoryDiscovery.ts`` ``concatenateInstructions`` (content
trimmed, ``--- Context from: PATH ---`` / ``--- End of Context from: PATH ---``, blocks
joined by a blank line) and ``packages/core/src/prompts/snippets.ts``
``renderUserMemory`` (``<global_context>``, ``<extension_context>``,
``<project_context>`` groups joined by a newline inside ``<loaded_context>``, after a
``---`` rule). Imports are inlined by ``memoryImportProcessor.ts`` between
``<!-- Imported from: X -->`` and ``<!-- End of import from: X -->`` before the
trim, and an import already on the chain becomes ``<!-- File already processed: X -->``.
An import gemini could not read leaves a message that depends on its file system
error, so promptls keeps the ``@path`` as written there and says so.
"""

from __future__ import annotations

from promptls.assembly.agents.model import AgentRendering, Framing, Piece, PieceKind
from promptls.discovery import ContextFile, ContextScope, Discovery, EntryStatus
from promptls.discovery.imports import find_imports, resolve_import

SOURCE = (
    "google-gemini/gemini-cli @ 5411f113 (2026-08-21): packages/core/src/utils/"
    "memoryDiscovery.ts concatenateInstructions; packages/core/src/prompts/snippets.ts "
    "renderUserMemory; read 2026-12-01"
)
PREFIX = "\n---\n\n<loaded_context>\n"
SUFFIX = "\n</loaded_context>"
FAILED_NOTE = (
    "an import gemini could not read stays as the @path here; gemini writes "
    "<!-- Import failed: PATH - REASON --> with its file system's message"
)


class _Imports:
    """Expands ``@path`` tokens the way memoryImportProcessor.ts does, from the files
    discovery already read (it follows the same imports, so each is there)."""

    def __init__(self, found: Discovery) -> None:
        self.content = {f.path: f.content for f in found.files}
        self.imported = {
            e.path
            for e in found.entries
            if e.status is EntryStatus.IMPORTED and e.imported_from is not None
        }
        self.failed = False

    def expand(self, path: str, chain: tuple[str, ...]) -> list[Piece]:
        """``path``'s text with its imports inlined, as pieces."""
        text = self.content.get(path, "")
        pieces: list[Piece] = []
        cursor = 0
        for ref in find_imports(text, "gemini"):
            target = self._target(path, ref.target)
            if target is not None and target in chain:
                inline = [_frame(f"<!-- File already processed: {ref.target} -->")]
            elif target is not None:
                inline = [
                    _frame(f"<!-- Imported from: {ref.target} -->\n"),
                    *self.expand(target, (*chain, target)),
                    _frame(f"\n<!-- End of import from: {ref.target} -->"),
                ]
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


def _frame(text: str) -> Piece:
    return Piece(text, PieceKind.FRAMING, cached=True)


def _trimmed(pieces: list[Piece]) -> list[Piece]:
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


def _block(file: ContextFile, imports: _Imports) -> list[Piece]:
    """One ``Context from`` block: header, content with imports inlined and trimmed,
    footer."""
    return [
        _frame(f"--- Context from: {file.path} ---\n"),
        *_trimmed(imports.expand(file.path, ())),
        _frame(f"\n--- End of Context from: {file.path} ---"),
    ]


def render(found: Discovery) -> AgentRendering:
    """The ``<loaded_context>`` section gemini appends to its system instruction."""
    imports = _Imports(found)
    groups: dict[str, list[ContextFile]] = {"global": [], "project": []}
    for file in found.files:
        if file.content.strip() and file.path not in imports.imported:
            key = "global" if file.scope is ContextScope.USER else "project"
            groups[key].append(file)
    sections: list[list[Piece]] = []
    for name, files in groups.items():
        if not files:
            continue
        section = [Piece(f"<{name}_context>\n", PieceKind.FRAMING, cached=True)]
        for index, file in enumerate(files):
            if index:
                section.append(Piece("\n\n", PieceKind.FRAMING, cached=True))
            section.extend(_block(file, imports))
        section.append(Piece(f"\n</{name}_context>", PieceKind.FRAMING, cached=True))
        sections.append(section)
    pieces: list[Piece] = []
    if sections:
        pieces.append(Piece(PREFIX, PieceKind.FRAMING, cached=True))
        for index, section in enumerate(sections):
            if index:
                pieces.append(Piece("\n", PieceKind.FRAMING, cached=True))
            pieces.extend(section)
        pieces.append(Piece(SUFFIX, PieceKind.FRAMING, cached=True))
    notes = [
        "appended to the end of the system instruction; files gemini loads later "
        "(when it reads a file in a folder) come as tool output, not here",
    ]
    if imports.failed:
        notes.append(FAILED_NOTE)
    return AgentRendering(
        profile=found.profile,
        title="Gemini CLI",
        pieces=tuple(pieces),
        framing=Framing.SOURCED,
        placement="end of the system instruction",
        source=SOURCE,
        notes=tuple(notes),
        cache_note=(
            "part of the system instruction, sent unchanged every turn: in the prefix "
            "Gemini's implicit caching reuses"
        ),
    )
