"""A small synchronous LSP client over a child process's stdio, for byte-level tests.

pytest-lsp speaks well-formed JSON-RPC only; these tests also need to send broken
frames, arrays and huge bodies, and the hypothesis state machine is simplest when every
call blocks until its answer. A reader thread splits the server's output into messages
and answers the server's own requests (configuration, registrations) with nothing, so
the server never waits on us.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

SERVER = [sys.executable, "-m", "promptls", "serve"]
TIMEOUT = 30.0
ROOT = Path(__file__).resolve().parents[2]


class ServerDiedError(AssertionError):
    """The server exited or stopped answering: always a test failure."""


def frame(body: bytes) -> bytes:
    """One LSP message: the Content-Length header and the body."""
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def encode(message: Mapping[str, Any]) -> bytes:
    """A framed JSON-RPC message (lone surrogates kept, as JavaScript clients send them)."""
    return frame(json.dumps(message, ensure_ascii=True).encode("ascii"))


class RawClient:
    """Blocking requests and notifications; everything the server sends is recorded."""

    def __init__(
        self,
        home: Path,
        *,
        argv: Sequence[str] = SERVER,
        env: Mapping[str, str] | None = None,
        preexec: Callable[[], None] | None = None,
        cwd: Path | None = None,
        unset_home: bool = False,
        pass_fds: Sequence[int] = (),
    ) -> None:
        """Start the server with a fake HOME (never the real one), or with none at all."""
        environ = dict(os.environ if env is None else env)
        environ["HOME"] = str(home)
        if unset_home:
            del environ["HOME"]
        environ["PYTHONPATH"] = os.pathsep.join(
            p for p in (str(ROOT / "server"), environ.get("PYTHONPATH", "")) if p
        )
        self.proc = subprocess.Popen(
            list(argv),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=environ,
            preexec_fn=preexec,
            cwd=cwd,
            pass_fds=tuple(pass_fds),
        )
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._responses: dict[Any, dict[str, Any]] = {}
        self._arrived = threading.Condition(self._lock)
        self.notifications: list[dict[str, Any]] = []
        self.server_requests: list[dict[str, Any]] = []
        self.answers: dict[str, Callable[[Any], Any]] = {
            "workspace/configuration": lambda params: [None] * len(params["items"]),
        }
        """How to answer the server's own requests (by method; default ``null``)."""
        self.orphans: list[dict[str, Any]] = []
        """Responses with an id we never used (e.g. ``null`` for a parse error)."""
        self.log: list[bytes] = []
        """Every line the server wrote to stderr (its log)."""
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self._errs = threading.Thread(target=self._drain_stderr, daemon=True)
        self._errs.start()

    # -- wire ---------------------------------------------------------------------------

    def send_raw(self, data: bytes) -> None:
        """Write bytes as they are (broken frames included)."""
        stdin = self.proc.stdin
        assert stdin is not None
        try:
            stdin.write(data)
            stdin.flush()
        except BrokenPipeError as exc:
            raise ServerDiedError(f"server closed its input: {self.stderr_text()}") from exc

    def _read(self) -> None:
        """Reader thread: parse frames, record them, answer server-to-client requests."""
        out = self.proc.stdout
        assert out is not None
        while True:
            length = -1
            while True:
                line = out.readline()
                if not line:
                    with self._lock:
                        self._arrived.notify_all()
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value.strip())
            body = out.read(length)
            message = json.loads(body)
            self._dispatch(message)

    def _dispatch(self, message: dict[str, Any]) -> None:
        """File one incoming message."""
        if "method" in message and "id" in message:
            answer = self.answers.get(message["method"], lambda params: None)
            result = answer(message.get("params"))
            reply = encode({"jsonrpc": "2.0", "id": message["id"], "result": result})
            with contextlib.suppress(ServerDiedError, ValueError, OSError):
                self.send_raw(reply)  # fails only when a test closed our side on purpose
            with self._lock:
                self.server_requests.append(message)
                self._arrived.notify_all()
            return
        with self._lock:
            if "method" in message:
                self.notifications.append(message)
            elif message.get("id") is None:
                self.orphans.append(message)
            else:
                self._responses[message["id"]] = message
            self._arrived.notify_all()

    def _drain_stderr(self) -> None:
        """Keep the server's log flowing so it never blocks on a full pipe."""
        err = self.proc.stderr
        assert err is not None
        for line in err:
            self.log.append(line)

    def log_text(self) -> str:
        """Everything the server logged so far."""
        return b"".join(list(self.log)).decode("utf-8", "replace")

    def stderr_text(self) -> str:
        """The tail of the server's log (for failure messages)."""
        return self.log_text()[-4000:]

    # -- JSON-RPC -----------------------------------------------------------------------

    def next_id(self) -> int:
        """A fresh request id."""
        return next(self._ids)

    def wait_response(self, msg_id: Any, timeout: float = TIMEOUT) -> dict[str, Any]:
        """Block until the response to ``msg_id`` arrives (or fail loudly)."""
        with self._lock:
            ok = self._arrived.wait_for(
                lambda: msg_id in self._responses or self.proc.poll() is not None, timeout
            )
            if msg_id in self._responses:
                return self._responses.pop(msg_id)
        if not ok:
            raise ServerDiedError(f"no answer to request {msg_id} within {timeout}s")
        raise ServerDiedError(f"server exited ({self.proc.returncode}): {self.stderr_text()}")

    def call(self, method: str, params: Any = None, timeout: float = TIMEOUT) -> dict[str, Any]:
        """Send a request and return the whole response message (result or error)."""
        msg_id = self.next_id()
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": msg_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send_raw(encode(message))
        return self.wait_response(msg_id, timeout)

    def request(self, method: str, params: Any = None) -> Any:
        """Send a request and return its result; an error response fails the test."""
        response = self.call(method, params)
        assert "error" not in response, f"{method} failed: {response['error']}"
        return response.get("result")

    def notify(self, method: str, params: Any = None) -> None:
        """Send a notification."""
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.send_raw(encode(message))

    def command(self, name: str, *arguments: Any) -> dict[str, Any]:
        """``workspace/executeCommand`` returning the whole response (result or error)."""
        return self.call("workspace/executeCommand", {"command": name, "arguments": [*arguments]})

    def wait_notification(
        self, predicate: Callable[[dict[str, Any]], bool], timeout: float = TIMEOUT
    ) -> dict[str, Any]:
        """Block until a recorded notification satisfies ``predicate``; return the newest."""

        def found() -> dict[str, Any] | None:
            return next((n for n in reversed(self.notifications) if predicate(n)), None)

        with self._lock:
            self._arrived.wait_for(
                lambda: found() is not None or self.proc.poll() is not None, timeout
            )
            hit = found()
        if hit is None:
            raise ServerDiedError(f"expected notification never came: {self.stderr_text()}")
        return hit

    def wait_server_request(self, method: str, timeout: float = TIMEOUT) -> dict[str, Any]:
        """Block until the server has sent a request with this method (and we answered)."""

        def found() -> dict[str, Any] | None:
            return next((r for r in self.server_requests if r["method"] == method), None)

        with self._lock:
            self._arrived.wait_for(lambda: found() is not None, timeout)
            hit = found()
        if hit is None:
            raise ServerDiedError(f"the server never sent {method}: {self.stderr_text()}")
        return hit

    def wait_exit(self, timeout: float = TIMEOUT) -> int:
        """Wait for the server to exit and for its log to be read to the end."""
        code = self.proc.wait(timeout=timeout)
        self._errs.join(timeout)
        return code

    def rss_kib(self) -> int:
        """The server's resident set size (``VmRSS`` in ``/proc``), in KiB."""
        status = Path(f"/proc/{self.proc.pid}/status").read_text(encoding="ascii")
        line = next(x for x in status.splitlines() if x.startswith("VmRSS:"))
        return int(line.split()[1])

    # -- lifecycle ----------------------------------------------------------------------

    def initialize(
        self,
        root: Path,
        *,
        encoding: str | None = None,
        pull: bool = False,
        debug: bool = True,
        capabilities: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """``initialize`` + ``initialized`` with one workspace folder."""
        caps: dict[str, Any] = capabilities or {
            "textDocument": {
                "hover": {"contentFormat": ["markdown", "plaintext"]},
                "publishDiagnostics": {"relatedInformation": True},
            },
            "workspace": {"didChangeWatchedFiles": {"dynamicRegistration": True}},
        }
        if encoding is not None:
            caps.setdefault("general", {})["positionEncodings"] = [encoding]
        if pull:
            caps.setdefault("textDocument", {})["diagnostic"] = {"dynamicRegistration": False}
        uri = root.as_uri()
        result = self.request(
            "initialize",
            {
                "processId": os.getpid(),
                "rootUri": uri,
                "capabilities": caps,
                "workspaceFolders": [{"uri": uri, "name": root.name or "root"}],
                "initializationOptions": {"debug": debug},
            },
        )
        self.notify("initialized", {})
        return dict(result)

    def close(self) -> int:
        """Shut down politely, then make sure the process is gone; return its exit code."""
        try:
            if self.proc.poll() is None:
                self.call("shutdown", timeout=10)
                self.notify("exit")
        except (ServerDiedError, OSError):
            pass
        try:
            return self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait()
        finally:
            for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
                if stream is not None:
                    stream.close()
