"""Ctrl-C ends either stdio server (``serve``, ``mcp``) at once with 130, its input still
open (``commands/_interrupt.py``): sent to the process, as a terminal sends it, and sent
to one thread other than the main one, which Python's own handling would leave waiting
until the main thread wakes. Each server is started with SIGINT at its default, as a
terminal starts it (a test run in the background would hand it down ignored)."""

from __future__ import annotations

import ctypes
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.lsp.client import initialized_over_stdio

_LIBC = ctypes.CDLL(None, use_errno=True)

_TGKILL = sys.platform.startswith("linux") and hasattr(_LIBC, "tgkill")


def _initialize(command: str, process: subprocess.Popen[bytes]) -> None:
    """Ask the server to initialize and read its answer: it is serving."""
    assert process.stdin is not None and process.stdout is not None
    if command == "mcp":
        hello = {"protocolVersion": "2025-06-18", "capabilities": {}}
        hello["clientInfo"] = {"name": "test", "version": "0"}
        request = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": hello}
        process.stdin.write(json.dumps(request).encode() + b"\n")
        process.stdin.flush()
        assert json.loads(process.stdout.readline())["id"] == 1
        return
    initialized_over_stdio(process)


def _other_threads(pid: int) -> list[int]:
    """The process's threads but its main one, the oldest first (one that waits for
    good: a thread finishing its work would wake the main thread anyway)."""
    return sorted(int(t) for t in os.listdir(f"/proc/{pid}/task") if int(t) != pid)


def _cpu_ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime, stime


def _wait_until_idle(pid: int) -> None:
    """Until the server has used no CPU for three looks in a row (its start-up work
    done, every thread waiting): no wake-up of its own would run Python's handler."""
    quiet, last, deadline = 0, _cpu_ticks(pid), time.monotonic() + 10
    while quiet < 3 and time.monotonic() < deadline:
        time.sleep(0.1)
        now = _cpu_ticks(pid)
        quiet = quiet + 1 if now == last else 0
        last = now


@pytest.mark.parametrize("command", ["serve", "mcp"])
@pytest.mark.parametrize(
    "target",
    [
        "the process",
        pytest.param(
            "another thread",
            marks=pytest.mark.skipif(not _TGKILL, reason="sends it with Linux's tgkill"),
        ),
    ],
)
def test_ctrl_c_ends_the_server_at_once_with_130(command: str, target: str, tmp_path: Path) -> None:
    env_program = shutil.which("env") or "/usr/bin/env"
    process = subprocess.Popen(
        [env_program, "--default-signal=INT", sys.executable, "-m", "promptls", command],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
        env={**os.environ, "HOME": str(tmp_path)},
    )
    try:
        _initialize(command, process)
        if target == "the process":
            process.send_signal(signal.SIGINT)
        else:
            _wait_until_idle(process.pid)
            threads = _other_threads(process.pid)
            assert threads, "the server runs no thread besides its main one"
            assert _LIBC.tgkill(process.pid, threads[0], signal.SIGINT) == 0
        assert process.wait(10) == 130  # its input is still open: nothing else ends it
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
    assert process.stderr is not None and process.stderr.read() == b""
