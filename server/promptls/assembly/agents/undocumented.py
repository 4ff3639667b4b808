"""Claude Code, GitHub Copilot and Cursor: their instruction framing is not public.

Claude Code is closed source and its docs say what is loaded, not how it is framed;
Copilot and Cursor document their rule files, not the text they send. So these
renderings carry the content only, as discovery read it (Claude's block-level HTML
comments already removed, as Claude Code 2.1.72 does: ``discovery/comments.py``), and
every output says "framing not documented". Nothing here invents a wire format.
"""

from __future__ import annotations

from promptls.assembly.agents.common import content_only, importers
from promptls.assembly.agents.model import AgentRendering
from promptls.discovery import Discovery

CLAUDE_SOURCE = (
    "code.claude.com/docs/en/memory (what loads, imports, HTML comments), "
    "Claude Code CHANGELOG 2.1.72 (2026-03-10); no public framing; read 2026-12-01"
)
COPILOT_SOURCE = (
    "docs.github.com custom instructions (which files, applyTo); no public framing; read 2026-12-01"
)
CURSOR_SOURCE = (
    "cursor.com/docs rules (which files, alwaysApply/globs); no public framing; read 2026-12-01"
)


def render_claude(found: Discovery) -> AgentRendering:
    """Claude Code's memory files, content only."""
    notes = ["block-level HTML comments are removed, as Claude Code does since 2.1.72"]
    if importers(found):
        notes.append(
            "imported files are shown after the file that imports them; the docs say they "
            "are loaded at launch with it, not where their text is placed"
        )
    return content_only(
        found,
        title="Claude Code",
        placement="not documented (the docs say the files are loaded into context at launch)",
        source=CLAUDE_SOURCE,
        notes=tuple(notes),
        cache_note="where Claude Code puts its cache breakpoints is not documented",
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


def render_copilot(found: Discovery) -> AgentRendering:
    """GitHub Copilot's instruction files, content only."""
    return _rule_agent(found, "GitHub Copilot", COPILOT_SOURCE, "applyTo")


def render_cursor(found: Discovery) -> AgentRendering:
    """Cursor's rules and AGENTS.md, content only."""
    return _rule_agent(found, "Cursor", CURSOR_SOURCE, ".mdc")
