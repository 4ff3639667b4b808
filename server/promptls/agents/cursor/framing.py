"""Cursor: its instruction framing is not public.

Cursor documents its rule files, not the text it sends, and it ships no headless
package the oracle could run (docs/profiles.md). So its rendering carries the content
only, as discovery read it, and every output says "framing not documented". Nothing
here invents a wire format.
"""

from __future__ import annotations

from promptls.assembly.agents.common import content_only
from promptls.assembly.agents.model import AgentRendering, Framer
from promptls.discovery import Discovery

SOURCE = (
    "cursor.com/docs rules (which files, alwaysApply/globs); no public framing; read 2026-12-01"
)


def render(found: Discovery) -> AgentRendering:
    """Cursor's rules and AGENTS.md, content only; the rules' ``.mdc`` front matter as read."""
    return content_only(
        found,
        title="Cursor",
        placement="not documented",
        source=SOURCE,
        notes=("front matter (.mdc) is shown as read; whether Cursor sends it is not documented",),
        cache_note="not documented",
    )


FRAMER = Framer(render=render)
