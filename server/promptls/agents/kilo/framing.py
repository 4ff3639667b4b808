"""Kilo Code: opencode's framing, kept by the fork: each instruction file as
``Instructions from: PATH`` plus its content, the parts joined by a newline.

Observed: oracle scenarios "kilo: ..." (``tests/oracle/scenarios.py``), Kilo 7.7.7
sends exactly the text ``promptls.agents.opencode.framing`` renders.
"""

from __future__ import annotations

from promptls.agents.opencode.framing import render_parts
from promptls.assembly.agents.model import AgentRendering, Framer
from promptls.discovery import Discovery

SOURCE = (
    "Kilo-Org/kilocode packages/opencode/src/session/instruction.ts system(), read "
    "2026-12-06; the system message @kilocode/cli 7.7.7 sends (promptls oracle)"
)


def render(found: Discovery) -> AgentRendering:
    """The instruction parts of Kilo's system message, in discovery order."""
    return render_parts(found, "Kilo Code", SOURCE)


FRAMER = Framer(render=render)
