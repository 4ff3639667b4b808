"""Start-up: the editor waits for ``initialize`` on every session, so it must stay lean.

Each check runs in a fresh interpreter, because what counts is what a new server process
loads and how it leaves the garbage collector for the rest of the session.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

DEFERRED = (
    "promptls.analysis.engine",
    "promptls.analysis.rules",
    "promptls.discovery",
    "promptls.assembly",
    "promptls.config",
    "promptls.lsp.wire",
    "tomllib",
    "hashlib",
)
"""Loaded on first need (first analysis, watcher registration, hover), not before: the
deferred-import seams of ``tests/core/test_contract.py``, seen from a real start-up."""

_PROBE = """
import gc, json, sys
default = gc.get_threshold()
from promptls.commands import serve
server = serve._build_server()
print(json.dumps({
    "loaded": sorted(m for m in sys.modules if m in DEFERRED),
    "threshold": [list(default), list(gc.get_threshold())],
    "enabled": gc.isenabled(),
    "frozen": gc.get_freeze_count(),
}))
"""


def _probe() -> dict[str, Any]:
    """Build the server the way ``promptls serve`` does and report the process state."""
    code = f"DEFERRED = {DEFERRED!r}\n{_PROBE}"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def test_server_is_built_without_the_code_only_later_requests_need() -> None:
    assert _probe()["loaded"] == []


def test_garbage_collection_is_back_to_normal_once_the_server_is_built() -> None:
    state = _probe()
    # Full collections are held off only while the LSP stack loads: a session that
    # never collected cycles again would grow without bound.
    default, after = state["threshold"]
    assert after == default
    assert state["enabled"] is True
    # The start-up objects were frozen, so later full collections skip them.
    assert state["frozen"] > 10_000
