"""GitHub Copilot CLI: each instruction file in a ``<custom_instruction>`` element of the
system message.

Observed, not documented: the oracle ran Copilot CLI 1.0.102 (pins.json) against the
recording mock (``tests/oracle/test_restated.py``). Each file's text as read (not
trimmed) goes between ``<custom_instruction>`` and a newline plus
``</custom_instruction>``, elements joined by a blank line, near the end of the system
message. The files ``AGENTS.md`` and ``CLAUDE.md`` import are inlined after their token
(``agents/copilot/imports.py``): a blank line, ``<imported_custom_instruction
source="PATH">``, the imported text with its own imports inlined and its end trimmed, a
newline and the closing tag; a file already inlined into the same top-level file, or the
top-level file itself, gets an empty ``skipped="already-loaded"`` element instead
(oracle scenarios "copilot: imports in AGENTS.md and CLAUDE.md are inlined", "copilot:
import depth, cycles and repeats", "copilot: a file loaded on its own is not inlined
past the hop limit").
"""

from __future__ import annotations

from promptls.agents.copilot.imports import HOPS, STYLE
from promptls.assembly.agents.model import AgentRendering, Framer, Framing, Piece, PieceKind
from promptls.discovery import Discovery, EntryStatus
from promptls.discovery.imports import find_imports, resolve_import

SOURCE = (
    "observed: GitHub Copilot CLI 1.0.102 (2026-10-21) against the promptls oracle's "
    "recording mock, tests/oracle/test_restated.py"
)
OPEN = "<custom_instruction>\n"
CLOSE = "\n</custom_instruction>"


class _Inliner:
    """Copilot's import expansion over the files discovery read (it follows the same
    imports, so every file Copilot inlines is there; one it left out is not)."""

    def __init__(self, found: Discovery) -> None:
        self.content = {f.path: f.content for f in found.files}
        top = {EntryStatus.LOADED, EntryStatus.CUT}
        self.imported = {e.path for e in found.entries if e.status is EntryStatus.IMPORTED} - {
            e.path for e in found.entries if e.status in top
        }

    def expand(self, path: str, text: str, seen: set[str], hop: int = 0) -> list[Piece]:
        """``text`` (of ``path``, ``hop`` imports from its top-level file) with its
        imports inlined; ``seen`` holds the files already inlined into this top-level
        file, the top-level file first. Past ``HOPS`` a token stays as written, even when
        its file is here because Copilot sends it on its own."""
        pieces: list[Piece] = []
        cursor = 0
        if hop >= HOPS:
            return [Piece(text, PieceKind.FILE, path)]
        for ref in find_imports(text, STYLE):
            target = resolve_import(ref.target, path, None)
            if target is None or target not in self.content:
                continue  # missing, a folder, outside the repository, too deep: left alone
            pieces.append(Piece(text[cursor : ref.end], PieceKind.FILE, path))
            cursor = ref.end
            opening = f'\n\n<imported_custom_instruction source="{target}"'
            if target in seen:
                pieces.append(Piece(f'{opening} skipped="already-loaded" />', PieceKind.FRAMING))
                continue
            seen.add(target)
            pieces.append(Piece(opening + ">\n", PieceKind.FRAMING))
            pieces.extend(_trim_end(self.expand(target, self.content[target], seen, hop + 1)))
            pieces.append(Piece("\n</imported_custom_instruction>", PieceKind.FRAMING))
        pieces.append(Piece(text[cursor:], PieceKind.FILE, path))
        return pieces


def _trim_end(pieces: list[Piece]) -> list[Piece]:
    """JavaScript's ``trimEnd`` over the expanded text, piece by piece."""
    out = [p for p in pieces if p.text]
    while out and not out[-1].text.rstrip():
        out.pop()
    if out:
        last = out[-1]
        out[-1] = Piece(last.text.rstrip(), last.kind, last.path, last.cached)
    return out


def render(found: Discovery) -> AgentRendering:
    """The ``<custom_instruction>`` elements Copilot CLI puts in its system message."""
    pieces: list[Piece] = []
    inliner = _Inliner(found)
    for file in found.files:
        if file.path in inliner.imported:
            continue  # sent inside the file that imports it
        # blank and empty files are sent too (oracle scenario "copilot: no .claude/CLAUDE.md,
        # and a whitespace-only file is sent", 1.0.102)
        if pieces:
            pieces.append(Piece("\n\n", PieceKind.FRAMING))
        pieces.append(Piece(OPEN, PieceKind.FRAMING))
        if STYLE.follows_in(file.path):
            pieces.extend(inliner.expand(file.path, file.content, {file.path}))
        else:
            pieces.append(Piece(file.content, PieceKind.FILE, file.path))
        pieces.append(Piece(CLOSE, PieceKind.FRAMING))
    return AgentRendering(
        profile=found.profile,
        title="GitHub Copilot",
        pieces=tuple(pieces),
        framing=Framing.SOURCED,
        placement="the system message, after the tool instructions",
        source=SOURCE,
        notes=(
            "observed with Copilot CLI; the VS Code extension and GitHub.com may frame "
            "the same files differently",
        ),
        cache_note="not documented",
    )


FRAMER = Framer(render=render)
