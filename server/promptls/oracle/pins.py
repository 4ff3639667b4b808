"""The agent releases the oracle is verified against, and where they are installed.

``pins.json`` beside this module is the one place a pin lives: each agent's npm package,
the version and the day the registry published it. ``scripts/setup-agents`` installs
every pin into ``<cache>/<agent>-<version>/`` with npm; ``scripts/oracle --latest`` does
the same for the newest releases in a scratch folder. Nothing here downloads anything.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from promptls.record import Record

PINS_FILE = Path(__file__).with_name("pins.json")
PINS_ENV = "PROMPTLS_PINS"
"""Overrides the pins file (``scripts/oracle --latest`` points it at the newest releases)."""
CACHE_ENV = "PROMPTLS_AGENTS"
"""Overrides the cache folder (``scripts/oracle --latest`` points it at its scratch)."""


class Pin(Record):
    """One agent release: the profile it verifies, its npm package, version and date."""

    agent: str
    package: str
    version: str
    date: str


def load_pins(path: Path | None = None) -> dict[str, Pin]:
    """Every pin by agent, in the file's order (``$PROMPTLS_PINS`` or ``pins.json``)."""
    if path is None:
        configured = os.environ.get(PINS_ENV)
        path = Path(configured) if configured else PINS_FILE
    data = json.loads(path.read_text(encoding="utf-8"))
    return {
        name: Pin(name, entry["package"], entry["version"], entry["date"])
        for name, entry in data.items()
        if not name.startswith("_")
    }


def default_cache() -> Path:
    """``$PROMPTLS_AGENTS``, else ``.cache/agents`` in the checkout holding this package."""
    configured = os.environ.get(CACHE_ENV)
    if configured:
        return Path(configured)
    return Path(__file__).resolve().parents[3] / ".cache" / "agents"


def install_dir(pin: Pin, cache: Path | None = None) -> Path:
    """Where ``scripts/setup-agents`` installs ``pin``."""
    return (cache or default_cache()) / f"{pin.agent}-{pin.version}"


def executable(pin: Pin, name: str, cache: Path | None = None) -> Path | None:
    """The installed program, or None when the pin is not installed there."""
    path = install_dir(pin, cache) / "node_modules" / ".bin" / name
    return path if os.access(path, os.X_OK) else None
