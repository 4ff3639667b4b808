"""``promptls serve`` options: bad options fail like every CLI error; TCP answers."""

from __future__ import annotations

import asyncio
import json
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from lsprotocol import types
from pygls.protocol import default_converter
from pytest_lsp import ClientServerConfig, LanguageClient
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES

from tests.lsp.client import CONFIG, capabilities, initialize, initialized_over_stdio

SERVE = [sys.executable, "-m", "promptls", "serve"]


@pytest.mark.parametrize("value", ["nonsense", "host:", ":80", "host:99999", "host:port"])
def test_bad_tcp_address_is_a_usage_error(value: str) -> None:
    done = subprocess.run([*SERVE, "--tcp", value], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"promptls: error: --tcp expects HOST:PORT, got {value!r}"
    ]


@pytest.mark.parametrize("args", [[], ["--stdio"]])
def test_stdio_as_editors_start_it_answers_and_exits(args: list[str]) -> None:
    # `promptls serve [--stdio]` skips the argument parser; it must still serve stdio
    # and leave cleanly on shutdown/exit.
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}},
        {"jsonrpc": "2.0", "id": 2, "method": "shutdown"},
        {"jsonrpc": "2.0", "method": "exit"},
    ]
    stdin = b"".join(
        b"Content-Length: %d\r\n\r\n" % len(body) + body
        for body in (json.dumps(m).encode() for m in messages)
    )
    done = subprocess.run([*SERVE, *args], input=stdin, capture_output=True, timeout=60)
    assert done.returncode == 0
    replies = [
        json.loads(part[: part.rindex(b"}") + 1]) for part in done.stdout.split(b"\r\n\r\n")[1:]
    ]
    assert replies[0]["result"]["serverInfo"]["name"] == "promptls"
    assert replies[1] == {"jsonrpc": "2.0", "id": 2, "result": None}


def test_tcp_server_answers_initialize() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [*SERVE, "--tcp", f"127.0.0.1:{port}", "--log-level", "info"],
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stderr is not None
        # pygls logs "Serving on" once it listens: reading that line is the readiness signal.
        for line in server.stderr:
            if "Serving on" in line:
                break
        with socket.create_connection(("127.0.0.1", port), timeout=30) as conn:
            body = json.dumps(
                {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}
            ).encode()
            conn.sendall(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            data = b""
            while b"\r\n\r\n" not in data:
                data += conn.recv(65536)
            header, _, rest = data.partition(b"\r\n\r\n")
            length = int(header.split(b"Content-Length:")[1].split(b"\r\n")[0])
            while len(rest) < length:
                rest += conn.recv(65536)
        reply = json.loads(rest[:length])
        assert reply["id"] == 1
        assert reply["result"]["serverInfo"]["name"] == "promptls"
        assert reply["result"]["capabilities"]["positionEncoding"] == "utf-16"
    finally:
        server.terminate()
        server.wait(timeout=30)


async def test_shutdown_while_the_server_awaits_the_client(tmp_path: Path) -> None:
    # The client holds back its answer to workspace/configuration; shutdown must still
    # answer, and the late answer must not disturb the server on its way out.
    asked = asyncio.Event()
    release = asyncio.Event()
    answered = asyncio.Event()

    def factory() -> LanguageClient:
        client = LanguageClient(converter_factory=default_converter)
        features = dict(DEFAULT_CLIENT_FEATURES)

        async def configuration(
            ls: LanguageClient, params: types.ConfigurationParams
        ) -> list[None]:
            asked.set()
            await release.wait()
            answered.set()
            return [None for _ in params.items]

        features[types.WORKSPACE_CONFIGURATION] = configuration
        for method, func in features.items():
            client.feature(method)(func)
        return client

    config = ClientServerConfig(
        server_command=CONFIG.server_command, client_factory=factory, server_env=CONFIG.server_env
    )
    client = await config.start()
    try:
        await initialize(client, capabilities("vscode"), tmp_path, None)
        await asyncio.wait_for(asked.wait(), 30)
        assert await client.shutdown_async(None) is None
    finally:
        # Answer late (pygls' client cannot stop while its own handler is pending).
        release.set()
        await asyncio.wait_for(answered.wait(), 30)
        client.exit(None)
        await client.stop()


def test_a_server_started_with_ctrl_c_ignored_keeps_ignoring_it() -> None:
    process = subprocess.Popen(
        CONFIG.server_command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=CONFIG.server_env,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN),
    )
    initialized_over_stdio(process)
    process.send_signal(signal.SIGINT)
    with pytest.raises(subprocess.TimeoutExpired):
        process.wait(1)
    assert process.stdin is not None
    process.stdin.close()
    assert process.wait(20) == 0
