"""The agents promptls knows, one line each, and the one way to look a name up.

Every name that comes in (configuration, ``--profile``, the editor's settings, an MCP
call) goes through ``agent``: an unknown name is an ``UnknownAgentError`` error naming the
known ones, never a silent fallback to another agent's rules.

How to add an agent:

1. Create ``promptls/agents/<home>/__init__.py`` with ``PROFILE = Profile(...)``
   (``promptls.agents.model``): every value with its source and the date it was read.
2. Put the agent's own behaviour beside it in that folder, one module per part, named
   as the generic code looks it up through ``home_parts``: ``framing.py`` (its wire
   framing, ``FRAMER``), ``oracle.py`` (how the oracle runs it, ``ADAPTER`` and
   ``USER``), ...; leave a part out when the agent does what the generic code does.
3. Add one line to ``HOMES`` below. The order is the order of every list a user sees.
4. Add its tests and docs (``docs/profiles.md``), then run ``scripts/gen-api`` so the
   editors' generated clients list it.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Mapping
from types import MappingProxyType, ModuleType

from promptls.agents.model import Profile, Walk

HOMES: tuple[str, ...] = (
    "orref",
    "claude",
    "codex",
    "gemini",
    "copilot",
    "cursor",
    "opencode",
    "kilo",
    "qwen",
    "cline",
    "windsurf",
    "kiro",
    "crush",
    "continuedev",
)
"""The agents' homes under ``promptls/agents``, in the order users see them."""


def _load() -> Mapping[str, Profile]:
    """Each home's ``PROFILE``, keyed by the agent's name."""
    found: dict[str, Profile] = {}
    for home in HOMES:
        profile = importlib.import_module(f"promptls.agents.{home}").PROFILE
        if not isinstance(profile, Profile):
            raise TypeError(f"promptls.agents.{home}.PROFILE is not a Profile")
        found[profile.name] = profile
    return MappingProxyType(found)


PROFILES: Mapping[str, Profile] = _load()
"""Every agent's profile by name, in ``HOMES`` order."""

DEFAULT_PROFILE = "or"
"""The agent shown when none is configured: the reference agent."""

AUTO_PROFILE = "auto"
"""The spelling of "no profile configured" where a value must be given (config, CLI)."""


class UnknownAgentError(KeyError, ValueError):
    """A profile name no home answers to; the message lists the known names."""

    def __init__(self, name: object) -> None:
        """The error for ``name``."""
        super().__init__(name)
        self.name = name

    def __str__(self) -> str:
        """``unknown profile 'x' (known: or, claude, ...)``."""
        return f"unknown profile {self.name!r} (known: {', '.join(PROFILES)})"


def agent(name: object) -> Profile:
    """The profile named ``name``; ``UnknownAgentError`` when no agent has that name."""
    profile = PROFILES.get(name) if isinstance(name, str) else None
    if profile is None:
        raise UnknownAgentError(name)
    return profile


def home_parts(part: str) -> Mapping[str, ModuleType]:
    """Each agent's ``promptls.agents.<home>.<part>`` module by agent name, for the homes
    that have one, in ``HOMES`` order.

    The generic code finds an agent's framing, oracle adapter, ... here, so no list of
    agents is kept beside ``HOMES``. A part may import more than the home's profile does
    (a framing imports the assembly, an oracle adapter the oracle harness), so only the
    layer that owns the part calls this with its name: the import contract
    (``tests/core/test_contract.py``) counts each call as an import of those modules.
    """
    found: dict[str, ModuleType] = {}
    for home, name in zip(HOMES, PROFILES, strict=True):
        module = f"promptls.agents.{home}.{part}"
        if importlib.util.find_spec(module) is not None:
            found[name] = importlib.import_module(module)
    return MappingProxyType(found)


__all__ = [
    "AUTO_PROFILE",
    "DEFAULT_PROFILE",
    "HOMES",
    "PROFILES",
    "Profile",
    "UnknownAgentError",
    "Walk",
    "agent",
    "home_parts",
]
