"""Cursor: its instruction framing is not public.

Cursor documents its rule files, not the text it sends, and it ships no headless
package the oracle could run (docs/profiles.md). So these renderings carry the content
only, as discovery read it, and every output says "framing not documented". Nothing
here invents a wire format.
"""

from __future__ import annotations

from promptls.assembly.agents.common import content_only
from promptls.assembly.agents.model import AgentRendering
from promptls.discovery import Discovery

CURSOR_SOURCE = (
    "cursor.com/docs rules (which files, alwaysApply/globs); no public framing; read 2026-12-01"
)


def _rule_agent(found: Discovery, title: str, source: str, front_matter: str) -> AgentRendering:
    """An agent whose rule files carry front matter it may or may not send."""
    return content_only(
        found,
        title=title,
        placement="not documented",
        source=source,
        notes=(
            f"front matter ({front_matter}) is shown as read; whether {title} sends it "
            "is not documented",
        ),
        cache_note="not documented",
    )


def render_cursor(found: Discovery) -> AgentRendering:
    """Cursor's rules and AGENTS.md, content only."""
    return _rule_agent(found, "Cursor", CURSOR_SOURCE, ".mdc")
