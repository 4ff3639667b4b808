"""Per-agent wire rendering: what each agent sends of its instruction files.

``render_agent(found)`` renders one profile's discovery the way that agent frames it
(sourced strings, or content only with "framing not documented"); ``render_or`` does
the same for the assembled Or prompt; ``measure`` places and counts the pieces. Each
agent's module names the upstream code or docs it follows, and docs/profiles.md has a
dated "wire format" row per agent.
"""

from __future__ import annotations

from collections.abc import Callable

from promptls.assembly.agents import claude, codex, copilot, gemini, opencode, orref, undocumented
from promptls.assembly.agents.model import (
    AgentRendering,
    FileSpan,
    Framing,
    Measured,
    Piece,
    PieceKind,
    PlacedPiece,
    measure,
)
from promptls.assembly.assemble import AssembledPrompt
from promptls.discovery import Discovery

__all__ = [
    "ENCODINGS",
    "RENDERERS",
    "AgentRendering",
    "FileSpan",
    "Framing",
    "Measured",
    "Piece",
    "PieceKind",
    "PlacedPiece",
    "measure",
    "measure_prompt",
    "render_agent",
    "render_or",
]

RENDERERS: dict[str, Callable[[Discovery], AgentRendering]] = {
    "codex": codex.render,
    "gemini": gemini.render,
    "opencode": opencode.render,
    "claude": claude.render,
    "copilot": copilot.render,
    "cursor": undocumented.render_cursor,
}
"""One renderer per profile except ``or``, whose prompt is assembled (``render_or``)."""

render_or = orref.render

ENCODINGS: dict[str, str] = {"codex": codex.ENCODING}
"""The tokenizer each agent's model uses, where one is known; the others are estimated."""


def render_agent(found: Discovery) -> AgentRendering:
    """``found`` as its agent puts it on the wire; KeyError for ``or`` (use
    ``render_or`` on the assembled prompt) and for an unknown profile."""
    return RENDERERS[found.profile](found)


def measure_prompt(prompt: AssembledPrompt) -> Measured:
    """What the prompt's agent sends of its instruction files, measured: the Or prompt
    itself for ``or``, the agent's own framing of the discovery for every other."""
    found = prompt.discovery
    return measure(render_or(prompt) if found.profile not in RENDERERS else render_agent(found))
