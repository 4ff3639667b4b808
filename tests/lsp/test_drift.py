"""PL027 in the editor: the finding points at the other copy, the hover shows the diff,
and the quick fix is the shim (an import of AGENTS.md, or deleting a redundant copy)."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types

from tests.lsp.client import (
    PromptClient,
    apply_edits,
    can_operate,
    close_doc,
    diagnostics,
    edits_for,
    hover,
    open_doc,
    uri_of,
)
from tests.lsp.test_actions import actions

pytestmark = pytest.mark.asyncio(loop_scope="module")

SHARED = "# Service\n\n" + "".join(f"Rule {i}: follow convention {i}.\n" for i in range(8))


def _repo(root: Path, name: str, files: dict[str, str]) -> Path:
    repo = root / name
    (repo / ".git").mkdir(parents=True, exist_ok=True)
    for rel, text in files.items():
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        (repo / rel).write_text(text, encoding="utf-8")
    return repo


async def test_a_drifted_claude_md_points_at_agents_md_and_offers_the_import(
    lsp: PromptClient,
) -> None:
    copy = SHARED.replace("Rule 4: follow convention 4.", "Rule 4: follow convention four.")
    copy += "Claude only: ask before migrations.\n"
    repo = _repo(lsp.root, "claude-drift", {"AGENTS.md": SHARED, "CLAUDE.md": copy})
    uri = uri_of(repo / "CLAUDE.md")
    open_doc(lsp, uri, copy)
    [diag] = [d for d in await diagnostics(lsp, lsp.name, uri, 1) if d.code == "PL027"]
    assert diag.range.start.line == 6  # "Rule 4: …", the first differing line
    assert "drifted from AGENTS.md" in diag.message
    assert "1 line changed, 1 line only here" in diag.message
    [related] = diag.related_information or []
    assert related.location.uri == uri_of(repo / "AGENTS.md")
    assert related.location.range.start.line == 6  # the same rule in AGENTS.md

    shown = await hover(lsp, uri, diag.range.start)
    assert shown is not None and isinstance(shown.contents, types.MarkupContent)
    text = shown.contents.value
    assert "-Rule 4: follow convention 4." in text
    assert "+Rule 4: follow convention four." in text
    assert "+Claude only: ask before migrations." in text

    [shim] = [a for a in await actions(lsp, uri, [diag]) if "import of AGENTS.md" in a.title]
    assert shim.kind == types.CodeActionKind.QuickFix and shim.edit is not None
    fixed = apply_edits(copy, edits_for(shim.edit, uri), lsp.encoding)
    assert fixed.startswith("@AGENTS.md\n")
    assert "Rule 4: follow convention four." in fixed.splitlines()
    assert "Claude only: ask before migrations." in fixed.splitlines()
    assert "Rule 0: follow convention 0." not in fixed
    close_doc(lsp, uri)


async def test_a_redundant_copilot_file_is_deleted_where_the_client_can(
    lsp: PromptClient,
) -> None:
    copy = SHARED.replace("Rule 7: follow convention 7.\n", "")
    rel = ".github/copilot-instructions.md"
    repo = _repo(lsp.root, "copilot-drift", {"AGENTS.md": SHARED, rel: copy})
    uri = uri_of(repo / rel)
    open_doc(lsp, uri, copy)
    [diag] = [d for d in await diagnostics(lsp, lsp.name, uri, 1) if d.code == "PL027"]
    assert "copilot and crush read both" in diag.message
    titles = {a.title: a for a in await actions(lsp, uri, [diag])}
    delete = titles.get("Delete copilot-instructions.md: its agents read AGENTS.md already")
    can_delete = can_operate(lsp.name, types.ResourceOperationKind.Delete)
    assert (delete is not None) is can_delete
    if delete is not None:
        assert delete.edit is not None
        assert list(delete.edit.document_changes or ()) == [types.DeleteFile(uri=uri)]
    close_doc(lsp, uri)


async def test_identical_and_linked_copies_are_quiet(lsp: PromptClient) -> None:
    repo = _repo(lsp.root, "linked", {"AGENTS.md": SHARED, "GEMINI.md": SHARED})
    (repo / "CLAUDE.md").symlink_to("AGENTS.md")
    for name in ("CLAUDE.md", "GEMINI.md"):
        uri = uri_of(repo / name)
        open_doc(lsp, uri, SHARED)
        assert not [d for d in await diagnostics(lsp, lsp.name, uri, 1) if d.code == "PL027"]
        close_doc(lsp, uri)
