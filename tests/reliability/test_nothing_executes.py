"""Nothing executes, nothing connects, nothing is written.

The server runs under ``launcher.py``, which replaces every way to start a program or
use the network with a guard that reports to a pipe (see its docstring). Every feature
is exercised (open, edit, hover, code actions, symbols, lenses, pull diagnostics, every
command, watched-file and configuration changes, close, shutdown); no guard may fire and
no file in the workspace may change. ``serve --tcp`` opens exactly one listening socket,
on the address given, and nothing else.
"""

from __future__ import annotations

import hashlib
import json
import os
import select
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import MARKER, assert_clean_log
from .rawlsp import ROOT, RawClient, encode

LAUNCHER = [sys.executable, str(Path(__file__).with_name("launcher.py"))]
COMMANDS = [
    ("promptls.showContextFiles", {"profile": "all"}),
    ("promptls.showEnvironment", {}),
    ("promptls.previewPrompt", {"format": "both"}),
    ("promptls.contextRevision", {}),
]


class Guard:
    """The pipe the launcher's guards write to, read without ever blocking forever."""

    def __init__(self) -> None:
        """Open the pipe; the child gets the write end."""
        self.read_fd, self.write_fd = os.pipe()
        self._buffer = b""
        self.events: list[dict[str, Any]] = []

    def env(self, **extra: str) -> dict[str, str]:
        """Environment for the guarded child."""
        return {
            **os.environ,
            "PYTHONPATH": str(ROOT / "server"),
            "PROMPTLS_GUARD_FD": str(self.write_fd),
            **extra,
        }

    def started(self) -> None:
        """The child has its copy: drop ours, so EOF means the child is gone."""
        os.close(self.write_fd)

    def read(self, timeout: float = 60.0) -> dict[str, Any] | None:
        """The next event, or None at EOF; fails after ``timeout`` seconds of silence."""
        while b"\n" not in self._buffer:
            ready, _, _ = select.select([self.read_fd], [], [], timeout)
            assert ready, "no guard event arrived"
            chunk = os.read(self.read_fd, 65536)
            if not chunk:
                return None
            self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        event: dict[str, Any] = json.loads(line)
        self.events.append(event)
        return event

    def drain(self) -> list[dict[str, Any]]:
        """Every remaining event, until the child has exited."""
        while self.read() is not None:
            pass
        os.close(self.read_fd)
        return self.events


def test_the_guards_catch_every_mechanism(tmp_path: Path) -> None:
    # The guard must work before its silence means anything.
    guard = Guard()
    script = (
        "import sys; sys.path.insert(0, sys.argv[1]); import launcher; launcher.install_guards()\n"
        "import os, socket, subprocess\n"
        "tries = [lambda: subprocess.run(['true']), lambda: os.system('true'),\n"
        "         lambda: os.execv('/bin/true', ['true']), lambda: os.fork(),\n"
        "         lambda: os.posix_spawn('/bin/true', ['true'], {}),\n"
        "         lambda: socket.create_connection(('127.0.0.1', 9)),\n"
        "         lambda: socket.socket().connect(('127.0.0.1', 9)),\n"
        "         lambda: socket.getaddrinfo('example.com', 80)]\n"
        "for t in tries:\n"
        "    try: t()\n"
        "    except PermissionError: pass\n"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", script, str(Path(__file__).parent)],
        env=guard.env(),
        pass_fds=(guard.write_fd,),
    )
    guard.started()
    events = guard.drain()
    assert proc.wait(timeout=60) == 0
    names = [e["event"] for e in events if not e["allowed"]]
    for expected in (
        "subprocess.Popen",
        "os.system",
        "os.execv",
        "os.fork",
        "os.posix_spawn",
        "socket.create_connection",
        "socket.connect",
        "socket.getaddrinfo",
    ):
        assert expected in names, (expected, names)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A repository with every kind of file promptls reads."""
    ws = tmp_path / "ws"
    (ws / ".git").mkdir(parents=True)
    (ws / ".git" / "HEAD").write_text("ref: refs/heads/main\n", encoding="utf-8")
    (ws / "AGENTS.md").write_text("Use tabs. See @docs/style.md\n", encoding="utf-8")
    (ws / "docs").mkdir()
    (ws / "docs" / "style.md").write_text("Style: `make lint` then $(rm -rf /)\n")
    (ws / "CLAUDE.md").write_text("@AGENTS.md\n!`touch /tmp/pwned`\n", encoding="utf-8")
    (ws / ".claude" / "skills" / "deploy").mkdir(parents=True)
    (ws / ".claude" / "skills" / "deploy" / "SKILL.md").write_text(
        "---\nname: deploy\ndescription: runs `./deploy.sh`\n---\nRun it.\n", encoding="utf-8"
    )
    (ws / "system.prompt").write_text(
        f"Doctrine.\n\n{MARKER}\n\nTurn $(id).\n__ZIDANE_SYSTEM_PROMPT_BOUNDRY__\n",
        encoding="utf-8",
    )
    (ws / ".promptls.toml").write_text('system-prompt-file = "system.prompt"\n')
    (tmp_path / "home").mkdir()
    return tmp_path


def snapshot(root: Path) -> dict[str, str]:
    """Path → sha256 of every file (and mode), to prove nothing was written."""
    out = {}
    for path in sorted(root.rglob("*")):
        if path.is_file():
            data = path.read_bytes()
            out[str(path)] = f"{hashlib.sha256(data).hexdigest()} {path.stat().st_mode:o}"
    return out


def exercise(client: RawClient, ws: Path) -> None:
    """Every feature the server has, once or more."""
    prompt, agents = (ws / "system.prompt").as_uri(), (ws / "AGENTS.md").as_uri()
    for uri, path in ((prompt, ws / "system.prompt"), (agents, ws / "AGENTS.md")):
        text = path.read_text(encoding="utf-8")
        client.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}},
        )
    end = {"line": 0, "character": 0}
    client.notify(
        "textDocument/didChange",
        {
            "textDocument": {"uri": prompt, "version": 2},
            "contentChanges": [{"range": {"start": end, "end": end}, "text": "New "}],
        },
    )
    for uri in (prompt, agents):
        ident = {"textDocument": {"uri": uri}}
        report = client.request("textDocument/diagnostic", ident)
        for line in range(6):
            pos = {"line": line, "character": 3}
            client.request("textDocument/hover", {**ident, "position": pos})
        whole = {"start": end, "end": {"line": 99, "character": 0}}
        actions = client.request(
            "textDocument/codeAction",
            {**ident, "range": whole, "context": {"diagnostics": report["items"]}},
        )
        for action in actions or []:
            if action.get("command"):
                cmd = action["command"]
                client.command(cmd["command"], *cmd.get("arguments", []))
        client.request("textDocument/documentSymbol", ident)
        for lens in client.request("textDocument/codeLens", ident) or []:
            if lens.get("command"):
                client.command(lens["command"]["command"], *lens["command"].get("arguments", []))
        client.command("promptls.renderWire", {"uri": uri})
        client.command("promptls.debug.documentHash", {"uri": uri})
    for name, extra in COMMANDS:
        response = client.command(name, {"folder": str(ws), **extra})
        assert "result" in response, response
    client.notify(
        "workspace/didChangeWatchedFiles",
        {
            "changes": [
                {"uri": agents, "type": 2},
                {"uri": (ws / "x" / "CLAUDE.md").as_uri(), "type": 1},
            ]
        },
    )
    client.notify(
        "workspace/didChangeConfiguration", {"settings": {"promptls": {"profile": "claude"}}}
    )
    client.command("promptls.previewPrompt", {"folder": str(ws)})
    client.command("promptls.debug.stats")
    for uri in (prompt, agents):
        client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})


def test_serving_runs_nothing_connects_nowhere_writes_only_its_code_cache(project: Path) -> None:
    ws = project / "ws"
    before = snapshot(project)
    guard = Guard()
    cache = project / "cache"  # the user's cache folder: where the code cache may go
    client = RawClient(
        project / "home",
        argv=[*LAUNCHER, "serve"],
        env=guard.env(PROMPTLS_CODE_CACHE="", XDG_CACHE_HOME=str(cache)),
        pass_fds=(guard.write_fd,),
    )
    guard.started()
    try:
        capabilities = {
            "textDocument": {"hover": {"contentFormat": ["markdown"]}, "diagnostic": {}},
            "workspace": {
                "didChangeWatchedFiles": {"dynamicRegistration": True},
                "configuration": True,
            },
        }
        client.initialize(ws, capabilities=capabilities)
        exercise(client, ws)
        assert client.alive()
        assert_clean_log(client)
    finally:
        code = client.close()
    events = guard.drain()
    assert events == [], "the server tried to run a program or use the network"
    assert code == 0
    after = snapshot(project)
    written = sorted(set(after) - set(before))
    assert [Path(p).relative_to(cache).parent for p in written] == [Path("promptls")]
    assert Path(written[0]).name.startswith("generated-")
    assert (Path(written[0]).stat().st_mode & 0o777) == 0o600
    del after[written[0]]
    assert after == before, "the server wrote to the workspace"


def listening_sockets(pid: int) -> list[tuple[str, int]]:
    """(address, port) of every TCP socket the process listens on, from ``/proc``."""
    inodes = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    found = []
    for table in ("tcp", "tcp6"):
        lines = Path(f"/proc/{pid}/net/{table}").read_text(encoding="ascii").splitlines()[1:]
        for line in lines:
            fields = line.split()
            local, state, inode = fields[1], fields[3], fields[9]
            if state == "0A" and inode in inodes:
                host_hex, port_hex = local.split(":")
                host = socket.inet_ntop(
                    socket.AF_INET if table == "tcp" else socket.AF_INET6,
                    bytes.fromhex(host_hex)[::-1] if table == "tcp" else _ipv6(host_hex),
                )
                found.append((host, int(port_hex, 16)))
    return found


def _ipv6(hex_address: str) -> bytes:
    """``/proc/net/tcp6`` stores four little-endian 32-bit words."""
    raw = bytes.fromhex(hex_address)
    return b"".join(raw[i : i + 4][::-1] for i in range(0, 16, 4))


@pytest.fixture
def free_port() -> Iterator[int]:
    """A port nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    yield port


def test_tcp_mode_opens_exactly_the_one_listener(project: Path, free_port: int) -> None:
    address = f"127.0.0.1:{free_port}"
    guard = Guard()
    proc = subprocess.Popen(
        [*LAUNCHER, "serve", "--tcp", address],
        env=guard.env(PROMPTLS_GUARD_LISTEN=address, HOME=str(project / "home")),
        pass_fds=(guard.write_fd,),
        stdin=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    guard.started()
    try:
        while (event := guard.read()) is not None and event["event"] != "socket.listen":
            pass
        assert event is not None, "the server never listened"
        assert listening_sockets(proc.pid) == [("127.0.0.1", free_port)]
        with socket.create_connection(("127.0.0.1", free_port), timeout=30) as conn:
            reader = SocketReader(conn)
            body = {"processId": None, "rootUri": None, "capabilities": {}}
            conn.sendall(
                encode({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": body})
            )
            reply = reader.message()
            assert reply["result"]["serverInfo"]["name"] == "promptls"
            args = {"folder": str(project / "ws")}
            conn.sendall(encode({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
            request = {"command": "promptls.showEnvironment", "arguments": [args]}
            conn.sendall(
                encode(
                    {
                        "jsonrpc": "2.0",
                        "id": 2,
                        "method": "workspace/executeCommand",
                        "params": request,
                    }
                )
            )
            while "id" not in (reply := reader.message()) or reply["id"] != 2:
                pass
            # still exactly one listener while a client is served (pygls may stop
            # listening once that client disconnects)
            assert listening_sockets(proc.pid) == [("127.0.0.1", free_port)]
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        assert proc.stderr is not None
        proc.stderr.close()
    events = guard.drain()
    assert [e for e in events if not e["allowed"]] == [], events
    kinds = sorted(e["event"] for e in events)
    assert kinds.count("socket.bind") == 1 and kinds.count("socket.listen") == 1
    assert "socket.connect" not in kinds


class SocketReader:
    """Framed messages from a socket, keeping whatever follows the current one."""

    def __init__(self, conn: socket.socket) -> None:
        """Read from ``conn``."""
        self.conn = conn
        self.buffer = b""

    def _fill(self) -> None:
        """Read more bytes (fails if the server closed the connection)."""
        chunk = self.conn.recv(65536)
        assert chunk, "connection closed"
        self.buffer += chunk

    def message(self) -> dict[str, Any]:
        """The next message."""
        while b"\r\n\r\n" not in self.buffer:
            self._fill()
        header, _, rest = self.buffer.partition(b"\r\n\r\n")
        length = int(header.split(b"Content-Length:")[1].split(b"\r\n")[0])
        self.buffer = rest
        while len(self.buffer) < length:
            self._fill()
        body, self.buffer = self.buffer[:length], self.buffer[length:]
        message: dict[str, Any] = json.loads(body)
        return message
