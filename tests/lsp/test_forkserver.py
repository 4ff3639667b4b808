"""The suite's fork server (``forkserver.py``) starts the server a test would have
started: the same answers, the same end, and nothing left behind. What it saves is
measured in the closing notes, not here."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest
from lsprotocol import types

from tests import forkserver
from tests.lsp.client import (
    CONFIG,
    SERVER,
    capabilities,
    initialize,
    initialized_over_stdio,
    session,
)

pytestmark = pytest.mark.skipif(
    not forkserver.enabled(),
    reason="the fork server is switched off (PROMPTLS_TEST_FORK=0)",
)


def _launch(env: dict[str, str]) -> subprocess.Popen[bytes]:
    command = forkserver.launcher_command(CONFIG.server_env or {})
    assert command is not None
    return subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)


def _wait_for(predicate: object, seconds: float = 20.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():  # type: ignore[operator]
            return True
        time.sleep(0.02)
    return False


async def test_a_forked_server_answers_initialize_as_a_fresh_one(tmp_path: Path) -> None:
    async with session("vscode", tmp_path) as forked:
        assert forked.init_result is not None
    fresh_client = await type(CONFIG)(
        server_command=[*SERVER], client_factory=CONFIG.client_factory, server_env=CONFIG.server_env
    ).start()
    try:
        fresh = await initialize(fresh_client, capabilities("vscode"), tmp_path, None)
    finally:
        await fresh_client.shutdown_session()
        await fresh_client.stop()
    assert isinstance(fresh, types.InitializeResult)
    assert forked.init_result == fresh


def test_a_killed_launcher_takes_its_server_with_it() -> None:
    server = forkserver.running()
    assert server is not None
    before = forkserver.children(server.pid)
    launcher = _launch(dict(CONFIG.server_env or {}))
    assert _wait_for(lambda: len(forkserver.children(server.pid) - before) == 1)
    [child] = forkserver.children(server.pid) - before
    launcher.kill()
    launcher.wait(20)
    assert _wait_for(lambda: child not in forkserver.children(server.pid))


def _catches(pid: int, number: int) -> bool:
    """Whether a process has a handler for a signal (its ``SigCgt`` mask)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("SigCgt:"):
            return bool(int(line.split()[1], 16) >> (number - 1) & 1)
    return False


def test_a_signal_to_the_launcher_reaches_the_server_and_its_status_comes_back() -> None:
    pipes = {"stdin": subprocess.PIPE, "stdout": subprocess.PIPE}
    fresh = subprocess.Popen(SERVER, env=CONFIG.server_env, **pipes)  # type: ignore[call-overload]
    launcher = _launch(dict(CONFIG.server_env or {}))
    assert _wait_for(lambda: _catches(launcher.pid, signal.SIGTERM))  # it knows its server
    server = forkserver.running()
    assert server is not None
    for process in (fresh, launcher):
        initialized_over_stdio(process)
    [child] = [pid for pid in forkserver.children(server.pid) if _serves(pid, launcher)]
    for process in (fresh, launcher):
        process.send_signal(signal.SIGTERM)
    assert launcher.wait(20) == fresh.wait(20) == -signal.SIGTERM
    assert _wait_for(lambda: child not in forkserver.children(server.pid))


def _serves(pid: int, launcher: subprocess.Popen[bytes]) -> bool:
    """Whether a forked server writes to the launcher's output (the same pipe)."""
    try:
        return os.readlink(f"/proc/{pid}/fd/1") == os.readlink(f"/proc/{launcher.pid}/fd/1")
    except OSError:
        return False


def test_end_of_input_ends_the_server_with_its_own_status() -> None:
    launcher = _launch(dict(CONFIG.server_env or {}))
    assert launcher.stdin is not None
    launcher.stdin.close()
    fresh = subprocess.run(SERVER, input=b"", env=CONFIG.server_env, capture_output=True)
    assert launcher.wait(20) == fresh.returncode


def test_another_environment_gets_a_process_of_its_own() -> None:
    env = {**(CONFIG.server_env or {}), "PROMPTLS_CODE_CACHE": "off"}
    launcher = _launch(env)
    server = forkserver.running()
    assert server is not None
    cmdline = Path(f"/proc/{launcher.pid}/cmdline")
    assert _wait_for(lambda: b"promptls\0serve" in cmdline.read_bytes())
    assert launcher.pid not in forkserver.children(server.pid)
    launcher.kill()
    launcher.wait(20)
