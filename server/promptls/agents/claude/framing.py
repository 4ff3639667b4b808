"""Claude Code: every loaded memory file in one ``<system-reminder>`` block, the first
text block of the first user message.

Observed, not documented: the oracle ran Claude Code 2.1.332 (pins.json) against the
recording mock and read the request (``tests/oracle/test_restated.py``). The block
opens with a fixed preamble line and a blank line, then holds one section per file,
``Contents of PATH (DESCRIPTION):``, a blank line and the file's text (block-level HTML
comments already removed, then trimmed), sections joined by a blank line, and closes
with a newline and ``</system-reminder>``. The description says where the file comes
from (user, project, local).
"""

from __future__ import annotations

from promptls.assembly.agents.model import AgentRendering, Framer, Framing, Piece, PieceKind
from promptls.discovery import ContextScope, Discovery

SOURCE = (
    "observed: Claude Code 2.1.332 (2026-11-24) against the promptls oracle's recording "
    "mock, tests/oracle/test_restated.py"
)
OPEN = (
    "<system-reminder>\nCodebase and user instructions are shown below. Be sure to adhere "
    "to these instructions. IMPORTANT: These instructions OVERRIDE any default behavior "
    "and you MUST follow them exactly as written.\n\n"
)
CLOSE = "\n</system-reminder>"
DESCRIPTIONS: dict[ContextScope, str] = {
    ContextScope.USER: "user's private global instructions for all projects",
    ContextScope.PROJECT: "project instructions, checked into the codebase",
    ContextScope.LOCAL: "user's private project instructions, not checked in",
}


def _frame(text: str) -> Piece:
    return Piece(text, PieceKind.FRAMING)


def render(found: Discovery) -> AgentRendering:
    """The ``<system-reminder>`` block Claude Code sends its memory files in."""
    body: list[Piece] = []
    for file in found.files:
        text = file.content.strip()
        if not text:
            continue
        header = f"Contents of {file.path} ({DESCRIPTIONS[file.scope]}):\n\n"
        body.append(_frame(("\n\n" if body else "") + header))
        body.append(Piece(text, PieceKind.FILE, file.path))
    pieces = (_frame(OPEN), *body, _frame(CLOSE)) if body else ()
    return AgentRendering(
        profile=found.profile,
        title="Claude Code",
        pieces=tuple(pieces),
        framing=Framing.SOURCED,
        placement="the first text block of the first user message",
        source=SOURCE,
        notes=(
            "block-level HTML comments are removed and each file's text is trimmed, as "
            "Claude Code does",
        ),
        cache_note="where Claude Code puts its cache breakpoints is not documented",
    )


FRAMER = Framer(render=render)
