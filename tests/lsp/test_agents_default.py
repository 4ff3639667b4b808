"""The server with no profile configured: every agent the repository is set up for,
the same findings and matrix as ``promptls check`` and ``promptls context``."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types

from tests.cli.conform import problems, result_schema
from tests.lsp.client import diagnostics, events_of, execute, open_doc, session, uri_of

pytestmark = pytest.mark.asyncio(loop_scope="module")


def _repo(root: Path, *names: str) -> Path:
    """A repository with AGENTS.md and ``names`` (a name ending in / is a folder)."""
    (root / ".git").mkdir()
    for name in names:
        path = root / name
        if name.endswith("/"):
            path.mkdir(parents=True)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("{}\n" if name.endswith(".json") else "", encoding="utf-8")
    agents = root / "AGENTS.md"
    agents.write_text("# Rules\nRun the tests.\n", encoding="utf-8")
    return agents


async def test_a_finding_some_agents_see_names_them_in_the_editor(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    root = tmp_path_factory.mktemp("agents")
    agents = _repo(root, ".claude/", "AGENTS.override.md")
    async with session("vscode", root) as client:
        uri = uri_of(agents)
        open_doc(client, uri, agents.read_text(encoding="utf-8"))
        [shadowed] = await diagnostics(client, "vscode", uri, 1)
        assert shadowed.code == "PL015"
        assert shadowed.message.startswith("[codex] shadowed:")
        assert shadowed.data["agents"] == ["codex"]
        result = await execute(client, "promptls.showContextFiles", {"folder": str(root)})
        assert problems(result, result_schema("promptls.showContextFiles")) == []
        assert [p["profile"] for p in result["profiles"]] == ["claude", "codex"]
        assert result["coverage"]["agents"] == ["claude", "codex"]


async def test_gemini_without_instructions_is_reported_on_the_shared_file(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    root = tmp_path_factory.mktemp("gemini")
    agents = _repo(root, ".gemini/settings.json")
    async with session("neovim", root) as client:
        uri = uri_of(agents)
        open_doc(client, uri, agents.read_text(encoding="utf-8"))
        [hole] = await diagnostics(client, "neovim", uri, 1)
        assert hole.code == "PL028"
        assert "set up for gemini" in hole.message and "GEMINI.md" in hole.message
        assert hole.range.start.line == 0
        [related] = hole.related_information or []
        assert related.location.uri == uri_of(root / ".gemini" / "settings.json")


async def test_setting_up_an_agent_re_checks_the_open_instruction_files(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    root = tmp_path_factory.mktemp("later")
    agents = _repo(root)
    async with session("vscode", root) as client:
        events = events_of(client)
        uri = uri_of(agents)
        open_doc(client, uri, agents.read_text(encoding="utf-8"))
        first = await events.diagnostics(uri, 1)
        assert not first.diagnostics  # nothing set up: the reference agent, quiet
        settings = root / ".gemini" / "settings.json"
        settings.parent.mkdir()
        settings.write_text("{}\n", encoding="utf-8")
        client.workspace_did_change_watched_files(
            types.DidChangeWatchedFilesParams(
                changes=[types.FileEvent(uri=uri_of(settings), type=types.FileChangeType.Created)]
            )
        )

        def hole_now() -> types.PublishDiagnosticsParams | None:
            last = events.last(uri)
            return last if last and any(d.code == "PL028" for d in last.diagnostics) else None

        assert (await events.until(hole_now)).version == 1
