"""The MCP servers the suite forks (``tests/forkserver.py``) answer as fresh processes
do: each with the home its test gave it, though the fork server was prepared with
another."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests import forkserver

from .conftest import Demo, connect, server_env, structured

pytestmark = pytest.mark.skipif(
    not forkserver.enabled(),
    reason="the fork server is switched off (PROMPTLS_TEST_FORK=0)",
)


async def _answer(demo: Demo, home: Path, *, fork: bool) -> dict[str, Any]:
    async with connect(demo.core, home, [demo.core], fork=fork) as client:
        answer = structured(await client.call_tool("instructions_for", {"path": "."}))
        server = forkserver.running("mcp")
        assert fork == (server is not None and len(forkserver.children(server.pid)) == 1)
    return answer


async def test_a_forked_server_reads_its_own_home_as_a_fresh_one_does(demo: Demo) -> None:
    # The fork server runs with some other test's home, or with this one.
    forkserver.launcher_command(server_env(demo.base / "another-home"), "mcp")
    with_user_file = demo.base / "home-with-a-user-file"
    (with_user_file / ".codex").mkdir(parents=True)
    (with_user_file / ".codex" / "AGENTS.md").write_text("Answer tersely.\n", encoding="utf-8")
    empty = demo.base / "empty-home"
    empty.mkdir()
    forked = await _answer(demo, with_user_file, fork=True)
    assert forked == await _answer(demo, with_user_file, fork=False)
    assert str(with_user_file / ".codex" / "AGENTS.md") in str(forked)
    assert str(with_user_file) not in str(await _answer(demo, empty, fork=True))
