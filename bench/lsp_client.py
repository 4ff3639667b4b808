"""The one raw stdio LSP client, stdlib only: the benchmark's and the reliability tests'.

It drives any server command the way an editor does (Content-Length framing, JSON-RPC
ids, notifications, answers to the requests servers send back) and stamps every incoming
message with ``time.perf_counter`` on the reader thread, as it arrives, so latencies do
not include the time the benchmark thread takes to notice a message. The reliability
tests need what pytest-lsp cannot do: broken frames (``send_raw``), lone surrogates
(``ascii_only``), responses without an id (``orphans``) and the server's whole log.

It lives with the benchmark because the bench runs as plain scripts from ``bench/``
(``import lsp_client``) while the tests import ``bench.lsp_client`` from the repository
root; the bench must not depend on the test tree.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import queue
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

JsonObj = dict[str, Any]
RequestHandler = Callable[[JsonObj], Any]
T = TypeVar("T")

METHOD_NOT_FOUND = -32601


class LspError(Exception):
    """The server answered a request with an error, died, or did not answer in time."""


@dataclass
class Incoming:
    """One message from the server and the moment it was fully read."""

    at: float
    msg: JsonObj


def frame(body: bytes) -> bytes:
    """One LSP message: the Content-Length header and the body, which may be any bytes."""
    return b"Content-Length: " + str(len(body)).encode("ascii") + b"\r\n\r\n" + body


def encode_message(msg: Mapping[str, Any], *, ascii_only: bool = False) -> bytes:
    """Frame one JSON-RPC message; compact JSON keeps 10 MB documents cheap to send.

    ``ascii_only`` escapes every non-ASCII character, which is the only way to send a
    lone surrogate (as JavaScript clients do) that UTF-8 cannot encode.
    """
    text = json.dumps(msg, ensure_ascii=ascii_only, separators=(",", ":"))
    return frame(text.encode("utf-8"))


def read_message(stream: Any) -> JsonObj | None:
    """Read one framed message from a binary stream; None at end of stream."""
    length = -1
    while True:
        line = stream.readline()
        if not line:
            return None
        line = line.rstrip(b"\r\n")
        if not line:
            break
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    if length < 0:
        raise LspError("message without Content-Length header")
    body = stream.read(length)
    if len(body) < length:
        return None
    decoded: JsonObj = json.loads(body)
    return decoded


def tree_pids(pid: int) -> list[int]:
    """The process and all its descendants (Linux /proc), for RSS of wrapper launchers."""
    seen: list[int] = []
    todo = [pid]
    while todo:
        current = todo.pop()
        seen.append(current)
        for children in Path(f"/proc/{current}/task").glob("*/children"):
            try:
                todo.extend(int(p) for p in children.read_text().split())
            except OSError:
                continue
    return seen


def status_kb(pid: int, key: str) -> int:
    """One ``kB`` field of /proc/<pid>/status (VmHWM, VmRSS); 0 when it cannot be read."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(key + ":"):
                return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        return 0
    return 0


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of one process so far (/proc/<pid>/stat); 0.0 if gone.

    Wall time on a shared machine includes waiting for a core; CPU time does not, so it
    is the fairer figure for start-up cost when other work is running.
    """
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0.0
    fields = raw[raw.rindex(")") + 2 :].split()
    ticks = int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)
    return ticks / os.sysconf("SC_CLK_TCK")


def cpu_clock_seconds(pid: int) -> float:
    """CPU time of one process so far, every thread it ever ran included, to the
    nanosecond: the kernel's per-process CPU clock (Linux ``clock_getcpuclockid``), read
    from outside the process. Falls back to :func:`cpu_seconds` (10 ms ticks).

    A busy shared machine makes wall times useless for differences of a few ms; the
    server's CPU time for the same work moves far less, and this clock is fine enough
    to compare a first open against the floor's.
    """
    try:
        return time.clock_gettime((~pid << 3) | 2)  # MAKE_PROCESS_CPUCLOCK(pid, CPUCLOCK_SCHED)
    except (OSError, OverflowError, AttributeError):
        return cpu_seconds(pid)


class LspClient:
    """One server process and the conversation with it.

    Use as a context manager: leaving the block always ends the process group, even when
    the run failed halfway through. Everything the server sends is kept: notifications,
    its own requests (answered by ``handlers``, else by ``fallback``, else with
    MethodNotFound), responses by id, and id-less error responses (``orphans``).
    """

    def __init__(
        self,
        command: Sequence[str],
        *,
        cwd: str | Path | None = None,
        env: Mapping[str, str] | None = None,
        handlers: Mapping[str, RequestHandler] | None = None,
        fallback: RequestHandler | None = None,
        ascii_only: bool = False,
        log_lines: int | None = 40,
        preexec: Callable[[], None] | None = None,
        pass_fds: Sequence[int] = (),
    ) -> None:
        """Remember how to start the server; ``start`` launches it.

        ``log_lines`` bounds how much of the server's stderr is kept (``None``: all of
        it, for tests that read the whole log).
        """
        self.argv = list(command)
        self.cwd = cwd
        self.env = dict(env) if env is not None else None
        self.handlers: dict[str, RequestHandler] = dict(handlers or {})
        self.fallback = fallback
        self.ascii_only = ascii_only
        self.log_lines = log_lines
        self.preexec = preexec
        self.pass_fds = tuple(pass_fds)
        self.proc: subprocess.Popen[bytes] | None = None
        self.started_at = 0.0
        self.notifications: list[Incoming] = []
        self.server_requests: list[Incoming] = []
        self.orphans: list[JsonObj] = []
        """Responses without an id (``null`` for a message the server could not parse)."""
        self.log: list[bytes] = []
        """The server's stderr lines (the last ``log_lines`` of them when bounded)."""
        self._cond = threading.Condition()
        self._responses: dict[Any, Incoming] = {}
        self._sent_at: dict[int, float] = {}
        self._ids = itertools.count(1)
        self._write_lock = threading.RLock()
        self._threads: list[threading.Thread] = []
        self._closed = threading.Event()
        self._to_answer: queue.SimpleQueue[Incoming | None] = queue.SimpleQueue()

    # -- lifecycle ---------------------------------------------------------------------

    def start(self) -> float:
        """Spawn the server in its own process group; returns the spawn timestamp."""
        self.started_at = time.perf_counter()
        self.proc = subprocess.Popen(
            self.argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=self.cwd,
            env=self.env,
            start_new_session=True,
            preexec_fn=self.preexec,
            pass_fds=self.pass_fds,
        )
        for target in (self._read_stdout, self._read_stderr, self._answer_requests):
            thread = threading.Thread(target=target, daemon=True)
            thread.start()
            self._threads.append(thread)
        return self.started_at

    def __enter__(self) -> LspClient:
        """Start the server when the block opens."""
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        """Always end the server, politely first."""
        self.close()

    @property
    def pid(self) -> int:
        """The server's process id."""
        return self._proc().pid

    def _proc(self) -> subprocess.Popen[bytes]:
        """The running process, or an error when ``start`` was never called."""
        if self.proc is None:
            raise LspError("server not started")
        return self.proc

    def alive(self) -> bool:
        """Whether the server process still runs."""
        return self.proc is not None and self.proc.poll() is None

    def close(self, timeout: float = 5.0) -> int | None:
        """shutdown + exit, close stdin, then kill the whole process group if needed.

        Returns the server's exit code (negative: the signal that ended it).
        """
        proc = self.proc
        if proc is None:
            return None
        try:
            if proc.poll() is None and not self._closed.is_set():
                try:
                    self.request("shutdown", None, timeout=timeout)
                    self.notify("exit")
                except (LspError, OSError):
                    pass
            try:
                if proc.stdin is not None:
                    proc.stdin.close()
            except OSError:
                pass
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=timeout)
        finally:
            self._kill_group()
            self._closed.set()
        return proc.returncode

    def _kill_group(self) -> None:
        """SIGKILL the server's process group, so launcher children die with it."""
        proc = self.proc
        if proc is None:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=5)
        for thread in self._threads:
            thread.join(timeout=5)
        for stream in (proc.stdout, proc.stderr):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass

    def wait_exit(self, timeout: float = 30.0) -> int:
        """Wait for the server to exit on its own and for its log to be read to the end."""
        code = self._proc().wait(timeout=timeout)
        for thread in self._threads:
            thread.join(timeout)
        return code

    # -- wire --------------------------------------------------------------------------

    def send_raw(self, data: bytes) -> float:
        """Write bytes as they are (broken frames included); returns the time of the write."""
        stdin = self._proc().stdin
        if stdin is None:
            raise LspError("server not started")
        with self._write_lock:
            at = time.perf_counter()
            try:
                stdin.write(data)
                stdin.flush()
            except (BrokenPipeError, ValueError) as exc:
                raise LspError(f"server closed its input: {self.describe_exit()}") from exc
        return at

    def _write(self, msg: Mapping[str, Any]) -> float:
        """Send one message; returns the time just before the write."""
        return self.send_raw(encode_message(msg, ascii_only=self.ascii_only))

    def _read_stdout(self) -> None:
        """Reader thread: stamp, file responses, answer server requests, keep the rest."""
        proc = self._proc()
        assert proc.stdout is not None
        while True:
            try:
                msg = read_message(proc.stdout)
            except (LspError, ValueError, OSError):
                msg = None
            if msg is None:
                break
            item = Incoming(time.perf_counter(), msg)
            if "id" in msg and "method" in msg:
                # Answered on their own thread: while the test's thread is blocked writing
                # to a server that is itself blocked writing to us, this one must go on
                # reading, or both sides wait on a full pipe forever.
                self._to_answer.put(item)
                continue
            with self._cond:
                if "method" in msg:
                    self.notifications.append(item)
                elif msg.get("id") is None:
                    self.orphans.append(msg)
                else:
                    self._responses[msg["id"]] = item
                self._cond.notify_all()
        self._closed.set()
        self._to_answer.put(None)
        with self._cond:
            self._cond.notify_all()

    def _answer_requests(self) -> None:
        """Answer thread: the server's requests, in the order they came."""
        while (item := self._to_answer.get()) is not None:
            self._answer(item)

    def _read_stderr(self) -> None:
        """Drain stderr so a chatty server never blocks; keep (the tail of) its log."""
        proc = self._proc()
        assert proc.stderr is not None
        for line in iter(proc.stderr.readline, b""):
            self.log.append(line)
            if self.log_lines is not None and len(self.log) > self.log_lines:
                del self.log[: len(self.log) - self.log_lines // 2]

    def _answer(self, item: Incoming) -> None:
        """Record a server→client request and reply to it, both under the write lock.

        Recorded first: the server may react to the reply at once (a test sees that
        reaction before this thread runs again). Under the write lock: whoever waits
        for the record writes next only after the reply is on the wire.
        """
        msg = item.msg
        handler = self.handlers.get(msg["method"], self.fallback)
        reply: JsonObj = {"jsonrpc": "2.0", "id": msg["id"]}
        if handler is None:
            reply["error"] = {"code": METHOD_NOT_FOUND, "message": f"unhandled {msg['method']}"}
        else:
            try:
                reply["result"] = handler(msg.get("params") or {})
            except Exception as exc:  # a handler bug must not hang the server
                reply["error"] = {"code": -32603, "message": str(exc)}
        with self._write_lock:
            with self._cond:
                self.server_requests.append(item)
                self._cond.notify_all()
            with contextlib.suppress(LspError, OSError):
                self._write(reply)  # fails only when the server (or a test) closed the pipe

    def log_text(self) -> str:
        """The server's stderr kept so far."""
        return b"".join(list(self.log)).decode("utf-8", "replace")

    def describe_exit(self) -> str:
        """A short account of why the server is gone, for error messages."""
        code = self.proc.poll() if self.proc else None
        return f"exit code {code}; stderr: {self.log_text().strip()[-400:]!r}"

    # -- JSON-RPC ----------------------------------------------------------------------

    def next_id(self) -> int:
        """A fresh request id (for tests that frame a request themselves)."""
        return next(self._ids)

    def send_request(self, method: str, params: Any) -> int:
        """Send a request without waiting; returns its id."""
        rid = self.next_id()
        message: JsonObj = {"jsonrpc": "2.0", "id": rid, "method": method}
        if params is not None:
            message["params"] = params
        self._sent_at[rid] = self._write(message)
        return rid

    def wait_message(self, rid: Any, timeout: float) -> Incoming:
        """Wait for the whole response to ``rid`` (result or error)."""
        with self._cond:
            self._cond.wait_for(lambda: rid in self._responses or self._closed.is_set(), timeout)
            item = self._responses.pop(rid, None)
        if item is not None:
            return item
        if self._closed.is_set():
            raise LspError(f"server exited before answering: {self.describe_exit()}")
        raise LspError(f"no answer to request {rid} in {timeout:.0f}s")

    def answered(self, rid: Any) -> bool:
        """Whether the response to ``rid`` has arrived (without taking it)."""
        with self._cond:
            return rid in self._responses

    def wait_response(self, rid: int, timeout: float) -> tuple[Any, float, float]:
        """Wait for a response: (result, sent_at, received_at); errors raise LspError."""
        item = self.wait_message(rid, timeout)
        if "error" in item.msg:
            raise LspError(f"error answer: {item.msg['error']}")
        return item.msg.get("result"), self._sent_at.pop(rid, 0.0), item.at

    def call(self, method: str, params: Any = None, timeout: float = 30.0) -> JsonObj:
        """Send a request and return the whole response message (result or error)."""
        rid = self.send_request(method, params)
        self._sent_at.pop(rid, None)
        return self.wait_message(rid, timeout).msg

    def request(self, method: str, params: Any = None, timeout: float = 30.0) -> Any:
        """Send a request and return its result."""
        result, _, _ = self.wait_response(self.send_request(method, params), timeout)
        return result

    def timed_request(self, method: str, params: Any, timeout: float = 30.0) -> tuple[Any, float]:
        """Send a request; (result, seconds from the write to the answer's arrival)."""
        result, sent, received = self.wait_response(self.send_request(method, params), timeout)
        return result, received - sent

    def notify(self, method: str, params: Any = None) -> float:
        """Send a notification; returns the time it was written."""
        message: JsonObj = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        return self._write(message)

    def wait_until(self, found: Callable[[], T | None], timeout: float) -> T | None:
        """Wait until ``found`` (called under the lock, once per arrival) returns a value,
        the server is gone, or ``timeout`` passes; the value, or None."""
        value: T | None = None

        def ready() -> bool:
            nonlocal value
            value = found()
            return value is not None or self._closed.is_set()

        with self._cond:
            self._cond.wait_for(ready, timeout)
        return value

    def wait_for(
        self, predicate: Callable[[JsonObj], bool], timeout: float, start: int = 0
    ) -> tuple[Incoming, int]:
        """First notification at index ≥ start matching predicate: (it, index after it)."""
        index = start

        def scan() -> tuple[Incoming, int] | None:
            nonlocal index
            while index < len(self.notifications):
                item = self.notifications[index]
                index += 1
                if predicate(item.msg):
                    return item, index
            return None

        hit = self.wait_until(scan, timeout)
        if hit is not None:
            return hit
        if self._closed.is_set():
            raise LspError(f"server exited: {self.describe_exit()}")
        raise LspError(f"no matching notification in {timeout:.0f}s")

    def mark(self) -> int:
        """Index of the next notification, to wait only for what comes after now."""
        with self._cond:
            return len(self.notifications)

    def notifications_since(self, start: int) -> list[Incoming]:
        """Every notification received after index ``start`` (see :meth:`mark`)."""
        with self._cond:
            return list(self.notifications[start:])

    # -- resources ---------------------------------------------------------------------

    def cpu_seconds(self) -> float:
        """CPU time used so far by the server and its children."""
        if self.proc is None:
            return 0.0
        return sum(cpu_seconds(pid) for pid in tree_pids(self.proc.pid))

    def cpu_clock(self) -> float:
        """CPU time used so far by the server and its children (nanosecond clock)."""
        if self.proc is None:
            return 0.0
        return sum(cpu_clock_seconds(pid) for pid in tree_pids(self.proc.pid))

    def peak_rss_kb(self) -> int:
        """Peak resident memory (VmHWM) of the server and its children, in KiB."""
        if self.proc is None:
            return 0
        return sum(status_kb(pid, "VmHWM") for pid in tree_pids(self.proc.pid))

    def rss_kb(self) -> int:
        """Resident memory now (VmRSS) of the server process itself, in KiB."""
        return status_kb(self.pid, "VmRSS")
