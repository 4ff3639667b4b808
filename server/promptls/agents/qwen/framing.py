"""Qwen Code: gemini-cli's ``Context from`` blocks, named relative to the working
folder, then ``Rule from`` blocks, all at the end of the system prompt.

Observed: the oracle ran Qwen Code 0.24.4 (pins.json) against the recording mock
(``tests/oracle/test_restated.py``). The system message is Qwen's own prompt, a
``---`` line, then the memory text, then another ``---`` line and its auto-memory
section. The memory text is ``concatenateInstructions`` of the package's bundled
``memoryDiscovery.ts`` (read 2026-12-06): per file ``--- Context from: PATH ---``, the
content with its imports inlined and trimmed, ``--- End of Context from: PATH ---``,
joined by a blank line, PATH relative to the working folder; then, after a blank
line, the always-on rules of ``rulesDiscovery.ts`` as ``--- Rule from: PATH ---``
blocks (PATH relative to the project root; the body without front matter and HTML
comments, trimmed). Imports are gemini-cli's blocks (``Imports`` of the gemini home),
except that a missing file leaves its ``@path`` as written.
"""

from __future__ import annotations

import os
import re

from promptls.agents.gemini.framing import Imports, block, frame, section
from promptls.assembly.agents.model import AgentRendering, Framer, Framing, Piece, PieceKind
from promptls.discovery import ContextFile, Discovery

SOURCE = (
    "observed: Qwen Code 0.24.4 (2026-09-22) against the promptls oracle's recording "
    "mock; blocks from its bundled memoryDiscovery.ts concatenateInstructions and "
    "rulesDiscovery.ts formatRules"
)
_FRONT_MATTER = re.compile(r"^---\n([\s\S]*?)\n---(?:\n|$)([\s\S]*)$")
_COMMENT = re.compile(r"<!--[\s\S]*?-->")


def rule_body(text: str) -> str:
    """A rule file's text as Qwen Code sends it (``parseRuleFile``): line ends made
    ``\\n``, front matter dropped, every HTML comment removed, trimmed."""
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    match = _FRONT_MATTER.match(text)
    body = match.group(2) if match else text
    while True:
        stripped = _COMMENT.sub("", body)
        if stripped == body:
            break
        body = stripped
    return body.replace("<!--", "").strip()


def _rule(file: ContextFile, root: str) -> list[Piece]:
    shown = os.path.relpath(file.path, root)
    return [
        frame(f"--- Rule from: {shown} ---\n"),
        Piece(rule_body(file.content), PieceKind.FILE, file.path, cached=True),
        frame(f"\n--- End of Rule from: {shown} ---"),
    ]


def render(found: Discovery) -> AgentRendering:
    """Context files, then rules, as they end Qwen Code's system prompt."""
    imports = Imports(found, "qwen", enoent=False)
    rules = {e.path for e in found.entries if "rules file" in e.reason}
    context: list[list[Piece]] = []
    always: list[list[Piece]] = []
    for file in found.files:
        if file.path in imports.imported:
            continue
        if file.path in rules:
            if rule_body(file.content):
                always.append(_rule(file, found.project_root))
        elif file.content.strip():
            shown = os.path.relpath(file.path, found.root)
            context.append(block(file, imports, shown, (file.path,)))
    pieces = section(context)
    if context and always:
        pieces.append(frame("\n\n"))
    pieces += section(always)
    notes = [
        "the end of the system prompt, between two --- lines; Qwen Code's "
        "output-language.md and auto memory come after these files",
        "rules with paths: front matter come later, when the agent touches a matching file",
    ]
    if imports.failed:
        notes.append(
            "an import Qwen Code could not read for another reason than a missing file "
            "stays as the @path here; Qwen Code writes <!-- Import failed: PATH - REASON -->"
        )
    return AgentRendering(
        profile=found.profile,
        title="Qwen Code",
        pieces=tuple(pieces),
        framing=Framing.SOURCED,
        placement="end of the system prompt",
        source=SOURCE,
        notes=tuple(notes),
        cache_note="sent unchanged every turn in the system prompt: in the cached prefix",
    )


FRAMER = Framer(render=render)
