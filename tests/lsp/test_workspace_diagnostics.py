"""Workspace diagnostics: unopened files' problems reach the client, equal to
``promptls check --format json`` on the same folder, under all three client profiles.

Push clients (the VS Code and Emacs profiles) get ``publishDiagnostics``; the Neovim
profile pulls document diagnostics, so it either asks ``workspace/diagnostic`` or, when it
never does (Neovim 0.11), is pushed the results once the scan is over. Texts put emoji,
CJK and CRLF before the findings so every encoding's columns differ.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from lsprotocol import types

from tests import MARKER
from tests.lsp.client import (
    CONFIG,
    PromptClient,
    client_params,
    close_doc,
    open_doc,
    session,
    span,
    uri_of,
)

pytestmark = pytest.mark.asyncio(loop_scope="function")

Finding = tuple[str, str, tuple[int, int, int, int]]
"""(URI, rule code, range as line/character pairs in the client's encoding)."""

FILES = {
    "AGENTS.md": "# 共有 😀 rules\r\nuse tabs\r\n",
    "AGENTS.override.md": "# override\n",
    "sub/CLAUDE.md": "# 漢字 😀\r\nsee 😀 @missing.md\r\n",
    "b.prompt": "漢字 😀 static\r\n__SYSTEM_PROMPT_DYNAMIC_BOUNDARY__\r\ndynamic\r\n",
    "notes/plain.md": "nothing to say here\n",
    "ignored/CLAUDE.md": "@nowhere.md\n",
    ".gitignore": "ignored/\n",
}


def _tree(root: Path, files: dict[str, str]) -> None:
    """Write the files byte for byte (CRLF kept)."""
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8"))


def _check(root: Path, encoding: str) -> set[Finding]:
    """What ``promptls check --format json`` reports, placed in ``encoding``."""
    env = dict(CONFIG.server_env or os.environ)
    env.pop("CI", None)
    run = subprocess.run(
        [sys.executable, "-m", "promptls", "check", "--format", "json", str(root)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert run.returncode in (0, 1), run.stderr
    out: set[Finding] = set()
    for item in json.loads(run.stdout):
        path = Path(item["path"])
        text = path.read_bytes().decode("utf-8")
        rng = span(text, item["start"], item["end"], encoding)
        out.add((uri_of(path), item["code"], _tuple(rng)))
    return out


def _tuple(rng: types.Range) -> tuple[int, int, int, int]:
    return (rng.start.line, rng.start.character, rng.end.line, rng.end.character)


def _pushed(client: PromptClient) -> set[Finding]:
    """The newest unversioned publish per URI, as findings."""
    latest: dict[str, types.PublishDiagnosticsParams] = {}
    for params in client.events.published:
        if params.version is None:
            latest[params.uri] = params
    return {(uri, str(d.code), _tuple(d.range)) for uri, p in latest.items() for d in p.diagnostics}


async def _workspace_pull(client: PromptClient) -> set[Finding]:
    """Ask ``workspace/diagnostic`` once and read the full reports."""
    report = await client.workspace_diagnostic_async(
        types.WorkspaceDiagnosticParams(previous_result_ids=[])
    )
    out: set[Finding] = set()
    for item in report.items:
        assert isinstance(item, types.WorkspaceFullDocumentDiagnosticReport)
        out.update((item.uri, str(d.code), _tuple(d.range)) for d in item.items)
    return out


async def _scanned(client: PromptClient) -> set[Finding]:
    """Wait until the pushed results equal ``check`` on the client's folder; return them."""
    expected = _check(client.root, client.encoding)
    await client.events.until(lambda: _pushed(client) == expected or None)
    return expected


def _tell(client: PromptClient, path: Path, change: types.FileChangeType) -> None:
    """Send the ``didChangeWatchedFiles`` an editor sends for one file."""
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(changes=[types.FileEvent(uri=uri_of(path), type=change)])
    )


@pytest.mark.parametrize("name", client_params())
async def test_unopened_files_equal_check(name: str, tmp_path: Path) -> None:
    _tree(tmp_path, FILES)
    async with session(name, tmp_path) as client:
        expected = _check(tmp_path, client.encoding)
        codes = {code for _, code, _ in expected}
        assert {"PL015", "PL013", "PL007"} <= codes  # the tree exercises cross-file rules
        assert not any("ignored" in uri for uri, _, _ in expected)
        got = await client.events.until(lambda: _pushed(client) == expected or None)
        assert got


async def test_pull_client_that_asks_gets_reports_not_pushes(tmp_path: Path) -> None:
    _tree(tmp_path, FILES)
    async with session("neovim", tmp_path) as client:
        result = client.init_result
        assert result is not None
        provider = result.capabilities.diagnostic_provider
        assert isinstance(provider, types.DiagnosticOptions) and provider.workspace_diagnostics
        expected = _check(tmp_path, client.encoding)
        assert await _workspace_pull(client) == expected
        assert _pushed(client) == set()


async def test_open_buffer_keeps_live_diagnostics_and_close_restores_disk(tmp_path: Path) -> None:
    _tree(tmp_path, FILES)
    async with session("vscode", tmp_path) as client:
        expected = await _scanned(client)
        prompt = tmp_path / "b.prompt"
        uri = uri_of(prompt)
        fixed = f"static\n\n{MARKER}\n\ndynamic\n"
        open_doc(client, uri, fixed, version=3)
        live = await client.events.diagnostics(uri, 3)
        assert "PL007" not in {d.code for d in live.diagnostics}
        # A watched change elsewhere re-checks instruction files; the open buffer stays live.
        (tmp_path / "AGENTS.override.md").unlink()
        _tell(client, tmp_path / "AGENTS.override.md", types.FileChangeType.Deleted)
        agents = uri_of(tmp_path / "AGENTS.md")
        await client.events.until(
            lambda: not any(u == agents for u, _, _ in _pushed(client)) or None
        )
        assert client.events.last(uri) == live
        close_doc(client, uri)
        disk = {f for f in expected if f[0] == uri}
        await client.events.until(
            lambda: (
                (
                    {f for f in _pushed(client) if f[0] == uri} == disk
                    and client.events.last(uri) is not live
                )
                or None
            )
        )


async def test_watched_change_updates_one_file(tmp_path: Path) -> None:
    _tree(tmp_path, FILES)
    async with session("emacs", tmp_path) as client:
        await _scanned(client)
        late = tmp_path / "late" / "CLAUDE.md"
        late.parent.mkdir()
        late.write_text("# 😀\r\n@gone.md\r\n", encoding="utf-8", newline="")
        _tell(client, late, types.FileChangeType.Created)
        after = _check(tmp_path, client.encoding)
        assert any(f[0] == uri_of(late) for f in after)
        await client.events.until(lambda: _pushed(client) == after or None)
        (tmp_path / "sub" / "CLAUDE.md").unlink()
        _tell(client, tmp_path / "sub" / "CLAUDE.md", types.FileChangeType.Deleted)
        final = _check(tmp_path, client.encoding)
        assert final < after
        await client.events.until(lambda: _pushed(client) == final or None)
        assert not any(f[0] == uri_of(tmp_path / "sub" / "CLAUDE.md") for f in _pushed(client))


async def test_cap_says_so_and_checks_only_that_many(tmp_path: Path) -> None:
    _tree(tmp_path, FILES)
    async with session(
        "vscode", tmp_path, init_options={"workspaceDiagnosticsMaxFiles": 2}
    ) as client:
        message = await client.events.until(
            lambda: next(
                (m for m in client.messages if "workspaceDiagnosticsMaxFiles" in m.message), None
            )
        )
        assert "only the first 2 files" in message.message
        expected = _check(tmp_path, client.encoding)
        pushed = _pushed(client)
        # The walk's first two files are AGENTS.md and AGENTS.override.md: PL015 only.
        assert {code for _, code, _ in pushed} == {"PL015"}
        assert pushed < expected


async def test_config_change_rescans_with_the_new_settings(tmp_path: Path) -> None:
    _tree(tmp_path, FILES)
    async with session("vscode", tmp_path) as client:
        await _scanned(client)
        config = tmp_path / ".promptls.toml"
        config.write_text('ignore = ["PL015"]\n', encoding="utf-8")
        _tell(client, config, types.FileChangeType.Created)
        quieter = _check(tmp_path, client.encoding)
        assert "PL015" not in {code for _, code, _ in quieter}
        assert quieter
        await client.events.until(lambda: _pushed(client) == quieter or None)


@pytest.mark.parametrize("name", client_params("vscode", "emacs"))
async def test_first_open_is_published_before_the_scan(name: str, tmp_path: Path) -> None:
    _tree(tmp_path, FILES)
    async with session(name, tmp_path) as client:
        prompt = tmp_path / "first.prompt"
        text = f"static\n\n{MARKER}\n\ndynamic\n{MARKER}\n"
        open_doc(client, uri_of(prompt), text, version=7)
        await client.events.diagnostics(uri_of(prompt), 7)
        await _scanned(client)
        order = [p.version for p in client.events.published]
        assert order.index(7) < order.index(None), order


def _folders_changed(client: PromptClient, added: list[Path], removed: list[Path]) -> None:
    """The ``didChangeWorkspaceFolders`` an editor sends when folders are added or removed."""
    event = types.WorkspaceFoldersChangeEvent(
        added=[types.WorkspaceFolder(uri=uri_of(p), name=p.name) for p in added],
        removed=[types.WorkspaceFolder(uri=uri_of(p), name=p.name) for p in removed],
    )
    client.workspace_did_change_workspace_folders(
        types.DidChangeWorkspaceFoldersParams(event=event)
    )


async def test_a_folder_added_to_the_workspace_is_scanned_and_a_removed_one_cleared(
    tmp_path: Path,
) -> None:
    first, added = tmp_path / "first", tmp_path / "added"
    _tree(first, {"AGENTS.md": "# rules 😀\nuse tabs\n"})
    _tree(added, FILES)
    async with session("emacs", first) as client:
        await client.events.until(lambda: _pushed(client) == _check(first, client.encoding) or None)
        # "Add Folder to Workspace": its unopened files are checked as check sees them.
        _folders_changed(client, [added], [])
        both = _check(first, client.encoding) | _check(added, client.encoding)
        assert {code for _, code, _ in both} >= {"PL015", "PL013", "PL007"}
        await client.events.until(lambda: _pushed(client) == both or None)
        # Removed again: its files' findings are cleared.
        _folders_changed(client, [], [added])
        alone = _check(first, client.encoding)
        await client.events.until(lambda: _pushed(client) == alone or None)
