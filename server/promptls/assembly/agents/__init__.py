"""Per-agent wire rendering: what each agent sends of its instruction files.

Each agent's framing lives in its home (``promptls/agents/<home>/framing.py``, a
``Framer``), found through the registry's ``home_parts``, so this module names no agent.
``render_agent(found)`` renders one profile's discovery the way that agent frames it
(sourced strings, or content only with "framing not documented"); ``render_prompt``
renders an assembled prompt as its profile's agent sends it (the reference agent's own
prompt, every other agent's framing of the discovery); ``measure`` places and counts
the pieces. docs/profiles.md has a dated "wire format" row per agent.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

from promptls.agents.registry import agent, home_parts
from promptls.assembly.agents.model import (
    AgentRendering,
    FileSpan,
    Framer,
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
    "AgentRendering",
    "FileSpan",
    "Framer",
    "Framing",
    "Measured",
    "Piece",
    "PieceKind",
    "PlacedPiece",
    "encoding",
    "framers",
    "measure",
    "measure_prompt",
    "render_agent",
    "render_prompt",
]


@cache
def framers() -> Mapping[str, Framer]:
    """Each agent's ``Framer`` by profile name, from its home's ``framing`` module.

    Loaded on first use: a framing imports this package's model, so loading the homes
    while this package is still being imported would go round in a circle.
    """
    found: dict[str, Framer] = {}
    for name, module in home_parts("framing").items():
        framer = getattr(module, "FRAMER", None)
        if not isinstance(framer, Framer):
            raise TypeError(f"{module.__name__}.FRAMER is not a Framer")
        found[name] = framer
    return MappingProxyType(found)


def _framer(profile: str) -> Framer:
    """The framing of ``profile``; ``UnknownAgentError`` for an unknown name, KeyError
    for an agent whose home has no framing."""
    return framers()[agent(profile).name]


def encoding(profile: str) -> str | None:
    """The tokenizer of the agent's models where one is known (None: estimated), and
    None for a profile with no framing of its own."""
    framer = framers().get(profile)
    return None if framer is None else framer.encoding


def render_agent(found: Discovery) -> AgentRendering:
    """``found`` as its agent puts it on the wire; KeyError for the reference agent (its
    wire text needs the assembled prompt: ``render_prompt``) and for an unknown profile."""
    render = _framer(found.profile).render
    if render is None:
        raise KeyError(found.profile)
    return render(found)


def render_prompt(prompt: AssembledPrompt) -> AgentRendering:
    """What ``prompt``'s agent sends of its instruction files: the assembled prompt itself
    for the reference agent, the agent's own framing of the discovery for every other."""
    framer = _framer(prompt.discovery.profile)
    if framer.render_prompt is not None:
        return framer.render_prompt(prompt)
    return render_agent(prompt.discovery)


def measure_prompt(prompt: AssembledPrompt) -> Measured:
    """``render_prompt`` placed and counted."""
    return measure(render_prompt(prompt))
