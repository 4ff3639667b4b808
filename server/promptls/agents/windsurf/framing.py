"""Windsurf: its instruction framing is not public.

Windsurf documents which rule files Cascade uses and when, not the text it sends, and it
ships no headless package the oracle could run (docs/profiles.md). So its rendering
carries the content only, as discovery read it, and every output says "framing not
documented". Nothing here invents a wire format.
"""

from __future__ import annotations

from promptls.assembly.agents.common import content_only
from promptls.assembly.agents.model import AgentRendering, Framer
from promptls.discovery import Discovery

SOURCE = (
    "docs.windsurf.com/windsurf/cascade/memories and /agents-md (which files, trigger "
    "modes); no public framing; read 2026-12-06"
)


def render(found: Discovery) -> AgentRendering:
    """Windsurf's rules, AGENTS.md and global rules, content only, front matter as read."""
    return content_only(
        found,
        title="Windsurf",
        placement="the system prompt (always-on rules, per the docs); exact place not documented",
        source=SOURCE,
        notes=("front matter is shown as read; whether Windsurf sends it is not documented",),
        cache_note="not documented",
    )


FRAMER = Framer(render=render)
