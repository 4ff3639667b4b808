"""Malformed protocol: raw bytes over stdio get the JSON-RPC answer the spec names (or are
ignored where it says so), and the server answers the next valid request every time."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from .rawlsp import RawClient, encode, frame

PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS = -32700, -32600, -32601, -32602
NOT_INITIALIZED = -32002
NEVER_OPENED = "file:///never/opened.prompt"
ORIGIN = {"line": 0, "character": 0}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RawClient]:
    """One initialized server for the whole module: every case must leave it usable."""
    base = tmp_path_factory.mktemp("malformed")
    (base / "home").mkdir()
    (base / "ws").mkdir()
    client = RawClient(base / "home")
    client.initialize(base / "ws")
    client.folder = base / "ws"  # type: ignore[attr-defined]
    yield client
    client.close()


def answers_next_request(client: RawClient) -> None:
    """The liveness check after every case: a valid request gets its valid answer."""
    response = client.call("textDocument/documentSymbol", {"textDocument": {"uri": NEVER_OPENED}})
    assert "error" not in response and response["result"] in (None, []), response


def orphan_after(client: RawClient, send: Callable[[], None]) -> list[dict[str, Any]]:
    """Send something, then a ping; return the id-less error responses it produced.

    The server handles messages in order, so anything the bad message caused has
    arrived once the ping is answered.
    """
    before = len(client.orphans)
    send()
    answers_next_request(client)
    return client.orphans[before:]


def error_codes(orphans: list[dict[str, Any]]) -> list[int]:
    """The error codes of id-less responses."""
    assert all(o.get("id") is None for o in orphans)
    return [o["error"]["code"] for o in orphans]


# -- framing and JSON ------------------------------------------------------------------

FRAMES: dict[str, tuple[bytes, list[int]]] = {
    "invalid JSON": (frame(b'{"jsonrpc": "2.0", "id": 1, '), [PARSE_ERROR]),
    "not UTF-8": (frame(b'{"jsonrpc":"2.0","method":"\xff\xfe"}'), [PARSE_ERROR]),
    "empty JSON array": (frame(b"[]"), [INVALID_REQUEST]),
    "bare number": (frame(b"42"), [INVALID_REQUEST]),
    "JSON null": (frame(b"null"), [INVALID_REQUEST]),
    "object that is no message": (frame(b'{"hello": "world"}'), [INVALID_REQUEST]),
    "Content-Length: 0": (b"Content-Length: 0\r\n\r\n", []),
    "Content-Length not a number": (
        b'Content-Length: twelve\r\n\r\n{"jsonrpc":"2.0","id":77,"method":"shutdown"}',
        [],
    ),
    "negative Content-Length": (
        b'Content-Length: -5\r\n\r\n{"jsonrpc":"2.0","id":78,"method":"shutdown"}',
        [],
    ),
    "no Content-Length header": (
        b'Content-Type: application/json\r\n\r\n{"jsonrpc":"2.0","id":79,"method":"shutdown"}',
        [],
    ),
    "Content-Length too short": (b'Content-Length: 5\r\n\r\n{"jsonrpc":"2.0"}', [PARSE_ERROR]),
    "extra headers": (
        b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n"
        + frame(b'{"jsonrpc":"2.0","method":"$/x"}'),
        [],
    ),
}


@pytest.mark.parametrize("name", list(FRAMES))
def test_broken_frames_and_bodies(server: RawClient, name: str) -> None:
    data, codes = FRAMES[name]
    assert error_codes(orphan_after(server, lambda: server.send_raw(data))) == codes
    # the shutdown requests hidden in broken frames were never executed
    answers_next_request(server)


def test_batch_array_is_rejected_whole_and_not_executed(server: RawClient) -> None:
    batch = [
        {"jsonrpc": "2.0", "id": 9001, "method": "shutdown"},
        {"jsonrpc": "2.0", "method": "exit"},
    ]
    orphans = orphan_after(server, lambda: server.send_raw(frame(json.dumps(batch).encode())))
    assert error_codes(orphans) == [INVALID_REQUEST]
    answers_next_request(server)
    assert server.alive(), "a request inside the batch was executed"


def test_header_without_body_costs_only_the_message_it_swallows(server: RawClient) -> None:
    # The declared body is taken from the next message: nobody can do better with this
    # framing. The server must resynchronise at the following header.
    server.send_raw(b"Content-Length: 40\r\n\r\n")
    swallowed = server.next_id()
    server.send_raw(encode({"jsonrpc": "2.0", "id": swallowed, "method": "shutdown"}))
    answers_next_request(server)
    assert server.alive()
    assert PARSE_ERROR in error_codes(server.orphans[-2:])


# -- methods and params ----------------------------------------------------------------


@pytest.mark.parametrize("method", ["promptls/noSuchThing", "$/noSuchRequest"])
def test_unknown_request_is_method_not_found(server: RawClient, method: str) -> None:
    response = server.call(method, {"x": 1})
    assert response["error"]["code"] == METHOD_NOT_FOUND
    answers_next_request(server)


@pytest.mark.parametrize("method", ["promptls/noSuchThing", "$/noSuchThing", "$/cancelRequest"])
def test_unknown_and_dollar_notifications_are_ignored(server: RawClient, method: str) -> None:
    before = len(server.notifications)
    params = {"id": 123456} if method == "$/cancelRequest" else {"x": 1}
    assert orphan_after(server, lambda: server.notify(method, params)) == []
    arrived = server.notifications_since(before)
    shown = [n for n in arrived if n.msg["method"] == "window/showMessage"]
    assert shown == [], "an ignorable notification must not bother the user"


WRONG_PARAMS: dict[str, tuple[str, Any]] = {
    "hover with a number for the document": (
        "textDocument/hover",
        {"textDocument": 5, "position": ORIGIN},
    ),
    "hover with a string position": (
        "textDocument/hover",
        {"textDocument": {"uri": NEVER_OPENED}, "position": "start"},
    ),
    "code action without a range": (
        "textDocument/codeAction",
        {"textDocument": {"uri": NEVER_OPENED}, "context": {"diagnostics": []}},
    ),
    "document symbols with params as a list": ("textDocument/documentSymbol", [1, 2]),
    "executeCommand without a command": ("workspace/executeCommand", {"arguments": []}),
    "diagnostic with a null document": ("textDocument/diagnostic", {"textDocument": None}),
}


@pytest.mark.parametrize("name", list(WRONG_PARAMS))
def test_wrong_param_types_are_invalid_params(server: RawClient, name: str) -> None:
    method, params = WRONG_PARAMS[name]
    response = server.call(method, params, timeout=10)
    assert response["error"]["code"] == INVALID_PARAMS, response
    answers_next_request(server)


@pytest.mark.parametrize(
    "method", ["textDocument/didOpen", "textDocument/didChange", "textDocument/didClose"]
)
def test_malformed_notifications_are_dropped_silently(server: RawClient, method: str) -> None:
    assert orphan_after(server, lambda: server.notify(method, {"textDocument": 5})) == []


NEVER_OPENED_REQUESTS: dict[str, tuple[str, dict[str, Any], Any]] = {
    "hover": (
        "textDocument/hover",
        {"textDocument": {"uri": NEVER_OPENED}, "position": ORIGIN},
        None,
    ),
    "codeAction": (
        "textDocument/codeAction",
        {
            "textDocument": {"uri": NEVER_OPENED},
            "range": {"start": ORIGIN, "end": ORIGIN},
            "context": {"diagnostics": []},
        },
        (None, []),
    ),
    "codeLens": ("textDocument/codeLens", {"textDocument": {"uri": NEVER_OPENED}}, (None, [])),
    "diagnostic": (
        "textDocument/diagnostic",
        {"textDocument": {"uri": NEVER_OPENED}},
        {"kind": "full", "items": []},
    ),
}


@pytest.mark.parametrize("name", list(NEVER_OPENED_REQUESTS))
def test_requests_for_documents_never_opened(server: RawClient, name: str) -> None:
    method, params, expected = NEVER_OPENED_REQUESTS[name]
    result = server.request(method, params)
    assert result in expected if isinstance(expected, tuple) else result == expected
    # a didChange for it is ignored, not turned into a phantom document
    server.notify(
        "textDocument/didChange",
        {"textDocument": {"uri": NEVER_OPENED, "version": 2}, "contentChanges": [{"text": "x"}]},
    )
    hashed = server.command("promptls.debug.documentHash", {"uri": NEVER_OPENED})
    assert hashed["error"]["code"] == INVALID_PARAMS


def test_did_change_with_an_older_version_follows_the_client(server: RawClient) -> None:
    # Versions must increase; a client that breaks that still changed its buffer, and
    # dropping the change would corrupt every later incremental edit. The server applies
    # it and keeps answering.
    uri = (server.folder / "versions.prompt").as_uri()  # type: ignore[attr-defined]
    server.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "markdown", "version": 10, "text": "ab"}},
    )
    change = {"range": {"start": {"line": 0, "character": 2}, "end": {"line": 0, "character": 2}}}
    server.notify(
        "textDocument/didChange",
        {"textDocument": {"uri": uri, "version": 3}, "contentChanges": [{**change, "text": "c"}]},
    )
    result = server.command("promptls.debug.documentHash", {"uri": uri})["result"]
    assert result["sha256"] == hashlib.sha256(b"abc").hexdigest()
    assert result["version"] == 3
    answers_next_request(server)


COMMAND_ARGUMENTS: dict[str, tuple[str, list[Any]]] = {
    "no argument": ("promptls.showContextFiles", []),
    "two arguments": ("promptls.showEnvironment", [{"folder": "/"}, {"folder": "/"}]),
    "a string instead of an object": ("promptls.previewPrompt", ["/tmp"]),
    "missing folder": ("promptls.previewPrompt", [{}]),
    "folder is a number": ("promptls.contextRevision", [{"folder": 7}]),
    "relative folder": ("promptls.showEnvironment", [{"folder": "relative/dir"}]),
    "NUL in the folder": ("promptls.showContextFiles", [{"folder": "/tmp/a\u0000b"}]),
    "folder outside the workspace": ("promptls.previewPrompt", [{"folder": "/etc"}]),
    "unknown profile": ("promptls.showContextFiles", [{"folder": "WS", "profile": "vim"}]),
    "unknown preview format": ("promptls.previewPrompt", [{"folder": "WS", "format": "html"}]),
    "renderWire of a closed document": ("promptls.renderWire", [{"uri": NEVER_OPENED}]),
    "unknown command": ("promptls.formatHardDrive", [{}]),
}


@pytest.mark.parametrize("name", list(COMMAND_ARGUMENTS))
def test_commands_with_wrong_arguments(server: RawClient, name: str) -> None:
    command, arguments = COMMAND_ARGUMENTS[name]
    folder = str(server.folder)  # type: ignore[attr-defined]
    arguments = [
        {k: (folder if v == "WS" else v) for k, v in a.items()} if isinstance(a, dict) else a
        for a in arguments
    ]
    response = server.command(command, *arguments)
    assert response["error"]["code"] == INVALID_PARAMS, response
    assert response["error"]["message"].startswith("Invalid Params")
    answers_next_request(server)


@pytest.mark.slow  # messages of many megabytes
def test_huge_single_messages(server: RawClient) -> None:
    # 50 MB in one unknown request, then a 50 MB document: both handled, nothing lost.
    padding = "x" * (50 * 1024 * 1024)
    response = server.call("promptls/noSuchThing", {"padding": padding}, timeout=120)
    assert response["error"]["code"] == METHOD_NOT_FOUND
    uri = (server.folder / "huge.prompt").as_uri()  # type: ignore[attr-defined]
    text = "word " * (10 * 1024 * 1024)
    server.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}},
    )
    hashed = server.call("workspace/executeCommand", _hash_args(uri), timeout=120)
    assert hashed["result"]["sha256"] == hashlib.sha256(text.encode()).hexdigest()
    server.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    answers_next_request(server)


def _hash_args(uri: str) -> dict[str, Any]:
    """executeCommand params for the debug hash of one document."""
    return {"command": "promptls.debug.documentHash", "arguments": [{"uri": uri}]}


# -- lifecycle -------------------------------------------------------------------------


def test_requests_before_initialize_and_after_shutdown(
    start_server: Callable[..., RawClient], workspace: Path
) -> None:
    client = start_server()
    early = client.call(
        "textDocument/hover", {"textDocument": {"uri": NEVER_OPENED}, "position": ORIGIN}
    )
    assert early["error"]["code"] == NOT_INITIALIZED
    client.notify("textDocument/didOpen", {"textDocument": {"uri": NEVER_OPENED}})
    client.initialize(workspace)
    answers_next_request(client)
    assert client.request("shutdown") is None
    late = client.call("textDocument/documentSymbol", {"textDocument": {"uri": NEVER_OPENED}})
    assert late["error"]["code"] == INVALID_REQUEST
    client.notify("exit")
    assert client.wait_exit(30) == 0


def test_debug_commands_need_the_debug_setting(
    start_server: Callable[..., RawClient], workspace: Path
) -> None:
    client = start_server()
    caps = client.initialize(workspace, debug=False)["capabilities"]
    commands = caps["executeCommandProvider"]["commands"]
    assert not [c for c in commands if c.startswith("promptls.debug.")]
    response = client.command("promptls.debug.documentHash", {"uri": NEVER_OPENED})
    assert response["error"]["code"] == INVALID_PARAMS


def test_malformed_response_to_a_server_request_does_not_hang_it(
    start_server: Callable[..., RawClient], workspace: Path
) -> None:
    # The server asks for configuration, then registers its file watchers. A client
    # answering the first with null (not a list) must not stall the second.
    client = start_server()
    client.handlers["workspace/configuration"] = lambda params: None
    capabilities = {
        "workspace": {
            "configuration": True,
            "didChangeWatchedFiles": {"dynamicRegistration": True},
        }
    }
    client.initialize(workspace, capabilities=capabilities)
    client.wait_server_request("workspace/configuration")
    client.wait_server_request("client/registerCapability")
    answers_next_request(client)


def test_absurd_content_length_does_not_kill_the_server(
    start_server: Callable[..., RawClient], workspace: Path
) -> None:
    # The declared body never comes; the server must wait for it (framing leaves no
    # choice) without allocating it, and end cleanly when the client goes away.
    client = start_server()
    client.initialize(workspace)
    client.send_raw(b"Content-Length: 99999999999\r\n\r\n{}")
    assert client.proc is not None and client.proc.stdin is not None
    client.proc.stdin.close()
    assert client.wait_exit() == 0
    assert "MemoryError" not in client.log_text()
