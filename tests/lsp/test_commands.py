"""Workspace commands: result shapes editors rely on, and argument validation."""

from __future__ import annotations

import hashlib

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pytest_lsp import LanguageClient

from promptls.apidesc.commands import COMMANDS
from promptls.discovery import PROFILES
from promptls.prompt import render_system_for_wire, split_system_prompt
from promptls.tokens import estimate_tokens
from tests.cli.conform import problems, result_schema
from tests.lsp.client import (
    MARKER,
    close_doc,
    diagnostics,
    execute,
    open_doc,
    session,
    uri_of,
)

pytestmark = pytest.mark.asyncio(loop_scope="module")
INVALID_PARAMS = -32602


def setup_folder(lsp: LanguageClient) -> tuple[str, str]:
    """An AGENTS.md at the workspace root and a git repo on branch ``feature``."""
    root = lsp.root  # type: ignore[attr-defined]
    agents = root / "AGENTS.md"
    agents.write_text("# rules\nAlways run the tests.\n", encoding="utf-8")
    (root / ".git").mkdir(exist_ok=True)
    (root / ".git" / "HEAD").write_text("ref: refs/heads/feature\n", encoding="utf-8")
    return str(root), str(agents)


async def test_show_context_files_for_one_and_all_profiles(lsp: LanguageClient) -> None:
    folder, agents = setup_folder(lsp)
    result = await execute(lsp, "promptls.showContextFiles", {"folder": folder})
    assert result["folder"] == folder
    [only] = result["profiles"]
    assert only["profile"] == "codex"  # the folder holds AGENTS.md, codex's own file
    mine = [f for f in only["files"] if f["path"] == agents]
    assert mine and mine[0]["status"] == "loaded" and mine[0]["scope"] == "project"
    assert mine[0]["bytes"] == len(b"# rules\nAlways run the tests.\n")
    assert mine[0]["tokensEstimate"] == estimate_tokens("# rules\nAlways run the tests.\n")
    every = await execute(lsp, "promptls.showContextFiles", {"folder": folder, "profile": "all"})
    assert [p["profile"] for p in every["profiles"]] == list(PROFILES)
    codex = every["profiles"][2]
    assert any(f["path"] == agents and f["status"] == "loaded" for f in codex["files"])
    for profile in every["profiles"]:
        loaded = {f["path"] for f in profile["files"]}
        assert loaded <= {e["path"] for e in profile["entries"] if e["reason"]}


async def test_results_have_the_described_shape_and_the_cli_view(lsp: LanguageClient) -> None:
    """Every command answers with exactly the fields ``promptls api-json`` describes (the
    same serialiser as the CLI's --json), plus the CLI's human view as ``text``."""
    folder, agents = setup_folder(lsp)
    uri = uri_of(lsp.root / "shape.md")  # type: ignore[attr-defined]
    open_doc(lsp, uri, f"static\n\n{MARKER}\n\ndynamic\n")
    await diagnostics(lsp, lsp.name, uri, 1)  # type: ignore[attr-defined]
    calls = [
        ("promptls.showContextFiles", {"folder": folder, "profile": "all"}),
        ("promptls.showEnvironment", {"folder": folder}),
        ("promptls.previewPrompt", {"folder": folder}),
        ("promptls.previewPrompt", {"folder": folder, "format": "blocks"}),
        ("promptls.previewPrompt", {"folder": folder, "format": "wire"}),
        ("promptls.renderWire", {"uri": uri}),
        ("promptls.contextRevision", {"folder": folder}),
    ]
    for command, argument in calls:
        answer = await execute(lsp, command, argument)
        assert problems(answer, result_schema(command)) == [], (command, argument)
    context = await execute(lsp, "promptls.showContextFiles", {"folder": folder})
    assert "Profile codex: OpenAI Codex CLI" in context["text"]  # AGENTS.md: codex's file
    assert "  loaded, broadest first:" in context["text"]
    assert "AGENTS.md" in context["text"] and agents not in context["text"], "shortened"
    env = await execute(lsp, "promptls.showEnvironment", {"folder": folder})
    assert "  git:   yes, branch feature" in env["text"].splitlines()
    preview = await execute(lsp, "promptls.previewPrompt", {"folder": folder})
    assert "Block 1 of 2: static (cache_control: ephemeral)" in preview["text"]
    wire = await execute(lsp, "promptls.renderWire", {"uri": uri})
    assert wire["text"].startswith("Markers: 1\n") and "dynamic" in wire["text"]
    close_doc(lsp, uri)


async def test_the_server_offers_exactly_the_described_commands(lsp: LanguageClient) -> None:
    provider = lsp.init_result.capabilities.execute_command_provider  # type: ignore[attr-defined]
    described = {c["id"] for c in COMMANDS}
    registered = set(provider.commands)
    assert described <= registered
    assert {c for c in registered if not c.startswith("promptls.debug.")} == described


async def test_show_context_files_for_an_open_document(lsp: LanguageClient) -> None:
    folder, _ = setup_folder(lsp)
    uri = uri_of(lsp.root / "AGENTS.md")  # type: ignore[attr-defined]
    open_doc(lsp, uri, "# rules\n")
    result = await execute(lsp, "promptls.showContextFiles", {"uri": uri, "profile": "codex"})
    assert result["folder"] == folder and result["profiles"][0]["profile"] == "codex"
    close_doc(lsp, uri)


async def test_show_environment_reads_git_from_files(lsp: LanguageClient) -> None:
    folder, _ = setup_folder(lsp)
    result = await execute(lsp, "promptls.showEnvironment", {"folder": folder})
    env = result["environment"]
    assert result["folder"] == env["cwd"] == folder
    assert env["gitRepo"] is True and env["gitBranch"] == "feature"
    assert set(env) >= {"os", "arch", "shell", "date"}


async def test_preview_prompt_formats_and_revision(lsp: LanguageClient) -> None:
    folder, _ = setup_folder(lsp)
    both = await execute(lsp, "promptls.previewPrompt", {"folder": folder})
    assert both["blocks"][0]["cache_control"] == {"type": "ephemeral"}
    assert "Always run the tests." in both["blocks"][-1]["text"]
    assert MARKER not in both["wire"] and "Always run the tests." in both["wire"]
    blocks = await execute(lsp, "promptls.previewPrompt", {"folder": folder, "format": "blocks"})
    assert "wire" not in blocks and blocks["blocks"] == both["blocks"]
    wire = await execute(lsp, "promptls.previewPrompt", {"folder": folder, "format": "wire"})
    assert "blocks" not in wire and wire["wire"] == both["wire"]
    assert "text" not in wire and "static" not in wire and "system" not in both
    assert both["sizes"]["static"]["bytes"] == len(both["blocks"][0]["text"].encode())
    rev = await execute(lsp, "promptls.contextRevision", {"folder": folder})
    assert rev["revision"] == both["revision"] and rev["folder"] == folder


async def test_render_wire_of_an_open_document(lsp: LanguageClient) -> None:
    uri = uri_of(lsp.root / "wire.md")  # type: ignore[attr-defined]
    text = f"doctrine 😀\n\n{MARKER}\n\nturn\n\n{MARKER}\n\nmore\n"
    open_doc(lsp, uri, text)
    await diagnostics(lsp, lsp.name, uri, 1)  # type: ignore[attr-defined]
    result = await execute(lsp, "promptls.renderWire", {"uri": uri})
    static, dynamic = split_system_prompt(text)
    assert (result["static"], result["dynamic"]) == (static, dynamic)
    assert result["wire"] == render_system_for_wire(text)
    assert result["markers"] == 2 and result["version"] == 1
    assert result["sizes"]["static"]["bytes"] == len(static.encode())
    assert result["sizes"]["wire"]["chars"] == len(render_system_for_wire(text))
    digest = await execute(lsp, "promptls.debug.documentHash", {"uri": uri})
    assert digest["sha256"] == hashlib.sha256(text.encode()).hexdigest()
    close_doc(lsp, uri)


@pytest.mark.parametrize(
    ("command", "arguments"),
    [
        ("promptls.showEnvironment", [{"folder": "/"}]),
        ("promptls.showEnvironment", [{"folder": "relative/path"}]),
        ("promptls.showEnvironment", [{"folder": "file:///etc"}]),
        ("promptls.showEnvironment", [{}]),
        ("promptls.showEnvironment", [{"folder": 42}]),
        ("promptls.showEnvironment", ["not an object"]),
        ("promptls.showEnvironment", []),
        ("promptls.previewPrompt", [{"folder": "/usr"}]),
        ("promptls.contextRevision", [{"folder": "/tmp"}]),
        ("promptls.showContextFiles", [{"uri": "file:///etc/passwd"}]),
        ("promptls.renderWire", [{"uri": "file:///etc/hosts"}]),
    ],
)
async def test_paths_outside_the_workspace_and_bad_arguments_are_rejected(
    lsp: LanguageClient, command: str, arguments: list[object]
) -> None:
    with pytest.raises(JsonRpcException) as info:
        await lsp.workspace_execute_command_async(
            types.ExecuteCommandParams(command=command, arguments=arguments)
        )
    assert info.value.code == INVALID_PARAMS


async def test_bad_values_inside_the_workspace_are_rejected(lsp: LanguageClient) -> None:
    folder = str(lsp.root)  # type: ignore[attr-defined]
    (lsp.root / "a-file.md").write_text("x\n", encoding="utf-8")  # type: ignore[attr-defined]
    escape = lsp.root / "escape"  # type: ignore[attr-defined]
    if not escape.is_symlink():
        escape.symlink_to("/etc", target_is_directory=True)
    bad = [
        ("promptls.showEnvironment", {"folder": str(escape)}),  # a symlink out of the folder
        ("promptls.showEnvironment", {"folder": folder + "/a-file.md"}),
        ("promptls.previewPrompt", {"folder": folder + "/missing-dir"}),
        ("promptls.showContextFiles", {"folder": folder, "profile": "nope"}),
        ("promptls.previewPrompt", {"folder": folder, "format": "html"}),
        ("promptls.renderWire", {"uri": uri_of(lsp.root / "not-open.md")}),  # type: ignore[attr-defined]
        ("promptls.debug.documentHash", {"uri": uri_of(lsp.root / "not-open.md")}),  # type: ignore[attr-defined]
    ]
    for command, argument in bad:
        with pytest.raises(JsonRpcException) as info:
            await execute(lsp, command, argument)
        assert info.value.code == INVALID_PARAMS, command


async def test_debug_command_only_with_debug_setting(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    root = tmp_path_factory.mktemp("nodebug")
    async with session("vscode", root) as client:
        uri = uri_of(root / "x.md")
        open_doc(client, uri, "x\n")
        with pytest.raises(JsonRpcException):
            await execute(client, "promptls.debug.documentHash", {"uri": uri})
