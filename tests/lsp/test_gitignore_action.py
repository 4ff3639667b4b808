"""PL026 in the editor: a personal file no ignore file covers offers "Add NAME to
.gitignore", an edit of the repository's .gitignore the user accepts (created when there
is none), placed after the last line in the client's position encoding."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types

from promptls.discovery.gitignore import git_ignored
from tests.lsp.client import (
    PromptClient,
    apply_edits,
    can_operate,
    capabilities,
    close_doc,
    diagnostics,
    edits_for,
    open_doc,
    uri_of,
)
from tests.lsp.test_actions import actions

pytestmark = pytest.mark.asyncio(loop_scope="module")

PERSONAL = "# Mine\n\nUse my sandbox at dev-7.\n"


def _repo(root: Path, name: str, gitignore: str | None) -> Path:
    repo = root / name
    (repo / ".git").mkdir(parents=True)
    (repo / "CLAUDE.md").write_text("# Team\n\nRun the tests.\n", encoding="utf-8")
    (repo / "CLAUDE.local.md").write_text(PERSONAL, encoding="utf-8")
    if gitignore is not None:
        (repo / ".gitignore").write_bytes(gitignore.encode("utf-8"))
    return repo


async def _offer(lsp: PromptClient, repo: Path) -> types.CodeAction | None:
    uri = uri_of(repo / "CLAUDE.local.md")
    open_doc(lsp, uri, PERSONAL)
    [diag] = [d for d in await diagnostics(lsp, lsp.name, uri, 1) if d.code == "PL026"]
    found = [a for a in await actions(lsp, uri, [diag]) if a.title.startswith("Add ")]
    close_doc(lsp, uri)
    return found[0] if found else None


async def test_the_line_goes_after_the_last_line_of_an_existing_gitignore(
    lsp: PromptClient,
) -> None:
    # No final newline, and a last line with emoji and CJK before the insertion point.
    existing = "node_modules/\r\n# 🎉 ビルド 漢字\r\ndist/"
    repo = _repo(lsp.root, "with-ignore", existing)
    action = await _offer(lsp, repo)
    caps = capabilities(lsp.name).workspace
    versioned = bool(caps and caps.workspace_edit and caps.workspace_edit.document_changes)
    assert (action is not None) is versioned
    if action is None:
        return
    assert action.title == "Add CLAUDE.local.md to .gitignore"
    assert action.edit is not None
    edits = edits_for(action.edit, uri_of(repo / ".gitignore"))
    fixed = apply_edits(existing, edits, lsp.encoding)
    assert fixed == existing + "\r\nCLAUDE.local.md\r\n"
    # Accepted, the line makes Git ignore the file (so PL026 no longer fires on a check).
    (repo / ".gitignore").write_text(fixed, encoding="utf-8", newline="")
    verdict = git_ignored(str(repo / "CLAUDE.local.md"))
    assert verdict is not None and verdict.ignored


async def test_a_missing_gitignore_is_created_where_the_client_can(lsp: PromptClient) -> None:
    repo = _repo(lsp.root, "no-ignore", None)
    action = await _offer(lsp, repo)
    can_create = can_operate(lsp.name, types.ResourceOperationKind.Create)
    assert (action is not None) is can_create
    if action is None:
        return
    assert action.edit is not None
    changes = list(action.edit.document_changes or ())
    assert changes[0] == types.CreateFile(uri=uri_of(repo / ".gitignore"))
    assert apply_edits("", edits_for(action.edit, uri_of(repo / ".gitignore")), lsp.encoding) == (
        "CLAUDE.local.md\n"
    )
