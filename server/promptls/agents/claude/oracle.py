"""Claude Code (``@anthropic-ai/claude-code``) as the oracle runs it.

Headless: ``claude -p PROMPT`` with ``ANTHROPIC_BASE_URL`` at the mock and a fake
``ANTHROPIC_API_KEY``. Its instruction request is the ``/v1/messages`` call that
carries the tools; it answers with a minimal streamed message (one text block,
``end_turn``), which is what Claude Code needs to finish a turn cleanly. Everything
else (the start-up ``/api/hello`` probe, side calls) gets a 404.

Where the files are: the first user message's first text block, a ``<system-reminder>``
holding one ``Contents of PATH (DESCRIPTION):`` section per file. That whole block is
the wire text ``promptls preview --profile claude --format wire`` prints.

A lazy load is observable too: ``reading(target)`` is an adapter whose mock answers the
first turn with one tool call, ``Read`` of ``target``; the request after it carries the
tool result and, in ``<system-reminder>`` blocks beside it (and, for AGENTS.md, a
``system`` message of hook context after it), the files Claude Code attached because of
that read. Those blocks are that adapter's wire text.
``tool_use_reply`` is that one streamed tool call for any tool (the MCP test scripts
promptls's own tool with it); ``tool_names`` and ``tool_results`` read a request's
offered tools and the results it carries back.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path

from promptls.oracle.adapter import Launch, Observation, first_with_tools
from promptls.oracle.mock import NOT_FOUND, Reply, Request, sse
from promptls.oracle.user import HookSource, UserSetup

BLOCK_START = "<system-reminder>\n"
HOOK_CONTEXT = "tool.call hook additional context: "
"""How 2.1.332 attaches a nested AGENTS.md after a read: a ``system`` message beside the
tool result, from its built-in AGENTS.md plugin's hook (oracle scenario "claude: a nested
AGENTS.md loads when a file there is read")."""
FILE_HEADER = re.compile(r"^Contents of (/.*?)(?: \([^()\n]*\))?:$", re.MULTILINE)
MODEL = "claude-oracle"


def _message() -> dict[str, object]:
    return {
        "id": "msg_oracle",
        "type": "message",
        "role": "assistant",
        "model": MODEL,
        "content": [],
        "stop_reason": None,
        "stop_sequence": None,
        "usage": {"input_tokens": 1, "output_tokens": 0},
    }


def _answer() -> Reply:
    return sse(
        [
            ("message_start", {"type": "message_start", "message": _message()}),
            (
                "content_block_start",
                {
                    "type": "content_block_start",
                    "index": 0,
                    "content_block": {"type": "text", "text": ""},
                },
            ),
            (
                "content_block_delta",
                {
                    "type": "content_block_delta",
                    "index": 0,
                    "delta": {"type": "text_delta", "text": "ok"},
                },
            ),
            ("content_block_stop", {"type": "content_block_stop", "index": 0}),
            (
                "message_delta",
                {
                    "type": "message_delta",
                    "delta": {"stop_reason": "end_turn", "stop_sequence": None},
                    "usage": {"output_tokens": 1},
                },
            ),
            ("message_stop", {"type": "message_stop"}),
        ]
    )


class ClaudeAdapter:
    """Claude Code: ``-p`` against an Anthropic Messages mock."""

    profile = "claude"
    executable = "claude"

    def launch(self, exe: Path, url: str, work: Path, home: Path, scratch: Path) -> Launch:
        return Launch(
            argv=(str(exe), "-p", "Say ok."),
            env={
                "ANTHROPIC_BASE_URL": url,
                "ANTHROPIC_API_KEY": "sk-ant-promptls-oracle-fake",
                "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
                "DISABLE_AUTOUPDATER": "1",
            },
        )

    def respond(self, request: Request, seen: Sequence[Request]) -> Reply:
        if request.method == "POST" and request.path.startswith("/v1/messages"):
            body = request.body
            if isinstance(body, dict) and body.get("stream") and body.get("tools"):
                return _answer()
        return NOT_FOUND

    def main_request(self, requests: Sequence[Request]) -> Request | None:
        return first_with_tools(requests)

    def observe(self, request: Request) -> Observation:
        wire = ""
        body = request.body if isinstance(request.body, dict) else {}
        messages = body.get("messages") or []
        first = messages[0] if messages else {}
        content = first.get("content") if isinstance(first, dict) else None
        blocks = content if isinstance(content, list) else [{"type": "text", "text": content}]
        for block in blocks[:1]:
            text = block.get("text") if isinstance(block, dict) else None
            if isinstance(text, str) and text.startswith(BLOCK_START) and FILE_HEADER.search(text):
                wire = text
        files = tuple(m.group(1) for m in FILE_HEADER.finditer(wire))
        return Observation(files=files, wire=wire)

    def reading(self, target: Path) -> ClaudeReading:
        """This agent, made to read ``target`` once (a lazy load's trigger)."""
        return ClaudeReading(target)


def tool_use_reply(name: str, arguments: dict[str, object], ident: str) -> Reply:
    """A streamed assistant message that calls one tool (Anthropic Messages streaming:
    a ``tool_use`` block whose input arrives as one ``input_json_delta``, then
    ``stop_reason: tool_use``); the agent runs the tool and sends its result back."""
    call = {"type": "tool_use", "id": ident, "name": name, "input": {}}
    return sse(
        [
            ("message_start", {"type": "message_start", "message": _message()}),
            (
                "content_block_start",
                {"type": "content_block_start", "index": 0, "content_block": call},
            ),
            (
                "content_block_delta",
                {
                    "type": "content_block_delta",
                    "index": 0,
                    "delta": {"type": "input_json_delta", "partial_json": json.dumps(arguments)},
                },
            ),
            ("content_block_stop", {"type": "content_block_stop", "index": 0}),
            (
                "message_delta",
                {
                    "type": "message_delta",
                    "delta": {"stop_reason": "tool_use", "stop_sequence": None},
                    "usage": {"output_tokens": 1},
                },
            ),
            ("message_stop", {"type": "message_stop"}),
        ]
    )


def _read_call(target: Path) -> Reply:
    """One streamed ``tool_use`` block: Claude Code's Read tool on ``target``."""
    return tool_use_reply("Read", {"file_path": str(target)}, "toolu_promptls_oracle")


def _has_tool_result(body: object) -> bool:
    messages = body.get("messages") if isinstance(body, dict) else None
    return "tool_result" in json.dumps(messages or [])


class ClaudeReading(ClaudeAdapter):
    """Claude Code scripted to read one file on its first turn (the only tool call the
    mock ever makes); what it attaches to the tool result is the observation."""

    def __init__(self, target: Path) -> None:
        self.target = target

    def respond(self, request: Request, seen: Sequence[Request]) -> Reply:
        body = request.body
        if (
            request.method == "POST"
            and request.path.startswith("/v1/messages")
            and isinstance(body, dict)
            and body.get("stream")
            and body.get("tools")
        ):
            return _answer() if _has_tool_result(body) else _read_call(self.target)
        return NOT_FOUND

    def main_request(self, requests: Sequence[Request]) -> Request | None:
        for request in requests:
            body = request.body
            if isinstance(body, dict) and body.get("tools") and _has_tool_result(body):
                return request
        return None

    def observe(self, request: Request) -> Observation:
        body = request.body if isinstance(request.body, dict) else {}
        texts: list[str] = []
        answered = False
        for message in body.get("messages") or []:
            content = message.get("content") if isinstance(message, dict) else None
            if not isinstance(content, list):
                continue
            answered = answered or "tool_result" in json.dumps(content)
            for block in content if answered else ():
                text = block.get("text") if isinstance(block, dict) else None
                if isinstance(text, str) and text.startswith(BLOCK_START):
                    texts.append(text)
                elif isinstance(text, str) and text.startswith(HOOK_CONTEXT):
                    texts.append(text.removeprefix(HOOK_CONTEXT))
        wire = "\n".join(texts)
        return Observation(files=tuple(m.group(1) for m in FILE_HEADER.finditer(wire)), wire=wire)


ADAPTER = ClaudeAdapter()


def tool_results(request: Request) -> dict[str, object]:
    """The ``tool_result`` blocks of a Messages request, by the id of the call they answer."""
    body = request.body if isinstance(request.body, dict) else {}
    found: dict[str, object] = {}
    for message in body.get("messages") or []:
        content = message.get("content") if isinstance(message, dict) else None
        for block in content if isinstance(content, list) else []:
            if isinstance(block, dict) and block.get("type") == "tool_result":
                found[str(block.get("tool_use_id"))] = block
    return found


def tool_names(request: Request) -> set[str]:
    """The names of the tools a Messages request offers the model."""
    body = request.body if isinstance(request.body, dict) else {}
    return {t["name"] for t in body.get("tools") or [] if isinstance(t, dict) and "name" in t}


USER = UserSetup(
    title="Claude Code",
    package="@anthropic-ai/claude-code",
    minimum="2.1.332",
    carry=(
        ".claude/CLAUDE.md",
        ".claude/rules",
        ".claude/settings.json",
        ".claude/skills",
        ".claude/agents",
        ".claude/commands",
        ".claude/output-styles",
    ),
    ephemeral=("--no-session-persistence",),
    hooks=(
        HookSource(".claude/settings.json"),
        HookSource(".claude/settings.json", in_home=False),
        HookSource(".claude/settings.local.json", in_home=False),
    ),
    skip_hooks=("--settings", '{"disableAllHooks": true}'),
    drop_settings=(
        ".claude/settings.json",
        ("apiKeyHelper", "awsAuthRefresh", "awsCredentialExport", "forceLoginMethod"),
    ),
    login_advice="a forceLoginMethod or apiKeyHelper in the project's .claude/settings.json "
    "asks for a real login: run observe on a copy without it",
)
"""Claude Code run against the user's setup: ``--no-session-persistence`` (no
transcript; ``claude --help``, 2.1.332), the overlay for ``~/.claude.json``'s project
state, and ``disableAllHooks`` as the hook switch (Claude Code's settings docs)."""
