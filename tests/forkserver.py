"""One prepared ``promptls`` per test worker and command, forked for every server a test starts.

The end-to-end LSP and MCP tests start real servers over stdio; most of a start's CPU is
importing their stacks (lsprotocol alone makes ~570 attrs classes; the MCP SDK builds
its pydantic models). This process does that once for one command (``COMMANDS``), then
forks a child for each server a test starts. The child takes the test's pipes,
environment and working folder and runs ``promptls COMMAND`` from there: the server a
fresh process with the same environment would be, started without importing.

Only a request whose environment is this process's own is forked, but for the variables
its command reads only while it serves (``Command.per_request``), which the child takes
from the request (``forklaunch.py`` starts the real program otherwise). So a test that
changes anything else about the server's environment (the code cache off, the guards of
the reliability suite) gets a fresh process as before. The tests of start-up itself
start their servers directly.

    python -m tests.forkserver COMMAND SOCKET     (started by :func:`launcher_command`)
"""

from __future__ import annotations

import array
import atexit
import contextlib
import gc
import importlib
import json
import os
import selectors
import signal
import socket
import subprocess
import sys
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

LAUNCHER = Path(__file__).with_name("forklaunch.py")
ROOT = Path(__file__).resolve().parents[1]
ENV_SWITCH = "PROMPTLS_TEST_FORK"
"""``0`` starts every test server as its own process."""


def _prepare_serve() -> None:
    """The LSP stack (``serve.prepare``), then what each server's warm-up loads after
    ``initialize`` and after its first diagnostics (``promptls.later``), the exact
    tokenizer's tables, and the code attrs and cattrs generate for lsprotocol's types:
    every forked server finds them loaded and compiled instead of making them again."""
    from promptls import later, tokens
    from promptls.commands import serve

    serve.prepare()
    for when in (later.When.AFTER_INITIALIZE, later.When.AFTER_DIAGNOSTICS):
        for name in later.names(when):
            later.load(name)
    tokens.count_tokens("x", tokens.O200K)
    _compile_message_types()


def _compile_message_types() -> None:
    """Each lsprotocol class's attrs methods (compiled at a server's first use of the
    class, ``lazymethods.py``) and the converter's structure and unstructure functions
    (generated at its first message of the type): ~0.09 s of each forked server's CPU
    when it made them itself, ~0.7 s here once for all of lsprotocol's classes."""
    import attrs
    import lsprotocol.types
    from cattrs.errors import StructureHandlerNotFoundError

    from promptls import later

    converter = later.lsp_server.converter()
    for kind in list(vars(lsprotocol.types).values()):
        if isinstance(kind, type) and attrs.has(kind):
            later.lazymethods.compile_all(kind)
            converter.get_unstructure_hook(kind)
            # Two of lsprotocol's classes have a union cattrs cannot read: a server
            # fails on those the same way, at the message.
            with contextlib.suppress(StructureHandlerNotFoundError):
                converter.get_structure_hook(kind)


def _prepare_mcp() -> None:
    importlib.import_module("promptls.mcp.server")


@dataclass(frozen=True)
class Command:
    """A ``promptls`` command the fork server can start."""

    prepare: Callable[[], None]
    """Imports what every start of the command imports; starts no thread."""
    per_request: frozenset[str] = frozenset()
    """Variables the command reads only while serving, never while importing or in
    ``prepare``: a request may set them differently from the fork server's own."""


COMMANDS: Mapping[str, Command] = {
    # serve's code cache is found from HOME in prepare, so HOME must be the server's own.
    "serve": Command(_prepare_serve),
    # The MCP server reads the home only to answer (discovery's user-level files).
    "mcp": Command(_prepare_mcp, frozenset({"HOME"})),
}


def _same_but(mine: Mapping[str, str], theirs: object, per_request: frozenset[str]) -> bool:
    """Whether a request's environment equals this process's but for ``per_request``."""
    if not isinstance(theirs, dict):
        return False
    kept = {k: v for k, v in mine.items() if k not in per_request}
    return kept == {k: v for k, v in theirs.items() if k not in per_request}


def _child(name: str, streams: list[int], request: dict[str, object], inherited: list[int]) -> None:
    """In the forked child: drop the fork server's own files, take over the test's
    streams, environment and folder, and run ``promptls NAME``."""
    signal.set_wakeup_fd(-1)
    for fd in inherited:
        if fd >= 0:
            os.close(fd)
    for target, fd in enumerate(streams):
        os.dup2(fd, target)
        os.close(fd)
    os.chdir(str(request["cwd"]))
    env = request["env"]
    assert isinstance(env, dict)
    for key in COMMANDS[name].per_request:
        if key in env:
            os.environ[key] = env[key]
        else:
            os.environ.pop(key, None)
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    sys.argv = ["promptls", name]
    from promptls.cli import console

    console()


def _receive(conn: socket.socket) -> tuple[dict[str, object], list[int]] | None:
    """A launcher's request and the three streams it passed; None when it is unusable."""
    fds = array.array("i")
    data, ancillary, _flags, _addr = conn.recvmsg(1 << 20, socket.CMSG_SPACE(3 * fds.itemsize))
    for level, kind, payload in ancillary:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            fds.frombytes(payload[: len(payload) - (len(payload) % fds.itemsize)])
    while not data.endswith(b"\n"):
        more = conn.recv(1 << 20)
        if not more:
            break
        data += more
    streams = list(fds)
    try:
        request = json.loads(data)
    except ValueError:
        request = None
    if request is None or len(streams) != 3:
        for fd in streams:
            os.close(fd)
        return None
    return request, streams


def serve(name: str, path: str) -> None:
    """Prepare ``promptls NAME``, then fork one for each launcher that connects, until
    stdin closes."""
    COMMANDS[name].prepare()
    # What preparing made lives as long as every child: frozen, no child's collection
    # walks it (and writes to its pages, which each child would then copy).
    gc.freeze()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(64)
    waker_r, waker_w = os.pipe()
    os.set_blocking(waker_w, False)
    signal.set_wakeup_fd(waker_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    selector = selectors.DefaultSelector()
    selector.register(listener, selectors.EVENT_READ, "accept")
    selector.register(sys.stdin, selectors.EVENT_READ, "parent")
    selector.register(waker_r, selectors.EVENT_READ, "child")
    children: dict[int, socket.socket] = {}
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    while True:
        for key, _ in selector.select():
            if key.data == "parent":  # the test worker is gone: so are its servers
                for pid in children:
                    os.kill(pid, signal.SIGKILL)
                return
            if key.data == "child":
                os.read(waker_r, 512)
                _reap(children, selector)
            elif key.data == "accept":
                conn, _ = listener.accept()
                _start(name, conn, children, selector)
            else:  # a launcher closed its end: it was killed, so is its server
                pid = key.data
                selector.unregister(key.fileobj)
                if pid in children:
                    os.kill(pid, signal.SIGKILL)


def _start(
    name: str,
    conn: socket.socket,
    children: dict[int, socket.socket],
    selector: selectors.BaseSelector,
) -> None:
    """Fork a server for one launcher, or tell it to start the real program."""
    received = _receive(conn)
    per_request = COMMANDS[name].per_request
    if received is None or not _same_but(os.environ, received[0].get("env"), per_request):
        if received is not None:
            for fd in received[1]:
                os.close(fd)
        conn.sendall(b"exec\n")
        conn.close()
        return
    request, streams = received
    pid = os.fork()
    if pid == 0:
        try:
            own = [key.fd for key in selector.get_map().values() if key.fd > 2]
            _child(name, streams, request, [conn.fileno(), selector_fd(selector), *own])
        finally:
            os._exit(70)
    for fd in streams:
        os.close(fd)
    conn.sendall(b"pid %d\n" % pid)
    children[pid] = conn
    selector.register(conn, selectors.EVENT_READ, pid)


def selector_fd(selector: selectors.BaseSelector) -> int:
    """The selector's own descriptor (epoll's), or -1 when it has none."""
    fileno = getattr(selector, "fileno", None)
    return int(fileno()) if fileno is not None else -1


def _reap(children: dict[int, socket.socket], selector: selectors.BaseSelector) -> None:
    """Tell each launcher whose server ended how it ended."""
    while children:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        conn = children.pop(pid, None)
        if conn is None:
            continue
        if os.WIFSIGNALED(status):
            line = b"signal %d\n" % os.WTERMSIG(status)
        else:
            line = b"exit %d\n" % os.waitstatus_to_exitcode(status)
        with contextlib.suppress(KeyError, ValueError):
            selector.unregister(conn)
        with contextlib.suppress(OSError):
            conn.sendall(line)
        conn.close()


_started: dict[str, tuple[str, subprocess.Popen[bytes]]] = {}
"""This worker's fork servers by command: each one's socket and process."""


def _stop(process: subprocess.Popen[bytes]) -> None:
    """End a fork server with its worker: its stdin closing says so."""
    assert process.stdin is not None
    process.stdin.close()
    try:
        process.wait(5)
    except subprocess.TimeoutExpired:
        process.kill()


def enabled() -> bool:
    """Whether test servers are forked here (not switched off, and the system forks)."""
    return os.environ.get(ENV_SWITCH) != "0" and hasattr(os, "fork")


def launcher_command(env: dict[str, str], name: str = "serve") -> list[str] | None:
    """The command that starts ``promptls NAME`` for a test through this worker's fork
    server for it (started now, with ``env``, when it is not running yet); None when it
    is switched off or cannot run here."""
    if not enabled():
        return None
    if name not in _started:
        folder = tempfile.mkdtemp(prefix="promptls-fork-")
        path = os.path.join(folder, "s")
        process = subprocess.Popen(
            [sys.executable, "-m", "tests.forkserver", name, path],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            cwd=ROOT,
        )
        assert process.stdout is not None
        if process.stdout.readline() != b"ready\n":
            process.kill()
            return None
        atexit.register(_stop, process)
        _started[name] = (path, process)
    return [sys.executable, "-I", "-S", str(LAUNCHER), _started[name][0], name]


def running(name: str = "serve") -> subprocess.Popen[bytes] | None:
    """This worker's fork server for ``promptls NAME``, when one was started."""
    started = _started.get(name)
    return started[1] if started else None


def children(pid: int) -> set[int]:
    """The live processes whose parent is ``pid`` (a fork server's: the servers it runs)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(stat[1]) == pid and stat[0] != "Z":
                found.add(int(entry.name))
    return found


if __name__ == "__main__":
    serve(sys.argv[1], sys.argv[2])
