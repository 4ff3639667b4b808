"""A recording mock of a model API on 127.0.0.1: what an agent sends, for zero tokens.

The agent under test is pointed at this server as its model provider. Every request
body is kept (method, path and the decoded JSON body, never the headers, which carry the
fake credential and nothing the oracle needs); the answer comes from the agent's
adapter, so each agent gets the smallest reply that lets it finish, and never a tool
call except the one scripted file read of an adapter's ``reading``. The server binds
the loopback interface only, on a port the system picks, and is stopped by leaving the
``with`` block.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from promptls.record import Record

MAX_BODY = 64 * 1024 * 1024
"""A request body larger than this is not read (the agents' first requests are far
smaller); the mock answers 413 and records nothing."""


class Request(Record):
    """One request as the agent sent it: no headers, the body decoded when it is JSON."""

    method: str
    path: str
    body: Any
    raw: bytes


class Reply(Record):
    """What the mock answers: a status, a content type and the body's chunks (each
    chunk is written and flushed, so a streamed reply arrives as events)."""

    status: int
    content_type: str = "application/json"
    chunks: tuple[bytes, ...] = ()


NOT_FOUND = Reply(404, chunks=(b'{"error":{"message":"not served by the promptls oracle"}}',))

Responder = Callable[[Request, list[Request]], Reply]
"""Answers one request, given every request recorded so far (the current one last)."""


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    responder: Responder
    requests: list[Request]
    lock: threading.Condition

    def handle_error(self, request: object, client_address: object) -> None:
        """An agent that hangs up (it is killed once its request is in) is no error."""


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: the requests are the record, not a log."""

    def _handle(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_BODY:
            self._send(Reply(413, chunks=(b"{}",)))
            return
        raw = self.rfile.read(length) if length else b""
        try:
            body: Any = json.loads(raw) if raw else None
        except ValueError:
            body = None
        request = Request(self.command, self.path, body, raw)
        with self.server.lock:
            self.server.requests.append(request)
            seen = list(self.server.requests)
            self.server.lock.notify_all()
        try:
            reply = self.server.responder(request, seen)
        except Exception:  # an adapter's bug must not hang the agent
            reply = Reply(500, chunks=(b"{}",))
        self._send(reply)

    def _send(self, reply: Reply) -> None:
        self.send_response(reply.status)
        self.send_header("Content-Type", reply.content_type)
        streamed = reply.content_type.startswith("text/event-stream")
        if streamed:
            self.send_header("Cache-Control", "no-cache")
            self.send_header("Connection", "close")
            self.close_connection = True
        else:
            self.send_header("Content-Length", str(sum(len(c) for c in reply.chunks)))
        self.end_headers()
        try:
            for chunk in reply.chunks:
                self.wfile.write(chunk)
                self.wfile.flush()
        except OSError:
            self.close_connection = True

    do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = do_HEAD = _handle  # noqa: N815 (http.server's names)


class Recording:
    """The running mock: its base URL and the requests it has seen so far."""

    def __init__(self, server: _Server) -> None:
        self._server = server

    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def requests(self) -> list[Request]:
        with self._server.lock:
            return list(self._server.requests)

    def wait_for(self, done: Callable[[list[Request]], bool], timeout: float) -> bool:
        """Wait until ``done(requests)`` holds (True) or ``timeout`` seconds pass (False)."""
        with self._server.lock:
            return self._server.lock.wait_for(
                lambda: done(list(self._server.requests)), timeout=timeout
            )


STOP_POLL = 0.05
"""Seconds between the mock's looks whether it is asked to stop: stopping waits for the
next look, and the standard library's half second was paid again by every run."""


@contextmanager
def recording(responder: Responder) -> Iterator[Recording]:
    """A mock on a fresh 127.0.0.1 port for the block; stopped and closed after it."""
    server = _Server(("127.0.0.1", 0), _Handler)
    server.responder = responder
    server.requests = []
    server.lock = threading.Condition()
    thread = threading.Thread(
        target=server.serve_forever,
        kwargs={"poll_interval": STOP_POLL},
        name="promptls-oracle-mock",
    )
    thread.daemon = True
    thread.start()
    try:
        yield Recording(server)
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def sse(events: list[tuple[str | None, Any]]) -> Reply:
    """A ``text/event-stream`` reply: one ``event:``/``data:`` pair per item."""
    chunks = []
    for name, data in events:
        head = f"event: {name}\n" if name else ""
        payload = data if isinstance(data, str) else json.dumps(data)
        chunks.append(f"{head}data: {payload}\n\n".encode())
    return Reply(200, "text/event-stream", tuple(chunks))


def json_reply(data: Any, status: int = 200) -> Reply:
    """A JSON reply."""
    return Reply(status, "application/json", (json.dumps(data).encode(),))
