"""One oracle adapter per agent that ships a headless package (see ``adapter.py``).

``ADAPTERS`` maps each adapter's profile to it; callers look an agent up by the profile
they compare, never by comparing names.
"""

from __future__ import annotations

from promptls.oracle.adapter import Adapter
from promptls.oracle.agents import claude, codex, copilot, gemini, opencode

ADAPTERS: dict[str, Adapter] = {
    module.ADAPTER.profile: module.ADAPTER for module in (claude, codex, gemini, opencode, copilot)
}
