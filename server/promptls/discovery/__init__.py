"""What each agent loads from disk, and why it leaves the rest out.

Discovery is the heart of promptls: for a folder and an agent profile it answers which
instruction files reach the model, in which order, and gives every other candidate it
looked at a status and a reason. Profiles are data (``promptls.agents``); one walker interprets
them (``walk``, ``dirs``, ``git``); reads are bounded (``promptls.text.fsread``); the
language server memoises results (``cache``). Nothing here runs a program or raises on
what it finds on disk.

The public names load on first use (PEP 562), so the language server can import the
data types without paying for the walker before ``initialize``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from promptls.agents.registry import DEFAULT_PROFILE, PROFILES, Profile
    from promptls.discovery.api import (
        discover,
        get_profile,
        instruction_file_names,
        is_instruction_path,
        load_context_files,
        owning_folder,
        resolve_home,
        workspace_globs,
    )
    from promptls.discovery.cache import DiscoveryCache
    from promptls.discovery.model import (
        ContextFile,
        ContextScope,
        Discovery,
        Entry,
        EntryStatus,
    )
    from promptls.text.fsread import DEFAULT_MAX_BYTES

_HOME = {
    "DiscoveryCache": "promptls.discovery.cache",
    "discover": "promptls.discovery.api",
    "get_profile": "promptls.discovery.api",
    "instruction_file_names": "promptls.discovery.api",
    "is_instruction_path": "promptls.discovery.api",
    "load_context_files": "promptls.discovery.api",
    "owning_folder": "promptls.discovery.api",
    "resolve_home": "promptls.discovery.api",
    "workspace_globs": "promptls.discovery.api",
    "ContextFile": "promptls.discovery.model",
    "ContextScope": "promptls.discovery.model",
    "Discovery": "promptls.discovery.model",
    "Entry": "promptls.discovery.model",
    "EntryStatus": "promptls.discovery.model",
    "DEFAULT_PROFILE": "promptls.agents.registry",
    "PROFILES": "promptls.agents.registry",
    "Profile": "promptls.agents.registry",
    "DEFAULT_MAX_BYTES": "promptls.text.fsread",
}


def __getattr__(name: str) -> Any:
    """Load a public name from its module on first use."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


__all__ = [
    "DEFAULT_MAX_BYTES",
    "DEFAULT_PROFILE",
    "PROFILES",
    "ContextFile",
    "ContextScope",
    "Discovery",
    "DiscoveryCache",
    "Entry",
    "EntryStatus",
    "Profile",
    "discover",
    "get_profile",
    "instruction_file_names",
    "is_instruction_path",
    "load_context_files",
    "owning_folder",
    "resolve_home",
    "workspace_globs",
]
