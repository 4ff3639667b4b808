"""Kiro: its instruction framing is not public.

Kiro documents which steering files it includes and when, not the text it sends, and it
ships no headless package the oracle could run (docs/profiles.md). So its rendering
carries the content only, as discovery read it, and every output says "framing not
documented". Nothing here invents a wire format.
"""

from __future__ import annotations

from promptls.assembly.agents.common import content_only
from promptls.assembly.agents.model import AgentRendering, Framer
from promptls.discovery import Discovery

SOURCE = "kiro.dev/docs/steering (which files, inclusion modes); no public framing; read 2026-12-06"


def render(found: Discovery) -> AgentRendering:
    """Kiro's steering files and AGENTS.md, content only, front matter as read."""
    return content_only(
        found,
        title="Kiro",
        placement="not documented",
        source=SOURCE,
        notes=("front matter is shown as read; whether Kiro sends it is not documented",),
        cache_note="not documented",
    )


FRAMER = Framer(render=render)
