"""Settings: initializationOptions, workspace/configuration per folder, didChangeConfiguration,
project config files underneath, and invalid values reported by name without a crash."""

from __future__ import annotations

import copy

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.lsp.client import (
    MARKER,
    capabilities,
    client_params,
    diagnostics,
    events_of,
    open_doc,
    session,
    uri_of,
)

pytestmark = pytest.mark.asyncio(loop_scope="module")

DUPLICATE = f"a\n\n{MARKER}\n\nb\n\n{MARKER}\n\nc\n"


def has(params: types.PublishDiagnosticsParams | None, code: str) -> bool:
    """Whether a publication holds a diagnostic with ``code``."""
    return params is not None and any(d.code == code for d in params.diagnostics)


async def codes_of(client: LanguageClient, name: str, uri: str) -> set[str]:
    """Codes reported for version 1 of a document."""
    client.name = name  # type: ignore[attr-defined]
    return {str(d.code) for d in await diagnostics(client, name, uri, 1)}


@pytest.mark.parametrize("name", client_params())
async def test_init_options_configure_the_analysis(
    name: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    root = tmp_path_factory.mktemp("init")
    async with session(name, root, init_options={"ignore": ["PL001"]}) as client:
        uri = uri_of(root / "p.md")
        open_doc(client, uri, DUPLICATE)
        assert "PL001" not in await codes_of(client, name, uri)


@pytest.mark.parametrize("name", client_params("vscode", "neovim"))
async def test_invalid_settings_are_named_and_defaults_used(
    name: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    root = tmp_path_factory.mktemp("invalid")
    options = {"select": 42, "profile": "nonsense", "bogusKey": True, "ignore": ["PL002"]}
    async with session(name, root, init_options=options) as client:
        events = events_of(client)
        messages = await events.until(lambda: len(client.messages) >= 3 and client.messages)
        text = "\n".join(m.message for m in messages)
        assert "'select'" in text and "'profile'" in text and "'bogusKey'" in text
        assert all(m.type == types.MessageType.Warning for m in client.messages)
        uri = uri_of(root / "p.md")
        open_doc(client, uri, DUPLICATE)
        # Still running, with defaults for the bad keys and the valid key applied.
        assert "PL001" in await codes_of(client, name, uri)


@pytest.mark.parametrize("name", client_params("vscode", "emacs"))
async def test_folder_configuration_and_did_change_configuration(
    name: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    root = tmp_path_factory.mktemp("conf")
    folder_scope = uri_of(root)
    config = {folder_scope: {"ignore": ["PL001"]}}
    async with session(name, root, configuration=config) as client:
        events = events_of(client)
        uri = uri_of(root / "p.md")
        open_doc(client, uri, DUPLICATE)
        # The folder's setting arrives via workspace/configuration and wins.
        await events.until(lambda: not has(events.last(uri), "PL001") and events.last(uri))
        client.set_configuration({}, section="promptls", scope_uri=folder_scope)
        client.workspace_did_change_configuration(
            types.DidChangeConfigurationParams(settings={"promptls": {}})
        )
        fresh = await events.until(lambda: has(events.last(uri), "PL001") and events.last(uri))
        assert fresh.version == 1


async def test_project_file_applies_under_editor_settings(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    root = tmp_path_factory.mktemp("project")
    (root / ".promptls.toml").write_text('ignore = ["PL001"]\n', encoding="utf-8")
    uri = uri_of(root / "p.md")
    async with session("vscode", root) as client:
        open_doc(client, uri, DUPLICATE)
        assert "PL001" not in await codes_of(client, "vscode", uri)
    async with session("vscode", root, init_options={"ignore": []}) as client:
        open_doc(client, uri, DUPLICATE)
        assert "PL001" in await codes_of(client, "vscode", uri)


async def test_broken_project_file_is_reported_and_ignored(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    root = tmp_path_factory.mktemp("broken")
    (root / ".promptls.toml").write_text("ignore = [\n", encoding="utf-8")
    async with session("vscode", root) as client:
        uri = uri_of(root / "p.md")
        open_doc(client, uri, DUPLICATE)
        assert "PL001" in await codes_of(client, "vscode", uri)
        messages = await events_of(client).until(lambda: client.messages)
        assert any(".promptls.toml" in m.message for m in messages)


async def test_pushed_settings_for_clients_without_configuration_requests(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    root = tmp_path_factory.mktemp("pushed")
    caps = copy.deepcopy(capabilities("vscode"))
    assert caps.workspace is not None
    caps.workspace.configuration = False
    async with session("vscode", root, caps=caps) as client:
        events = events_of(client)
        uri = uri_of(root / "p.md")
        open_doc(client, uri, DUPLICATE)
        assert has(await events.diagnostics(uri, 1), "PL001")
        client.workspace_did_change_configuration(
            types.DidChangeConfigurationParams(settings={"promptls": {"ignore": ["PL001"]}})
        )
        await events.until(lambda: not has(events.last(uri), "PL001") and events.last(uri))
