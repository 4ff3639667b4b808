"""A real agent as the MCP client: the oracle's pinned Claude Code, set up with the line
docs/mcp.md gives (``claude mcp add``), is answered by the recording mock with a call to
promptls's ``instructions_for``; the request it sends next must carry the tool's answer
to the model.

Claude Code names an MCP tool ``mcp__SERVER__TOOL``. With ``ENABLE_TOOL_SEARCH=false``
it lists MCP tools in the request itself instead of behind its ToolSearch tool; a server
still connecting when the first request goes out is waited for through its
``WaitForMcpServers`` tool, which the mock calls first when promptls's tool is not
listed yet (both observed with Claude Code 2.1.332 on 2026-12-06).
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from promptls.agents.claude.oracle import ADAPTER, tool_names, tool_results, tool_use_reply
from promptls.mcp.setup import CLIENTS, SERVER_NAME
from promptls.oracle.adapter import Launch, Observation, merge_json_file
from promptls.oracle.mock import Reply, Request
from promptls.oracle.runner import SYSTEM_PATH, clean_env, run
from tests.oracle.harness import Scenario, agent_program

pytestmark = pytest.mark.oracle

TOOL = f"mcp__{SERVER_NAME}__instructions_for"
WAIT = "WaitForMcpServers"
CALL_ID, WAIT_ID = "toolu_promptls_call", "toolu_promptls_wait"
PATH = f"{Path(sys.executable).parent}:{SYSTEM_PATH}"
"""The agent finds ``promptls`` (this checkout's, with the mcp extra) as the line says."""


class ScriptedClaude:
    """The Claude adapter, with a mock that calls promptls's tool once, and a run that
    ends when the tool's result comes back."""

    profile = ADAPTER.profile
    executable = ADAPTER.executable

    def launch(self, exe: Path, url: str, work: Path, home: Path, scratch: Path) -> Launch:
        return ADAPTER.launch(exe, url, work, home, scratch)

    def respond(self, request: Request, seen: Sequence[Request]) -> Reply:
        body = request.body if isinstance(request.body, dict) else {}
        if request.path.startswith("/v1/messages") and body.get("stream"):
            offered, answered = tool_names(request), tool_results(request)
            if TOOL in offered and CALL_ID not in answered:
                return tool_use_reply(TOOL, {"path": "src/app.py", "agent": "claude"}, CALL_ID)
            if TOOL not in offered and WAIT in offered and WAIT_ID not in answered:
                return tool_use_reply(WAIT, {"servers": [SERVER_NAME]}, WAIT_ID)
        return ADAPTER.respond(request, seen)

    def main_request(self, requests: Sequence[Request]) -> Request | None:
        return next((r for r in requests if CALL_ID in tool_results(r)), None)

    def observe(self, request: Request) -> Observation:
        return ADAPTER.observe(request)


def _text(content: object) -> str:
    """A tool result's content: a string, or text blocks."""
    if isinstance(content, str):
        return content
    blocks = content if isinstance(content, list) else []
    return "".join(b.get("text", "") for b in blocks if isinstance(b, dict))


def test_claude_code_sends_the_answer_of_instructions_for_to_the_model(tmp_path: Path) -> None:
    exe = agent_program("claude")
    scenario = Scenario(
        {
            "ws/CLAUDE.md": "# Project fid-root\nUse tabs.\n",
            "ws/.claude/rules/python.md": "---\npaths:\n  - 'src/**/*.py'\n---\nfid-py\n",
            "ws/src/app.py": "print('hello')\n",
        }
    )
    work, home = scenario.build(tmp_path)
    add = subprocess.run(
        [str(exe), *shlex.split(CLIENTS["claude"].render())[1:]],
        cwd=work,
        env=clean_env(home, work, tmp_path / "add-scratch", {"PATH": PATH}),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert add.returncode == 0, add.stdout + add.stderr
    assert json.loads((work / ".mcp.json").read_text())["mcpServers"][SERVER_NAME]
    # Project servers and the one tool are approved as a user would approve them.
    merge_json_file(
        home / ".claude" / "settings.json",
        {"enableAllProjectMcpServers": True, "permissions": {"allow": [TOOL]}},
    )
    capture = run(
        ScriptedClaude(),
        exe,
        work,
        home,
        tmp_path / "agent-scratch",
        timeout=180,
        extra_env={"PATH": PATH, "ENABLE_TOOL_SEARCH": "false"},
    )
    assert capture.main is not None, capture.output
    result = tool_results(capture.main)[CALL_ID]
    assert isinstance(result, dict) and not result.get("is_error"), result
    sent = _text(result.get("content"))
    # Claude Code gives the model the structured content: the JSON promptls returned.
    data = json.loads(sent)
    assert data["target"] == str(work / "src" / "app.py")
    [claude] = data["profiles"]
    rule = str(work / ".claude" / "rules" / "python.md")
    assert [f["path"] for f in claude["files"]] == [str(work / "CLAUDE.md"), rule]
    [entry] = [e for e in claude["entries"] if e["path"] == rule]
    assert entry["status"] == "loaded" and "matches src/**/*.py" in entry["reason"], entry
    assert [f["tokens"] > 0 for f in claude["rendering"]["files"]] == [True, True]
