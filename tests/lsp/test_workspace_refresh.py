"""When the workspace scan asks a pull client to re-ask (``workspace/diagnostic/refresh``).

A refresh makes an editor like VS Code re-pull every open document as well as the
workspace, so it is sent only when a result the client holds is out of date: not when
the scan finds what the client was already told, and not when the client's own
``workspace/diagnostic`` request is waiting for the scan (its answer brings the results).
A file checked again with the same findings keeps its result id, so the client is told
it is unchanged. The client here is the Neovim profile with VS Code's pull set-up: it
pulls diagnostics and accepts refreshes.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from lsprotocol import types

from tests import MARKER
from tests.lsp.client import PromptClient, capabilities, session, uri_of
from tests.lsp.test_workspace_diagnostics import FILES, _folders_changed, _tree

pytestmark = pytest.mark.asyncio(loop_scope="function")


def _pull_with_refresh() -> types.ClientCapabilities:
    """Pull diagnostics and accept ``workspace/diagnostic/refresh``, as VS Code does."""
    caps = capabilities("neovim")
    assert caps.workspace is not None and caps.text_document and caps.text_document.diagnostic
    caps.workspace.diagnostics = types.DiagnosticWorkspaceClientCapabilities(refresh_support=True)
    return caps


Reports = dict[str, types.WorkspaceDocumentDiagnosticReport]


async def _pull(client: PromptClient, previous: Reports | None = None) -> Reports:
    """Ask ``workspace/diagnostic`` with the result ids of ``previous``; reports by URI."""
    ids = [
        types.PreviousResultId(uri=uri, value=report.result_id or "")
        for uri, report in (previous or {}).items()
    ]
    answer = await client.workspace_diagnostic_async(
        types.WorkspaceDiagnosticParams(previous_result_ids=ids)
    )
    return {item.uri: item for item in answer.items}


def _codes(report: types.WorkspaceDocumentDiagnosticReport) -> set[str]:
    """The rule codes of a full report."""
    assert isinstance(report, types.WorkspaceFullDocumentDiagnosticReport)
    return {str(d.code) for d in report.items}


def _unchanged(reports: Reports) -> set[str]:
    """The URIs the server says are unchanged."""
    return {
        uri
        for uri, r in reports.items()
        if isinstance(r, types.WorkspaceUnchangedDocumentDiagnosticReport)
    }


def _refreshed_since(client: PromptClient, count: int) -> Callable[[], bool]:
    """Whether the server asked for a re-pull since it had asked ``count`` times."""
    return lambda: client.events.refreshes > count


def _tell(client: PromptClient, *paths: Path) -> None:
    """One ``didChangeWatchedFiles`` saying these files changed."""
    changes = [types.FileEvent(uri=uri_of(p), type=types.FileChangeType.Changed) for p in paths]
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=changes))


async def test_the_waiting_request_brings_the_scan_without_a_refresh(tmp_path: Path) -> None:
    _tree(tmp_path, FILES)
    async with session("neovim", tmp_path, caps=_pull_with_refresh()) as client:
        # Asked before the scan is over (as VS Code does at start-up): the answer waits
        # for it. A refresh would have been sent before that answer.
        first = await _pull(client)
        assert "PL007" in _codes(first[uri_of(tmp_path / "b.prompt")])
        assert client.events.refreshes == 0


async def test_an_unchanged_rescan_asks_nothing_and_reports_unchanged(tmp_path: Path) -> None:
    _tree(tmp_path, FILES)
    async with session("neovim", tmp_path, caps=_pull_with_refresh()) as client:
        first = await _pull(client)
        # .gitignore saved as it was: the whole workspace is scanned again, same findings.
        _tell(client, tmp_path / ".gitignore")
        again = await _pull(client, first)  # answered once that scan is over
        assert _unchanged(again) == set(first)
        assert client.events.refreshes == 0


async def test_a_new_finding_asks_once_and_only_that_file_changed(tmp_path: Path) -> None:
    _tree(tmp_path, FILES)
    async with session("neovim", tmp_path, caps=_pull_with_refresh()) as client:
        first = await _pull(client)
        asked = client.events.refreshes
        agents = tmp_path / "AGENTS.md"
        prompt = tmp_path / "b.prompt"
        # One event: an instruction file saved unchanged (every instruction file is checked
        # again: same findings) and a prompt that gains a duplicate marker.
        agents.write_bytes(agents.read_bytes())
        prompt.write_bytes(f"😀 static\r\n\r\n{MARKER}\r\n\r\ndynamic\r\n{MARKER}\r\n".encode())
        _tell(client, agents, prompt)
        await client.events.until(lambda: client.events.refreshes > asked)
        after = await _pull(client, first)
        assert "PL001" in _codes(after[uri_of(prompt)])  # the duplicate marker
        assert _unchanged(after) == set(first) - {uri_of(prompt)}
        assert client.events.refreshes == asked + 1


async def test_a_folder_inside_another_checks_its_own_files_under_its_settings(
    tmp_path: Path,
) -> None:
    outer = tmp_path / "outer"
    inner = outer / "inner"
    _tree(outer, {"b.prompt": FILES["b.prompt"]})
    _tree(inner, {"b.prompt": FILES["b.prompt"]})
    settings = {uri_of(inner): {"ignore": ["PL007"]}}  # the inner folder's own settings
    async with session(
        "neovim", inner, caps=_pull_with_refresh(), configuration=settings
    ) as client:
        await _pull(client)  # the first scan is over
        seen = client.events.refreshes
        # The outer folder is added after the inner one: its walk, which reaches the
        # inner folder's files too, comes last.
        _folders_changed(client, [outer], [])
        after: Reports = {}
        while uri_of(outer / "b.prompt") not in after:  # a settings rescan may come first
            await client.events.until(_refreshed_since(client, seen))
            seen = client.events.refreshes
            after = await _pull(client)
        assert "PL007" in _codes(after[uri_of(outer / "b.prompt")])
        assert uri_of(inner / "b.prompt") not in after  # still under its own settings
