"""Rename safety: ``workspace/willRenameFiles`` answers with edits that keep every
followed relative or ``~/`` import of the renamed file (or folder) pointing at it, in
its own style, in open documents (their unsaved text) and closed files alike; absolute
imports and tokens no agent follows are left alone."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types

from tests.lsp.client import (
    PromptClient,
    apply_edits,
    close_doc,
    diagnostics,
    edits_for,
    open_doc,
    uri_of,
)
from tests.lsp.navigation import repository, write

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def will_rename(client: PromptClient, old: Path, new: Path) -> types.WorkspaceEdit | None:
    """The server's edit for one rename."""
    return await client.workspace_will_rename_files_async(
        types.RenameFilesParams(files=[types.FileRename(old_uri=uri_of(old), new_uri=uri_of(new))])
    )


async def test_the_capability_names_markdown_files_and_folders(lsp: PromptClient) -> None:
    caps = lsp.init_result.capabilities if lsp.init_result else None
    ws = caps.workspace if caps else None
    ops = ws.file_operations if ws else None
    if lsp.name != "vscode":  # only VS Code's profile announces willRename support
        assert ops is None or ops.will_rename is None
        return
    assert ops is not None and ops.will_rename is not None
    globs = {f.pattern.glob for f in ops.will_rename.filters}
    assert "**" in globs and any("md" in g for g in globs)


async def test_imports_follow_a_renamed_file(lsp: PromptClient) -> None:
    root = repository(lsp.root / "rename-file")
    old = write(root, "docs/style.md", "# Style\n")
    claude_text = "# 漢字 😀\r\nLis 😀 @docs/style.md et @./docs/style.md\r\n`@docs/style.md`\r\n"
    claude = write(root, "CLAUDE.md", claude_text)
    absolute = f"Absolute @{old}\n"
    write(root, "docs/abs.md", absolute)
    other_disk = "nothing\n"
    other = write(root, "docs/other.md", other_disk)
    unsaved = "Voir 🚀 @style.md\n"
    open_doc(lsp, uri_of(other), unsaved)
    await diagnostics(lsp, lsp.name, uri_of(other), 1)
    edit = await will_rename(lsp, old, root / "guide" / "style.md")
    assert edit is not None
    new_claude = apply_edits(claude_text, edits_for(edit, uri_of(claude)), lsp.encoding)
    assert new_claude == (
        "# 漢字 😀\r\nLis 😀 @guide/style.md et @./guide/style.md\r\n`@docs/style.md`\r\n"
    )
    new_other = apply_edits(unsaved, edits_for(edit, uri_of(other)), lsp.encoding)
    assert new_other == "Voir 🚀 @../guide/style.md\n"
    assert edits_for(edit, uri_of(root / "docs" / "abs.md")) == []
    if edit.document_changes:
        versions = {
            c.text_document.uri: c.text_document.version
            for c in edit.document_changes
            if isinstance(c, types.TextDocumentEdit)
        }
        assert versions == {uri_of(claude): None, uri_of(other): 1}
    close_doc(lsp, uri_of(other))


async def test_imports_follow_a_renamed_folder(lsp: PromptClient) -> None:
    root = repository(lsp.root / "rename-folder")
    write(root, "docs/api/rest.md", "# REST\n")
    text = "😀 @docs/api/rest.md\n"
    claude = write(root, "CLAUDE.md", text)
    edit = await will_rename(lsp, root / "docs", root / "handbook")
    assert edit is not None
    assert apply_edits(text, edits_for(edit, uri_of(claude)), lsp.encoding) == (
        "😀 @handbook/api/rest.md\n"
    )


async def test_a_file_nobody_imports_needs_no_edit(lsp: PromptClient) -> None:
    root = repository(lsp.root / "rename-alone")
    old = write(root, "docs/alone.md", "alone\n")
    write(root, "CLAUDE.md", "Nothing imported, a@docs/alone.md\n")
    assert await will_rename(lsp, old, root / "docs" / "solo.md") is None
