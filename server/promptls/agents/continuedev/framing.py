"""The Continue CLI: one ``<context name="userRules">`` block at the end of the system
message.

Observed: ``cn`` 1.5.47 against the oracle's recording mock (scenarios "continue: ..."
in ``tests/oracle/scenarios.py``). After the rest of its system message and a blank line
comes ``<context name="userRules">``, a newline and the agent file as read; then, after
a blank line (a newline when there is no agent file), the rules' texts (``rules.py``)
joined by a blank line; then a newline and ``</context>``. Nothing is escaped and no
file is named. Without an agent file and rules there is no block.
"""

from __future__ import annotations

from promptls.agents.continuedev.discovery import is_agent_file
from promptls.agents.continuedev.rules import read_rule
from promptls.assembly.agents.model import AgentRendering, Framer, Framing, Piece, PieceKind
from promptls.discovery import Discovery

SOURCE = (
    "observed: Continue CLI 1.5.47 (2026-09-08) against the promptls oracle's recording "
    "mock, tests/oracle/scenarios.py; src/systemMessage.ts in its bundle, read 2026-12-07"
)
OPEN = '<context name="userRules">\n'
CLOSE = "\n</context>"


def render(found: Discovery) -> AgentRendering:
    """The ``userRules`` block ``cn`` appends to its system message."""
    pieces: list[Piece] = []
    for file in found.files:
        # the agent file comes first (discovery.py) and goes as read
        agent = is_agent_file(file.path, found.root)
        text = file.content if agent else read_rule(file.content).body
        pieces.append(Piece("\n\n" if pieces else OPEN, PieceKind.FRAMING))
        pieces.append(Piece(text, PieceKind.FILE, file.path))
    if pieces:
        pieces.append(Piece(CLOSE, PieceKind.FRAMING))
    return AgentRendering(
        profile=found.profile,
        title="Continue CLI",
        pieces=tuple(pieces),
        framing=Framing.SOURCED,
        placement="the end of the system message",
        source=SOURCE,
        notes=(
            "the agent file is sent as read; a rule's front matter is removed and its text "
            "trimmed, as cn does",
            "rules from config.yaml (rules:) come between the agent file and the rule files "
            "and are not shown",
        ),
        cache_note="not documented",
    )


FRAMER = Framer(render=render)
