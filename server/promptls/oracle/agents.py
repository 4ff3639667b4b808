"""The oracle adapter of every agent that ships a headless package (see ``adapter.py``).

Each lives in its agent's home (``promptls/agents/<home>/oracle.py``, ``ADAPTER`` and
``USER``), found through the registry's ``home_parts``; an agent whose home has no
``oracle`` module is not run. ``ADAPTERS`` maps each adapter's profile to it; callers
look an agent up by the profile they compare, never by comparing names.
"""

from __future__ import annotations

from types import ModuleType

from promptls.agents.registry import home_parts
from promptls.oracle.adapter import Adapter
from promptls.oracle.user import UserSetup

_HOMES: tuple[ModuleType, ...] = tuple(home_parts("oracle").values())

ADAPTERS: dict[str, Adapter] = {module.ADAPTER.profile: module.ADAPTER for module in _HOMES}

USERS: dict[str, UserSetup] = {module.ADAPTER.profile: module.USER for module in _HOMES}
"""What ``promptls observe`` adds to each adapter to run the user's own agent."""
