"""File watching: registration for every instruction-file name, revision changes announced
with promptls/contextChanged, diagnostics re-published."""

from __future__ import annotations

import pytest
from lsprotocol import types

from tests.lsp.client import (
    MARKER,
    PromptClient,
    diagnostics,
    events_of,
    execute,
    open_doc,
    session,
    uri_of,
)

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def test_watchers_registered_when_the_client_allows(lsp: PromptClient) -> None:
    events = events_of(lsp)
    if lsp.name == "neovim":
        # Neovim's profile declines dynamic registration of file watchers.
        assert not any(
            r.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES for r in events.registrations
        )
        return
    [reg] = await events.until(
        lambda: [
            r for r in events.registrations if r.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES
        ]
    )
    assert reg.register_options is not None
    globs = {w["globPattern"] for w in reg.register_options["watchers"]}
    assert {"**/AGENTS.md", "**/CLAUDE.md", "**/GEMINI.md", "**/AGENTS.override.md"} <= globs


async def test_watched_change_updates_revision_and_notifies(lsp: PromptClient) -> None:
    events = events_of(lsp)
    root = lsp.root
    folder = str(root)
    agents = root / "AGENTS.md"
    agents.write_text("# one\n", encoding="utf-8")
    lsp.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=uri_of(agents), type=types.FileChangeType.Created)]
        )
    )
    first = await events.until(lambda: events.context_changed)
    before = await execute(lsp, "promptls.contextRevision", {"folder": folder})
    agents.write_text("# two: a different rule\n", encoding="utf-8")
    seen = len(events.context_changed)
    lsp.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=uri_of(agents), type=types.FileChangeType.Changed)]
        )
    )
    await events.until(lambda: len(events.context_changed) > seen)
    note = events.context_changed[-1]
    after = await execute(lsp, "promptls.contextRevision", {"folder": folder})
    assert note.folder == folder and note.revision == after["revision"]
    assert after["revision"] != before["revision"]
    assert first[0].folder == folder


async def test_watched_change_republishes_open_instruction_files(lsp: PromptClient) -> None:
    if lsp.name == "neovim":
        pytest.skip("pull client: diagnostics are pulled, not re-published")
    events = events_of(lsp)
    root = lsp.root
    sub = root / "sub"
    sub.mkdir(exist_ok=True)
    uri = uri_of(sub / "AGENTS.md")
    open_doc(lsp, uri, f"# sub rules\n{MARKER}\n")
    await diagnostics(lsp, "vscode", uri, 1)
    count = sum(1 for p in events.published if p.uri == uri)
    (root / "AGENTS.md").write_text("# three\n", encoding="utf-8")
    lsp.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[
                types.FileEvent(uri=uri_of(root / "AGENTS.md"), type=types.FileChangeType.Changed)
            ]
        )
    )
    await events.until(lambda: sum(1 for p in events.published if p.uri == uri) > count)
    last = events.last(uri)
    assert last is not None and last.version == 1
    assert "PL003" in {d.code for d in last.diagnostics}


async def test_shadowing_file_appears_in_diagnostics_after_a_watched_change(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    # Codex: an AGENTS.override.md (even empty) hides AGENTS.md in the same folder.
    root = tmp_path_factory.mktemp("codex")
    (root / ".git").mkdir()
    agents = root / "AGENTS.md"
    text = "# rules\nRun the tests.\n"
    agents.write_text(text, encoding="utf-8")
    async with session("vscode", root, init_options={"profile": "codex"}) as client:
        events = events_of(client)
        uri = uri_of(agents)
        open_doc(client, uri, text)
        first = await events.diagnostics(uri, 1)
        assert "PL015" not in {d.code for d in first.diagnostics}
        override = root / "AGENTS.override.md"
        override.write_text("", encoding="utf-8")
        client.workspace_did_change_watched_files(
            types.DidChangeWatchedFilesParams(
                changes=[types.FileEvent(uri=uri_of(override), type=types.FileChangeType.Created)]
            )
        )

        def shadowed_now() -> types.PublishDiagnosticsParams | None:
            last = events.last(uri)
            return last if last and any(d.code == "PL015" for d in last.diagnostics) else None

        shadowed = await events.until(shadowed_now)
        assert shadowed.version == 1


async def test_a_preview_after_a_watched_change_shows_the_new_text(lsp: PromptClient) -> None:
    """What the editors do on promptls/contextChanged: ask for the preview again, which
    must hold the file's new text and the revision the notification announced."""
    events = events_of(lsp)
    folder = str(lsp.root)
    agents = lsp.root / "AGENTS.md"
    agents.write_text("# Rules\n\nRun the linters.\n", encoding="utf-8")
    (lsp.root / ".claude").mkdir(exist_ok=True)
    lsp.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=uri_of(agents), type=types.FileChangeType.Created)]
        )
    )
    await events.until(lambda: events.context_changed)
    before = await execute(lsp, "promptls.previewPrompt", {"folder": folder})
    assert "Run the linters." in str(before)
    with agents.open("a", encoding="utf-8") as handle:
        handle.write("\nNever push on Fridays.\n")
    seen = len(events.context_changed)
    lsp.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=uri_of(agents), type=types.FileChangeType.Changed)]
        )
    )
    await events.until(lambda: len(events.context_changed) > seen)
    after = await execute(lsp, "promptls.previewPrompt", {"folder": folder})
    assert "Never push on Fridays." in str(after)
    assert after["revision"] == events.context_changed[-1].revision
