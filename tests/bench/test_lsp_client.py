"""The one raw LSP client (bench and reliability tests): framing, ids, notifications,
broken frames, server requests and clean-up.

The numbers in bench/results and the reliability verdicts are only as good as this
client, so its framing is checked against a real pygls server (bench/floor_server.py,
run as a subprocess) and against scripted servers. No timing is asserted.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import pytest
from bench.lsp_client import (
    LspClient,
    LspError,
    cpu_clock_seconds,
    cpu_seconds,
    encode_message,
    frame,
    read_message,
)

BENCH = Path(__file__).resolve().parents[2] / "bench"
FLOOR = [sys.executable, str(BENCH / "floor_server.py")]
TEXT = "# Notes\n\ncafé 日本語 🙂 and more\n__ZIDANE_SYSTEM_PROMPT_BOUNDARY__\n"


def _initialize(client: LspClient, root: Path) -> Any:
    """The minimal handshake every test needs."""
    result = client.request(
        "initialize",
        {"processId": None, "rootUri": root.as_uri(), "capabilities": {}},
        timeout=60,
    )
    client.notify("initialized", {})
    return result


def _publish_for(uri: str, version: int) -> Any:
    """Predicate: a publishDiagnostics for this document version."""

    def match(msg: dict[str, Any]) -> bool:
        params = msg.get("params") or {}
        return (
            msg.get("method") == "textDocument/publishDiagnostics"
            and params.get("uri") == uri
            and params.get("version") == version
        )

    return match


def test_framing_counts_bytes_not_characters() -> None:
    """Content-Length is in UTF-8 bytes: non-ASCII bodies must round-trip exactly."""
    first = {"jsonrpc": "2.0", "method": "x", "params": {"text": TEXT}}
    second = {"jsonrpc": "2.0", "id": 7, "result": None}
    stream = io.BytesIO(encode_message(first) + encode_message(second))
    assert read_message(stream) == first
    assert read_message(stream) == second
    assert read_message(stream) is None


def test_header_names_are_case_insensitive_and_extra_headers_ignored() -> None:
    """Servers may send Content-Type too, or lower-case header names."""
    body = b'{"jsonrpc":"2.0","method":"m"}'
    raw = b"content-length: %d\r\nContent-Type: application/vscode-jsonrpc\r\n\r\n%s" % (
        len(body),
        body,
    )
    assert read_message(io.BytesIO(raw)) == {"jsonrpc": "2.0", "method": "m"}


def test_truncated_message_is_end_of_stream() -> None:
    """A server that dies mid-message ends the conversation instead of hanging it."""
    raw = encode_message({"jsonrpc": "2.0", "method": "m"})[:-3]
    assert read_message(io.BytesIO(raw)) is None


def test_floor_server_round_trip(tmp_path: Path) -> None:
    """initialize, didOpen/didChange → versioned publishes, hovers matched to their ids."""
    uri = (tmp_path / "a.prompt.md").as_uri()
    with LspClient(FLOOR, cwd=str(tmp_path)) as client:
        result = _initialize(client, tmp_path)
        assert result["capabilities"]["hoverProvider"]
        mark = client.mark()
        item = {"uri": uri, "languageId": "markdown", "version": 1, "text": TEXT}
        client.notify("textDocument/didOpen", {"textDocument": item})
        first, after = client.wait_for(_publish_for(uri, 1), 30, mark)
        assert first.msg["params"]["diagnostics"] == []
        pos = {"line": 2, "character": 5}
        change = {"range": {"start": pos, "end": pos}, "text": "é"}
        client.notify(
            "textDocument/didChange",
            {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [change]},
        )
        client.wait_for(_publish_for(uri, 2), 30, after)
        params = {"textDocument": {"uri": uri}, "position": pos}
        ids = [client.send_request("textDocument/hover", params) for _ in range(3)]
        assert len(set(ids)) == 3
        for rid in reversed(ids):
            hover, sent, received = client.wait_response(rid, 30)
            assert hover["contents"]["value"] == "floor"
            assert received >= sent
        assert client.peak_rss_kb() > 0
        proc = client.proc
    assert proc is not None and proc.poll() is not None


WIRE = r"""
import json, sys
def body():
    length = 0
    while True:
        line = sys.stdin.buffer.readline()
        if not line:
            sys.exit(0)
        if line in (b"\r\n", b"\n"):
            break
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    return sys.stdin.buffer.read(length)
def read():
    return json.loads(body())
def send(msg):
    data = json.dumps(msg).encode()
    sys.stdout.buffer.write(b"Content-Length: %d\r\n\r\n" % len(data) + data)
    sys.stdout.buffer.flush()
"""
"""A scripted server's framing, written independently of the client under test."""

SCRIPTED = (
    WIRE
    + r"""
read()
send({"jsonrpc": "2.0", "id": "s1", "method": "workspace/configuration",
      "params": {"items": [{"section": "demo"}]}})
reply = read()
send({"jsonrpc": "2.0", "id": "s2", "method": "made/up", "params": {}})
error = read()
send({"jsonrpc": "2.0", "method": "test/echo", "params": {"reply": reply, "error": error}})
while True:
    message = read()
    if message.get("method") == "shutdown":
        send({"jsonrpc": "2.0", "id": message["id"], "result": None})
    elif message.get("method") == "exit":
        sys.exit(0)
"""
)


def test_server_requests_are_answered(tmp_path: Path) -> None:
    """Known server→client requests get the handler's result, unknown ones an error."""
    script = tmp_path / "scripted.py"
    script.write_text(SCRIPTED)
    handlers = {"workspace/configuration": lambda p: [{"answer": 42}]}
    with LspClient([sys.executable, str(script)], handlers=handlers) as client:
        client.notify("initialized", {})
        echo, _ = client.wait_for(lambda m: m.get("method") == "test/echo", 30)
        params = echo.msg["params"]
        assert params["reply"]["id"] == "s1"
        assert params["reply"]["result"] == [{"answer": 42}]
        assert params["error"]["id"] == "s2"
        assert params["error"]["error"]["code"] == -32601
        assert [r.msg["method"] for r in client.server_requests] == [
            "workspace/configuration",
            "made/up",
        ]


def test_unresponsive_server_is_killed(tmp_path: Path) -> None:
    """A server that ignores shutdown and exit is still gone when the block ends."""
    stubborn = [sys.executable, "-c", "import time; time.sleep(120)"]
    client = LspClient(stubborn, cwd=str(tmp_path))
    client.start()
    with pytest.raises(LspError):
        client.request("initialize", {}, timeout=0.2)
    client.close(timeout=0.2)
    assert client.proc is not None and client.proc.poll() is not None


def test_dead_server_fails_fast_instead_of_hanging(tmp_path: Path) -> None:
    """Waiting on a server that exited raises with its exit status, within the bound."""
    dying = [sys.executable, "-c", "import sys; sys.stderr.write('bye'); sys.exit(3)"]
    with LspClient(dying, cwd=str(tmp_path)) as client:
        assert client.wait_exit(30) == 3
        with pytest.raises(LspError):
            client.request("initialize", {}, timeout=30)


def test_lone_surrogates_travel_only_as_ascii_escapes() -> None:
    """JavaScript clients send lone surrogates; UTF-8 cannot, JSON escapes can."""
    message = {"jsonrpc": "2.0", "method": "m", "params": {"text": "a\ud800b"}}
    with pytest.raises(UnicodeEncodeError):
        encode_message(message)
    data = encode_message(message, ascii_only=True)
    assert data.isascii()
    assert read_message(io.BytesIO(data)) == message


ECHO = (
    WIRE
    + r"""
for n in range(10):
    sys.stderr.write(f"log {n}\n")
sys.stderr.flush()
send({"jsonrpc": "2.0", "id": "s1", "method": "made/up", "params": {}})
while True:
    raw = body()
    try:
        msg = json.loads(raw)
    except ValueError:
        send({"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "parse"}})
        continue
    if "method" in msg and "id" in msg:
        send({"jsonrpc": "2.0", "id": msg["id"], "result": msg["method"]})
    elif "id" in msg:
        send({"jsonrpc": "2.0", "method": "test/answered", "params": msg})
"""
)


def _echo(tmp_path: Path) -> list[str]:
    """A scripted server: answers requests with their method, parse errors without id."""
    script = tmp_path / "echo.py"
    script.write_text(ECHO)
    return [sys.executable, str(script)]


def test_raw_frames_orphans_and_fallback_answers(tmp_path: Path) -> None:
    """Broken frames, self-framed ids and a fallback for unknown server requests."""
    with LspClient(_echo(tmp_path), fallback=lambda params: "fallback") as client:
        answered, _ = client.wait_for(lambda m: m.get("method") == "test/answered", 30)
        assert answered.msg["params"] == {"jsonrpc": "2.0", "id": "s1", "result": "fallback"}
        client.send_raw(frame(b"{not json"))
        rid = client.next_id()
        client.send_raw(encode_message({"jsonrpc": "2.0", "id": rid, "method": "framed"}))
        assert client.wait_message(rid, 30).msg["result"] == "framed"
        assert [o["error"]["code"] for o in client.orphans] == [-32700]
        assert client.call("plain")["result"] == "plain"


@pytest.mark.parametrize(("log_lines", "kept"), [(None, 10), (4, 2)])
def test_server_log_is_kept_whole_or_bounded(
    tmp_path: Path, log_lines: int | None, kept: int
) -> None:
    """Tests read the whole log; the bench keeps a bounded tail of chatty servers."""
    client = LspClient(_echo(tmp_path), log_lines=log_lines)
    client.start()
    assert client.close(timeout=5) is not None
    lines = client.log_text().splitlines()
    assert len(lines) <= (log_lines or 10) and lines[-kept:] == [
        f"log {n}" for n in range(10 - kept, 10)
    ]


def test_the_fine_cpu_clock_agrees_with_the_kernel_ticks() -> None:
    # The new-user CPU row reads another process's CPU clock; read on this process it
    # must tell the same time as /proc's 10 ms ticks, read just before and after.
    import os

    pid = os.getpid()
    before = cpu_seconds(pid)
    fine = cpu_clock_seconds(pid)
    after = cpu_seconds(pid)
    tick = 1 / os.sysconf("SC_CLK_TCK")
    assert before - tick <= fine <= after + 2 * tick
    assert cpu_clock_seconds(2**22 + 12345) == 0.0  # no such process: the ticks' 0.0
