"""A small stdio LSP client for benchmarking, stdlib only.

It drives any server command the way an editor does (Content-Length framing, JSON-RPC
ids, notifications, answers to the requests servers send back) and stamps every incoming
message with ``time.perf_counter`` on the reader thread, as it arrives, so latencies do
not include the time the benchmark thread takes to notice a message.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

JsonObj = dict[str, Any]
RequestHandler = Callable[[JsonObj], Any]

METHOD_NOT_FOUND = -32601


class LspError(Exception):
    """The server answered a request with an error, died, or did not answer in time."""


@dataclass
class Incoming:
    """One message from the server and the moment it was fully read."""

    at: float
    msg: JsonObj


@dataclass
class _Pending:
    """A request in flight: the reader thread fills ``reply`` and sets ``done``."""

    sent_at: float
    done: threading.Event = field(default_factory=threading.Event)
    reply: Incoming | None = None


def encode_message(msg: Mapping[str, Any]) -> bytes:
    """Frame one JSON-RPC message; compact JSON keeps 10 MB documents cheap to send."""
    body = json.dumps(msg, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return b"Content-Length: " + str(len(body)).encode("ascii") + b"\r\n\r\n" + body


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


class LspClient:
    """One server process and the conversation with it.

    Use as a context manager: leaving the block always ends the process group, even when
    the benchmark failed halfway through.
    """

    def __init__(
        self,
        command: Sequence[str],
        *,
        cwd: str | None = None,
        env: Mapping[str, str] | None = None,
        handlers: Mapping[str, RequestHandler] | None = None,
        close_stdin_to_exit: bool = False,
    ) -> None:
        """Remember how to start the server; ``start`` launches it."""
        self.command = list(command)
        self.cwd = cwd
        self.env = dict(env) if env is not None else None
        self.handlers: dict[str, RequestHandler] = dict(handlers or {})
        self.close_stdin_to_exit = close_stdin_to_exit
        self.proc: subprocess.Popen[bytes] | None = None
        self.started_at = 0.0
        self.notifications: list[Incoming] = []
        self.server_requests: list[Incoming] = []
        self.stderr_tail: list[bytes] = []
        self._cond = threading.Condition()
        self._pending: dict[int, _Pending] = {}
        self._next_id = 1
        self._write_lock = threading.Lock()
        self._threads: list[threading.Thread] = []
        self._closed = threading.Event()

    # -- lifecycle ---------------------------------------------------------------------

    def start(self) -> float:
        """Spawn the server in its own process group; returns the spawn timestamp."""
        self.started_at = time.perf_counter()
        self.proc = subprocess.Popen(
            self.command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=self.cwd,
            env=self.env,
            start_new_session=True,
        )
        for target in (self._read_stdout, self._read_stderr):
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
        if self.proc is None:
            raise LspError("server not started")
        return self.proc.pid

    def alive(self) -> bool:
        """Whether the server process still runs."""
        return self.proc is not None and self.proc.poll() is None

    def close(self, timeout: float = 5.0) -> None:
        """shutdown + exit, close stdin, then kill the whole process group if needed."""
        proc = self.proc
        if proc is None:
            return
        try:
            if proc.poll() is None and not self._closed.is_set():
                try:
                    self.request("shutdown", None, timeout=min(timeout, 3.0))
                    self.notify("exit", None)
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

    def _kill_group(self) -> None:
        """SIGKILL the server's process group, so launcher children die with it."""
        proc = self.proc
        if proc is None:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=5)
        for stream in (proc.stdout, proc.stderr):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass

    # -- wire --------------------------------------------------------------------------

    def _write(self, msg: Mapping[str, Any]) -> float:
        """Send one message; returns the time just before the write."""
        proc = self.proc
        if proc is None or proc.stdin is None:
            raise LspError("server not started")
        data = encode_message(msg)
        with self._write_lock:
            at = time.perf_counter()
            try:
                proc.stdin.write(data)
                proc.stdin.flush()
            except (BrokenPipeError, ValueError) as exc:
                raise LspError(f"server closed its input: {self.describe_exit()}") from exc
        return at

    def _read_stdout(self) -> None:
        """Reader thread: stamp, route responses, answer server requests, keep the rest."""
        proc = self.proc
        assert proc is not None and proc.stdout is not None
        while True:
            try:
                msg = read_message(proc.stdout)
            except (LspError, ValueError, OSError):
                msg = None
            if msg is None:
                break
            item = Incoming(time.perf_counter(), msg)
            if "id" in msg and "method" in msg:
                self._answer(item)
            elif "id" in msg:
                with self._cond:
                    pending = self._pending.get(msg["id"])
                    if pending is not None:
                        pending.reply = item
                        pending.done.set()
            else:
                with self._cond:
                    self.notifications.append(item)
                    self._cond.notify_all()
        self._closed.set()
        with self._cond:
            for pending in self._pending.values():
                pending.done.set()
            self._cond.notify_all()

    def _read_stderr(self) -> None:
        """Drain stderr so a chatty server never blocks; keep the tail for error reports."""
        proc = self.proc
        assert proc is not None and proc.stderr is not None
        for line in iter(proc.stderr.readline, b""):
            self.stderr_tail.append(line)
            if len(self.stderr_tail) > 40:
                del self.stderr_tail[:20]

    def _answer(self, item: Incoming) -> None:
        """Reply to a server→client request with the configured handler's result."""
        msg = item.msg
        with self._cond:
            self.server_requests.append(item)
        handler = self.handlers.get(msg["method"])
        reply: JsonObj = {"jsonrpc": "2.0", "id": msg["id"]}
        if handler is None:
            reply["error"] = {"code": METHOD_NOT_FOUND, "message": f"unhandled {msg['method']}"}
        else:
            try:
                reply["result"] = handler(msg.get("params") or {})
            except Exception as exc:  # a handler bug must not hang the server
                reply["error"] = {"code": -32603, "message": str(exc)}
        with contextlib.suppress(LspError):
            self._write(reply)

    def describe_exit(self) -> str:
        """A short account of why the server is gone, for error messages."""
        code = self.proc.poll() if self.proc else None
        tail = b"".join(self.stderr_tail[-5:]).decode("utf-8", "replace").strip()
        return f"exit code {code}; stderr: {tail[-400:]!r}"

    # -- JSON-RPC ----------------------------------------------------------------------

    def send_request(self, method: str, params: Any) -> int:
        """Send a request without waiting; returns its id."""
        with self._cond:
            rid = self._next_id
            self._next_id += 1
            pending = _Pending(0.0)
            self._pending[rid] = pending
        pending.sent_at = self._write(
            {"jsonrpc": "2.0", "id": rid, "method": method, "params": params}
        )
        return rid

    def wait_response(self, rid: int, timeout: float) -> tuple[Any, float, float]:
        """Wait for a response: (result, sent_at, received_at); errors raise LspError."""
        pending = self._pending[rid]
        deadline = time.perf_counter() + timeout
        while not pending.done.wait(min(0.5, max(0.0, deadline - time.perf_counter()))):
            if self._closed.is_set():
                break
            if time.perf_counter() >= deadline:
                raise LspError(f"no answer to request {rid} in {timeout:.0f}s")
        with self._cond:
            del self._pending[rid]
        if pending.reply is None:
            raise LspError(f"server exited before answering: {self.describe_exit()}")
        msg = pending.reply.msg
        if "error" in msg:
            raise LspError(f"error answer: {msg['error']}")
        return msg.get("result"), pending.sent_at, pending.reply.at

    def request(self, method: str, params: Any, timeout: float = 30.0) -> Any:
        """Send a request and return its result."""
        result, _, _ = self.wait_response(self.send_request(method, params), timeout)
        return result

    def timed_request(self, method: str, params: Any, timeout: float = 30.0) -> tuple[Any, float]:
        """Send a request; (result, seconds from the write to the answer's arrival)."""
        result, sent, received = self.wait_response(self.send_request(method, params), timeout)
        return result, received - sent

    def notify(self, method: str, params: Any) -> float:
        """Send a notification; returns the time it was written."""
        return self._write({"jsonrpc": "2.0", "method": method, "params": params})

    def wait_for(
        self, predicate: Callable[[JsonObj], bool], timeout: float, start: int = 0
    ) -> tuple[Incoming, int]:
        """First notification at index ≥ start matching predicate: (it, index after it)."""
        deadline = time.perf_counter() + timeout
        index = start
        with self._cond:
            while True:
                while index < len(self.notifications):
                    item = self.notifications[index]
                    index += 1
                    if predicate(item.msg):
                        return item, index
                left = deadline - time.perf_counter()
                if left <= 0:
                    raise LspError(f"no matching notification in {timeout:.0f}s")
                if self._closed.is_set():
                    raise LspError(f"server exited: {self.describe_exit()}")
                self._cond.wait(min(left, 0.5))

    def mark(self) -> int:
        """Index of the next notification, to wait only for what comes after now."""
        with self._cond:
            return len(self.notifications)

    def cpu_seconds(self) -> float:
        """CPU time used so far by the server and its children."""
        if self.proc is None:
            return 0.0
        return sum(cpu_seconds(pid) for pid in tree_pids(self.proc.pid))

    def peak_rss_kb(self) -> int:
        """Peak resident memory (VmHWM) of the server and its children, in KiB."""
        if self.proc is None:
            return 0
        return sum(status_kb(pid, "VmHWM") for pid in tree_pids(self.proc.pid))
