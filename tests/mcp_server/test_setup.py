"""The set-up lines: one table, printed by ``promptls mcp --print-config``, shown in
docs/mcp.md, and each a valid file (or command) of its client that starts
``promptls mcp``; and what ``promptls mcp`` says when the SDK is not installed."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from promptls.mcp.setup import CLIENTS, COMMAND, SERVER_NAME
from tests.cli.conftest import Result, assert_usage_error, run_cli

ROOT = Path(__file__).resolve().parents[2]


def _command_of(name: str, snippet: str) -> list[str]:
    """The command line a client's snippet starts, read back as that client reads it."""
    fmt = CLIENTS[name].format
    if fmt == "shell":
        words = shlex.split(snippet)
        assert words[:3] == ["claude", "mcp", "add"], words
        assert words[words.index("--") - 1] == SERVER_NAME
        return words[words.index("--") + 1 :]
    if fmt == "toml":
        entry = tomllib.loads(snippet)["mcp_servers"][SERVER_NAME]
        return [entry["command"], *entry["args"]]
    data = json.loads(snippet)
    servers = data.get("mcpServers") or data.get("servers") or data["mcp"]
    entry = servers[SERVER_NAME]
    if isinstance(entry["command"], list):
        assert entry["type"] == "local" and entry["enabled"] is True
        return list(entry["command"])
    if "servers" in data:
        assert entry["type"] == "stdio"
    return [entry["command"], *entry["args"]]


@pytest.mark.parametrize("name", list(CLIENTS))
def test_each_snippet_is_its_clients_format_and_starts_promptls_mcp(name: str) -> None:
    printed = run_cli("mcp", "--print-config", name, home=None)
    assert printed.code == 0, printed.err
    assert printed.text == CLIENTS[name].render()
    assert _command_of(name, printed.text) == list(COMMAND)


def test_the_six_clients_of_the_issue_are_covered() -> None:
    assert set(CLIENTS) == {"claude", "codex", "gemini", "opencode", "vscode", "cursor"}
    for client in CLIENTS.values():
        assert "read 20" in client.source, f"{client.name}: the source needs its date"


def test_docs_mcp_md_shows_every_snippet_and_the_current_schemas() -> None:
    # Here, not at the top: the docs are made from the server's tools, which load the
    # MCP SDK (~0.8 s of every collection of the suite otherwise).
    from promptls.mcp.docs import END, SCHEMAS_FILE, START, reference, schemas_json

    page = (ROOT / "docs" / "mcp.md").read_text(encoding="utf-8")
    generated = page[page.index(START) + len(START) : page.index(END)]
    assert generated.strip() == reference().strip(), "docs/mcp.md is stale: run scripts/gen-api"
    for client in CLIENTS.values():
        assert client.render() in generated
    schemas = (ROOT / "docs" / SCHEMAS_FILE).read_text(encoding="utf-8")
    assert schemas == schemas_json(), f"docs/{SCHEMAS_FILE} is stale: run scripts/gen-api"
    assert f"]({SCHEMAS_FILE})" in generated


def test_an_unknown_client_is_a_usage_error() -> None:
    result = run_cli("mcp", "--print-config", "emacs", home=None)
    assert result.code == 2
    assert "emacs" in result.err and "codex" in result.err


def test_without_the_sdk_promptls_mcp_says_how_to_install_it(tmp_path: Path) -> None:
    """An interpreter that cannot import ``mcp`` (the core install) gets one line."""
    blocker = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'mcp' or name.startswith('mcp.'):\n"
        "            raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "from promptls.cli import main\n"
        "sys.exit(main(['mcp']))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", blocker],
        capture_output=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
        check=False,
        cwd=tmp_path,
    )

    assert_usage_error(
        Result(proc.returncode, proc.stdout, proc.stderr.decode()), "pip install 'promptls[mcp]'"
    )
