"""The MCP tools through the SDK's own client over stdio: the listing and its schemas,
and each tool's answer, which must be the CLI's JSON for the same question.

The read-only questions about the demo's core package are asked in one session of one
server (``answers``), as an agent asks them; each test checks one answer."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import jsonschema
import pytest

from promptls.discovery import PROFILES
from promptls.mcp.schemas import OUTPUT_SCHEMAS
from tests.cli.conftest import Demo, make_demo, run_cli

from .conftest import connect, structured, text_of

if TYPE_CHECKING:
    from mcp.types import CallToolResult, Tool

TOOLS = {"instructions_for", "preview", "check", "explain"}

QUESTIONS: dict[str, tuple[str, dict[str, Any]]] = {
    "file": ("instructions_for", {"path": "src/api/handler.ts", "agent": "copilot"}),
    "every agent": ("instructions_for", {"path": "."}),
    "preview": ("preview", {"agent": "codex"}),
    "explain": ("explain", {"code": "pl015"}),
}
"""The questions the session asks, by the name the tests look their answers up with."""


@dataclass(frozen=True)
class Answers:
    """One session's tool listing and answers, and the workspace it ran in."""

    demo: Demo
    tools: dict[str, Tool]
    results: dict[str, CallToolResult]


@pytest.fixture(scope="module")
def answers(tmp_path_factory: pytest.TempPathFactory) -> Answers:
    """``promptls mcp`` in the demo's core package, asked ``QUESTIONS`` and then the
    explanation of PL015 by the name its first explanation gave."""
    demo = make_demo(tmp_path_factory.mktemp("mcp-tools"))

    async def ask() -> tuple[dict[str, Tool], dict[str, CallToolResult]]:
        async with connect(demo.core, demo.home, [demo.core]) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            results = {key: await client.call_tool(*call) for key, call in QUESTIONS.items()}
            name = structured(results["explain"])["name"]
            results["explain by name"] = await client.call_tool("explain", {"code": name})
        return tools, results

    tools, results = asyncio.run(ask())
    return Answers(demo, tools, results)


def _cli_json(demo: Demo, *args: str) -> Any:
    """What ``promptls ARGS`` prints as JSON, with the same fake home."""
    result = run_cli(*args, home=demo.home, cwd=demo.core)
    assert result.code in (0, 1), result.err
    return json.loads(result.text)


def test_the_tools_are_listed_read_only_with_input_and_output_schemas(answers: Answers) -> None:
    tools = answers.tools
    assert set(tools) == TOOLS
    for name, tool in tools.items():
        assert tool.description, name
        assert tool.annotations is not None and tool.annotations.read_only_hint, name
        assert tool.annotations.open_world_hint is False, name
        jsonschema.Draft202012Validator.check_schema(tool.input_schema)
        assert tool.output_schema == OUTPUT_SCHEMAS[name]
        assert "roots" not in tool.input_schema["properties"], "roots come from the client"
    assert tools["instructions_for"].input_schema["required"] == ["path"]
    assert tools["preview"].input_schema["required"] == ["agent"]
    assert tools["check"].input_schema["required"] == ["paths"]
    assert tools["explain"].input_schema["required"] == ["code"]
    for name in ("instructions_for", "preview"):
        assert tools[name].input_schema["properties"]["agent"]["enum"] == list(PROFILES)


def _without_environment(data: dict[str, Any]) -> dict[str, Any]:
    """A context answer minus what depends on the day it runs (the CLI's date is pinned)."""
    out = {k: v for k, v in data.items() if k not in ("environment", "text")}
    out["profiles"] = [
        {k: v for k, v in p.items() if k not in ("revision", "rendering")} for p in data["profiles"]
    ]
    return out


def test_instructions_for_a_file_is_context_for_that_file(answers: Answers) -> None:
    demo = answers.demo
    handler = demo.core / "src" / "api" / "handler.ts"
    result = answers.results["file"]
    data = structured(result)
    cli = _cli_json(demo, "context", ".", "--for", str(handler), "--profile", "copilot", "--json")
    assert _without_environment(data) == _without_environment(cli)
    assert data["target"] == str(handler)
    [copilot] = data["profiles"]
    scoped = demo.core / ".github" / "instructions" / "api-handlers.instructions.md"
    entry = next(e for e in copilot["entries"] if e["path"] == str(scoped))
    assert entry["status"] == "loaded" and "src/api/**/*.ts" in entry["reason"]
    tokens = {f["path"]: f["tokens"] for f in copilot["rendering"]["files"]}
    assert tokens[str(scoped)] > 0
    assert "api-handlers.instructions.md" in text_of(result)


def test_instructions_for_without_an_agent_gives_every_agent_and_the_coverage(
    answers: Answers,
) -> None:
    demo = answers.demo
    data = structured(answers.results["every agent"])
    assert [p["profile"] for p in data["profiles"]] == list(PROFILES)
    assert data["coverage"]["agents"] == list(PROFILES)
    cli = _cli_json(demo, "context", ".", "--all-profiles", "--json")
    assert data["coverage"] == cli["coverage"]
    codex = next(p for p in data["profiles"] if p["profile"] == "codex")
    override = str(demo.core / "AGENTS.override.md")
    assert [f["path"] for f in codex["files"]][-1] == override
    shadowed = next(e for e in codex["entries"] if e["path"] == str(demo.core / "AGENTS.md"))
    assert shadowed["status"] == "shadowed" and "AGENTS.override.md" in shadowed["reason"]


def test_preview_is_the_agents_wire_text_with_each_files_tokens(answers: Answers) -> None:
    demo = answers.demo
    result = answers.results["preview"]
    data = structured(result)
    cli = _cli_json(demo, "preview", ".", "--profile", "codex", "--format", "json")
    [rendering] = data["renderings"]
    assert rendering == cli["rendering"]
    override = (demo.core / "AGENTS.override.md").read_text(encoding="utf-8")
    assert override.strip() in rendering["wire"]
    assert all(f["tokens"] > 0 for f in rendering["files"])
    assert rendering["tokens"] >= sum(f["tokens"] for f in rendering["files"])
    assert "AGENTS.override.md" in text_of(result)


async def test_check_returns_the_findings_of_check_format_json(demo: Demo) -> None:
    prompts = demo.ws / "prompts"
    async with connect(demo.ws, demo.home, [demo.ws]) as client:
        every = structured(await client.call_tool("check", {"paths": ["prompts"]}))
        only = structured(
            await client.call_tool(
                "check", {"paths": [str(prompts / "broken.prompt.md")], "select": ["pl001"]}
            )
        )
    cli = run_cli("check", "--format", "json", str(prompts), home=demo.home, cwd=demo.ws)
    assert every["findings"] == json.loads(cli.text)
    assert every["files"] == len(list(prompts.iterdir()))
    assert {f["code"] for f in every["findings"]} > {"PL001"}
    assert only["findings"] and {f["code"] for f in only["findings"]} == {"PL001"}
    assert all(f["path"] == str(prompts / "broken.prompt.md") for f in only["findings"])


def test_explain_is_promptls_explain(answers: Answers) -> None:
    demo = answers.demo
    result, by_name = answers.results["explain"], answers.results["explain by name"]
    data = structured(result)
    assert data["code"] == "PL015" and data["badExample"]
    assert "url" not in data  # no published rule pages: the page itself instead of a link
    assert data["page"] == run_cli("rule", "PL015", home=demo.home).text
    cli = run_cli("explain", "PL015", home=demo.home)
    assert text_of(result) + "\n" == cli.text
    assert structured(by_name) == data


def test_the_output_schemas_hold_what_the_cli_prints(demo: Demo) -> None:
    """The schemas come from apidesc; the CLI's JSON must fit them (the tools return it)."""
    findings = _cli_json(demo, "check", "--format", "json", str(demo.ws / "prompts"))
    jsonschema.validate(
        {"files": 1, "findings": findings}, OUTPUT_SCHEMAS["check"], jsonschema.Draft202012Validator
    )
    rules = _cli_json(demo, "rules", "--format", "json")
    row_schema = OUTPUT_SCHEMAS["explain"]["properties"]
    assert set(rules[0]) < set(row_schema)
