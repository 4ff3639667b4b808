"""The lines that add ``promptls mcp`` to each MCP client, generated from one table.

``promptls mcp --print-config CLIENT`` prints them, ``docs/mcp.md`` shows them (a test
fails when the page and this table disagree), and the tests parse every snippet as its
client's file format and read the command back out of it. Each client is data: where
its file lives, the shape of its entry, and the public page the shape follows (with the
date it was read). Nothing here imports the MCP SDK, so the snippets print from the
core install too.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from promptls.record import Record

SERVER_NAME = "promptls"
"""The name every client lists the server under."""

COMMAND = ("promptls", "mcp")
"""The program and arguments each client starts (``promptls`` on the PATH)."""


class ClientSetup(Record):
    """How one MCP client is told to start the server."""

    name: str
    title: str
    where: str
    """The file (or the command) that holds the entry, as the client's docs name it."""
    format: str
    """``shell``, ``toml`` or ``json``: what the snippet is, for docs and tests."""
    source: str
    """The client's page the entry follows, and when it was read."""
    render: Callable[[], str]


def _json(data: Mapping[str, Any]) -> str:
    """A JSON snippet as the client's file holds it (two-space indent, newline)."""
    return json.dumps(data, indent=2) + "\n"


def _mcp_servers() -> str:
    """The ``mcpServers`` object Claude's ``.mcp.json``, Gemini and Cursor read."""
    program, *args = COMMAND
    return _json({"mcpServers": {SERVER_NAME: {"command": program, "args": args}}})


def _claude() -> str:
    """``claude mcp add``: options before the name, the server's command after ``--``."""
    return f"claude mcp add --scope project {SERVER_NAME} -- {' '.join(COMMAND)}\n"


def _codex() -> str:
    """A ``[mcp_servers.NAME]`` table of ``config.toml``."""
    program, *args = COMMAND
    listed = ", ".join(json.dumps(a) for a in args)
    return f'[mcp_servers.{SERVER_NAME}]\ncommand = "{program}"\nargs = [{listed}]\n'


def _opencode() -> str:
    """A local server under ``mcp`` of ``opencode.json``: the command as one list."""
    return _json(
        {
            "$schema": "https://opencode.ai/config.json",
            "mcp": {SERVER_NAME: {"type": "local", "command": list(COMMAND), "enabled": True}},
        }
    )


def _vscode() -> str:
    """VS Code's ``servers`` object with an explicit ``stdio`` type."""
    program, *args = COMMAND
    return _json({"servers": {SERVER_NAME: {"type": "stdio", "command": program, "args": args}}})


CLIENTS: dict[str, ClientSetup] = {
    c.name: c
    for c in (
        ClientSetup(
            "claude",
            "Claude Code",
            "In the project folder (writes `.mcp.json`; `--scope user` adds it for every project)",
            "shell",
            "code.claude.com/docs/en/mcp, `claude mcp add [options] <name> -- <command> "
            "[args...]` (read 2026-12-06); Claude Code 2.1.332 runs this line and calls the "
            "server in tests/oracle/test_mcp_claude.py",
            _claude,
        ),
        ClientSetup(
            "codex",
            "Codex CLI",
            "In `~/.codex/config.toml` (or `.codex/config.toml` of a trusted project)",
            "toml",
            "developers.openai.com/codex/mcp, `[mcp_servers.<name>]` with command and args "
            "(read 2026-12-06); `codex mcp list` of Codex 0.171.0 lists it (2026-12-06)",
            _codex,
        ),
        ClientSetup(
            "gemini",
            "Gemini CLI",
            "In `.gemini/settings.json` of the project (or `~/.gemini/settings.json`); Gemini "
            "CLI starts MCP servers only in a folder you trust",
            "json",
            "google-gemini/gemini-cli docs/tools/mcp-server.md, `mcpServers` with command "
            "and args (read 2026-12-06); `gemini mcp list` of Gemini CLI 0.61.0 lists it "
            "(2026-12-06)",
            _mcp_servers,
        ),
        ClientSetup(
            "opencode",
            "opencode",
            "In `opencode.json` of the project (or `~/.config/opencode/opencode.json`)",
            "json",
            'opencode.ai/docs/mcp-servers, `"type": "local"` with `command` as one array '
            "(read 2026-12-06); opencode 1.18.33 connects to it (`opencode mcp list`, "
            "2026-12-06)",
            _opencode,
        ),
        ClientSetup(
            "vscode",
            "VS Code",
            "In `.vscode/mcp.json` of the workspace",
            "json",
            "code.visualstudio.com/docs/agents/reference/mcp-configuration, `servers` with "
            '`"type": "stdio"` (read 2026-12-06)',
            _vscode,
        ),
        ClientSetup(
            "cursor",
            "Cursor",
            "In `.cursor/mcp.json` of the project (or `~/.cursor/mcp.json`)",
            "json",
            "cursor.com/docs/mcp, `mcpServers` with command and args (read 2026-12-06)",
            _mcp_servers,
        ),
    )
}
"""Every client the docs give a set-up line for, in the order the docs list them."""


def setup_markdown() -> str:
    """The docs section: one heading and code block per client (``docs/mcp.md``)."""
    parts = []
    for client in CLIENTS.values():
        parts.append(
            f"### {client.title}\n\n{client.where}:\n\n"
            f"```{client.format}\n{client.render()}```\n\nSource: {client.source}.\n"
        )
    return "\n".join(parts)
