"""Fixtures for the MCP server tests: the demo workspace, and ``promptls mcp`` started as
a subprocess (through the worker's fork server, ``tests/forkserver.py``) and driven by
the official SDK's own client over stdio, with the roots the test gives it (or none) and
either protocol generation."""

from __future__ import annotations

import os
import sys
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tests import forkserver
from tests.cli.conftest import Demo, demo  # noqa: F401 (the demo fixture, shared)

if TYPE_CHECKING:  # the SDK loads when a test connects (~0.8 s of every collection)
    from mcp import Client
    from mcp.types import CallToolResult, ListRootsResult

ROOT = Path(__file__).resolve().parents[2]
LAUNCHER = ROOT / "tests" / "reliability" / "launcher.py"

MODES = ("legacy", "auto")
"""The handshake-era protocol real agents speak today, and the SDK's newest (2026-07-28)."""


def server_env(home: Path) -> dict[str, str]:
    """The server's environment: a fake home, never the real one (and not pytest's note
    of the running test, so that every test's server environment differs only there)."""
    dropped = ("CODEX_HOME", "PROMPTLS_HOME", "PYTEST_CURRENT_TEST")
    environ = {k: v for k, v in os.environ.items() if k not in dropped}
    environ["HOME"] = str(home)
    return environ


@asynccontextmanager
async def connect(
    cwd: Path,
    home: Path,
    roots: Sequence[Path] | None,
    *,
    mode: str = "legacy",
    errlog: Path | None = None,
    guard_file: Path | None = None,
    fork: bool = True,
) -> AsyncIterator[Client]:
    """``promptls mcp`` in ``cwd``; ``roots`` are listed when asked (None: the client
    declares no roots capability). With ``guard_file``, the server runs under the
    reliability suite's launcher, which appends a line there for every program it
    would start and every network call it would make (and refuses them). ``fork=False``
    starts a fresh process even when the worker's fork server could fork one."""
    from mcp import Client, StdioServerParameters
    from mcp.client.stdio import stdio_client
    from mcp.types import ListRootsResult, Root

    async def list_roots(_context: Any) -> ListRootsResult:
        return ListRootsResult(
            roots=[Root(uri=root.as_uri(), name=root.name) for root in roots or ()]
        )

    env = server_env(home)
    command = [sys.executable, "-m", "promptls", "mcp"]
    if guard_file is not None:
        command = [sys.executable, str(LAUNCHER), "mcp"]
        env |= {"PROMPTLS_GUARD_FILE": str(guard_file), "PYTHONPATH": str(ROOT / "server")}
    elif fork:
        command = forkserver.launcher_command(env, "mcp") or command
    params = StdioServerParameters(command=command[0], args=command[1:], cwd=cwd, env=env)
    log = errlog or cwd.parent / "mcp-stderr.log"
    with log.open("w", encoding="utf-8") as stderr:
        transport = stdio_client(params, errlog=stderr)
        client = Client(
            transport, mode=mode, list_roots_callback=list_roots if roots is not None else None
        )
        async with client:
            yield client
    # Clients show a server's stderr as warnings: a healthy session writes nothing there.
    assert log.read_text(encoding="utf-8") == ""


def structured(result: CallToolResult) -> dict[str, Any]:
    """A successful call's structured content (fails with the error text otherwise)."""
    text = " ".join(getattr(c, "text", "") for c in result.content)
    assert not result.is_error, text
    assert result.structured_content is not None
    return result.structured_content


def text_of(result: CallToolResult) -> str:
    """The call's text content."""
    return "".join(getattr(c, "text", "") for c in result.content)
