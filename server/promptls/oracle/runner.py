"""Run one agent headless against the recording mock and keep what it sent.

The only module of the oracle that starts a program. Each run gets a fresh mock on a
fresh 127.0.0.1 port, the caller's fake home, a scratch folder for the agent's own
settings and temporary files, and a clean environment: ``PATH``, ``HOME``, ``PWD``,
``TMPDIR``, a UTF-8 locale and what the adapter adds (its fake credential and base
URL). Nothing of the caller's environment reaches the agent, so no real credential
can. The agent runs in a process group of its own; when its instruction request has
arrived (or it exits, or the time is up) the whole group is killed, and so is every
process that still carries the run's own marker variable (``RUN_MARKER``): a daemon the
agent started in a session of its own (Cline's hub) leaves the group but keeps the
environment, so no helper process it started outlives the run.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
import subprocess
import time
from collections.abc import Mapping
from pathlib import Path

from promptls.oracle.adapter import Adapter, Observation
from promptls.oracle.mock import Request, recording
from promptls.record import Record

SYSTEM_PATH = "/usr/local/bin:/usr/bin:/bin"
POLL = 0.1
"""How often the runner looks whether the agent has exited while it waits."""
STOP_WAIT = 10.0
"""Seconds the runner keeps ending the run's processes until none is left."""
EXEC_SETTLE = 0.5
"""Seconds the runner keeps looking for the agent when an interrupt came before ``Popen``
returned it: ``Popen`` can return while the child's ``exec`` is still setting up its new
environment, and until then ``/proc`` does not show the run's marker there."""
RUN_MARKER = "PROMPTLS_ORACLE_RUN"
"""The variable, unique per run, by which the runner finds the run's processes."""


class Capture(Record):
    """One run: every request the mock saw, the instruction request, what it shows,
    and the agent's exit status and output (for a failure's message)."""

    requests: tuple[Request, ...]
    main: Request | None
    observation: Observation | None
    returncode: int | None
    output: str


def clean_env(home: Path, work: Path, scratch: Path, extra: Mapping[str, str]) -> dict[str, str]:
    """The agent's whole environment."""
    tmp = scratch / "tmp"
    tmp.mkdir(parents=True, exist_ok=True)
    env = {
        "PATH": SYSTEM_PATH,
        "HOME": str(home),
        "PWD": str(work),
        "TMPDIR": str(tmp),
        "LANG": "C.UTF-8",
        "TERM": "dumb",
        "NO_COLOR": "1",
    }
    env.update(extra)
    return env


def run(
    adapter: Adapter,
    exe: Path,
    work: Path,
    home: Path,
    scratch: Path,
    *,
    timeout: float = 90.0,
    extra_env: Mapping[str, str] | None = None,
) -> Capture:
    """Start the agent in ``work``, wait for its instruction request, stop it.
    ``extra_env`` is the scenario's own variables (``CLAUDE_CONFIG_DIR``, say)."""
    scratch.mkdir(parents=True, exist_ok=True)
    with recording(adapter.respond) as mock:
        launch = adapter.launch(exe, mock.url, work, home, scratch)
        env = clean_env(home, work, scratch, {**(extra_env or {}), **launch.env})
        env[RUN_MARKER] = secrets.token_hex(8)
        log = scratch / "agent.log"
        process: subprocess.Popen[bytes] | None = None
        with log.open("wb") as out:
            try:  # from before the start: Ctrl-C may land while Popen is still returning
                process = subprocess.Popen(
                    list(launch.argv),
                    cwd=work,
                    env=env,
                    stdin=subprocess.DEVNULL,
                    stdout=out,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,
                )
                waited = 0.0
                while waited < timeout:
                    if mock.wait_for(lambda seen: adapter.main_request(seen) is not None, POLL):
                        break
                    if process.poll() is not None:
                        break
                    waited += POLL
            finally:
                _stop(process, env[RUN_MARKER])
        requests = mock.requests
    main = adapter.main_request(requests)
    return Capture(
        requests=tuple(requests),
        main=main,
        observation=adapter.observe(main) if main is not None else None,
        returncode=process.returncode if process is not None else None,
        output=log.read_text(encoding="utf-8", errors="replace")[-4000:],
    )


def _stop(process: subprocess.Popen[bytes] | None, marker: str) -> None:
    """Kill the agent's process group (the agent and every helper it started), then
    every process left that carries the run's ``marker``: also the agent itself when an
    interrupt came before ``Popen`` returned it (``process`` None)."""
    if process is not None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=30)
    now = time.monotonic()
    deadline, settled = now + STOP_WAIT, now + (EXEC_SETTLE if process is None else 0.0)
    while True:  # until none is left: a killed process takes a moment to go, a daemon may fork
        left = marked_processes(marker)
        now = time.monotonic()
        if (not left and now >= settled) or now > deadline:
            return
        for pid in left:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        time.sleep(POLL / 2)


def marked_processes(marker: str) -> list[int]:
    """The live processes whose environment holds ``RUN_MARKER=marker`` (Linux ``/proc``;
    elsewhere none are found and only the process group is killed)."""
    wanted = f"{RUN_MARKER}={marker}".encode()
    found: list[int] = []
    with contextlib.suppress(OSError):
        for entry in os.scandir("/proc"):
            if not entry.name.isdigit():
                continue
            try:
                with open(f"/proc/{entry.name}/environ", "rb") as env:
                    if wanted in env.read().split(b"\0"):
                        found.append(int(entry.name))
            except OSError:
                continue
    return found


def read_version(
    adapter: Adapter,
    exe: Path,
    work: Path,
    home: Path,
    scratch: Path,
    *,
    extra_env: Mapping[str, str] | None = None,
    timeout: float = 30.0,
) -> str:
    """The agent's ``--version`` output (stdout and stderr), run like its session: the
    adapter's environment (its switches that keep it off the network) and settings, a
    mock to talk to, the same clean environment and home, stopped the same way; "" when
    it does not answer within ``timeout``."""
    scratch.mkdir(parents=True, exist_ok=True)
    with recording(adapter.respond) as mock:
        launch = adapter.launch(exe, mock.url, work, home, scratch)
        env = clean_env(home, work, scratch, {**(extra_env or {}), **launch.env})
        env[RUN_MARKER] = secrets.token_hex(8)
        process: subprocess.Popen[bytes] | None = None
        try:
            process = subprocess.Popen(
                [str(exe), "--version"],
                cwd=work,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
            out, _ = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            out = b""
        finally:
            _stop(process, env[RUN_MARKER])
    return out.decode("utf-8", errors="replace")
