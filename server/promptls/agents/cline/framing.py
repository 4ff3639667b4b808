"""Cline CLI: one ``# Rules`` section at the end of the system prompt, a ``## NAME``
heading per rule.

Observed: the oracle ran Cline CLI 3.0.65 (pins.json) against the recording mock
(``tests/oracle/test_restated.py``). After the rest of its system prompt and a blank
line comes ``# Rules``, then for each rule, in name order, ``## NAME``, a newline and the
rule's body (front matter removed, trimmed), the rules joined by a blank line. The name
is the rule's ``name`` key or its file name without the extension (``rules.py``).
"""

from __future__ import annotations

from promptls.agents.cline.rules import read_rule
from promptls.assembly.agents.model import AgentRendering, Framer, Framing, Piece, PieceKind
from promptls.discovery import Discovery

SOURCE = (
    "observed: Cline CLI 3.0.65 (2026-09-27) against the promptls oracle's recording "
    "mock, tests/oracle/test_restated.py"
)
HEADING = "# Rules\n"


def render(found: Discovery) -> AgentRendering:
    """The ``# Rules`` section Cline appends to its system prompt."""
    pieces: list[Piece] = []
    for file in found.files:
        rule = read_rule(file.content, file.path, found.root, found.home)
        if not rule.body:
            continue
        head = f"## {rule.name}\n"
        pieces.append(Piece(("\n\n" if pieces else HEADING) + head, PieceKind.FRAMING))
        pieces.append(Piece(rule.body, PieceKind.FILE, file.path))
    return AgentRendering(
        profile=found.profile,
        title="Cline",
        pieces=tuple(pieces),
        framing=Framing.SOURCED,
        placement="the end of the system message",
        source=SOURCE,
        notes=(
            "front matter is removed and each rule's text is trimmed, as Cline CLI does",
            "observed with Cline CLI; the VS Code extension may frame the same rules differently",
        ),
        cache_note="not documented",
    )


FRAMER = Framer(render=render)
