"""One prepared ``promptls serve`` per test worker, forked for every LSP test's server.

Every end-to-end LSP test starts a real server over stdio; most of a start's CPU is
importing the LSP stack (lsprotocol alone makes ~570 attrs classes). This process does
that once (``promptls.commands.serve.prepare``, the same imports through the same code
cache), then forks a child for each server a test starts. The child takes the test's
pipes, environment and working folder and runs ``promptls serve`` from there: the
server a fresh process with the same environment would be, started without importing.

Only a request whose environment is this process's own is forked (``forklaunch.py``
starts the real program otherwise), so a test that changes the server's environment
(another home, the code cache off, the guards of the reliability suite) gets a fresh
process as before. The tests of start-up itself start their servers directly.

    python -m tests.lsp.forkserver SOCKET     (started by :func:`launcher_command`)
"""

from __future__ import annotations

import array
import atexit
import contextlib
import json
import os
import selectors
import signal
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

LAUNCHER = Path(__file__).with_name("forklaunch.py")
ROOT = Path(__file__).resolve().parents[2]
ENV_SWITCH = "PROMPTLS_TEST_FORK"
"""``0`` starts every test server as its own process."""


def _child(streams: list[int], request: dict[str, object], inherited: list[int]) -> None:
    """In the forked child: drop the fork server's own files, take over the test's
    streams and run ``promptls serve``."""
    signal.set_wakeup_fd(-1)
    for fd in inherited:
        if fd >= 0:
            os.close(fd)
    for target, fd in enumerate(streams):
        os.dup2(fd, target)
        os.close(fd)
    os.chdir(str(request["cwd"]))
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    sys.argv = ["promptls", "serve"]
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


def serve(path: str) -> None:
    """Prepare, then fork a server for each launcher that connects, until stdin closes."""
    from promptls.commands import serve as serve_command

    serve_command.prepare()
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
                _start(conn, children, selector)
            else:  # a launcher closed its end: it was killed, so is its server
                pid = key.data
                selector.unregister(key.fileobj)
                if pid in children:
                    os.kill(pid, signal.SIGKILL)


def _start(
    conn: socket.socket, children: dict[int, socket.socket], selector: selectors.BaseSelector
) -> None:
    """Fork a server for one launcher, or tell it to start the real program."""
    received = _receive(conn)
    if received is None or received[0].get("env") != dict(os.environ):
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
            _child(streams, request, [conn.fileno(), selector_fd(selector), *own])
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


_started: list[tuple[str, subprocess.Popen[bytes]]] = []
"""This worker's fork server: its socket and its process."""


def _stop(process: subprocess.Popen[bytes]) -> None:
    """End the fork server with its worker: its stdin closing says so."""
    assert process.stdin is not None
    process.stdin.close()
    try:
        process.wait(5)
    except subprocess.TimeoutExpired:
        process.kill()


def launcher_command(env: dict[str, str]) -> list[str] | None:
    """The command that starts a test server through this worker's fork server (started
    now, with ``env``, when it is not running yet); None when it is switched off or
    cannot run here."""
    if os.environ.get(ENV_SWITCH) == "0" or not hasattr(os, "fork"):
        return None
    if not _started:
        folder = tempfile.mkdtemp(prefix="promptls-fork-")
        path = os.path.join(folder, "s")
        process = subprocess.Popen(
            [sys.executable, "-m", "tests.lsp.forkserver", path],
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
        _started.append((path, process))
    return [sys.executable, "-I", "-S", str(LAUNCHER), _started[0][0]]


def running() -> subprocess.Popen[bytes] | None:
    """This worker's fork server, when one was started."""
    return _started[0][1] if _started else None


if __name__ == "__main__":
    serve(sys.argv[1])
