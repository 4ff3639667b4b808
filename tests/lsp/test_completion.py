"""Completion: paths after an ``@`` the agent reads as an import (relative to the file,
Git-ignored files left out, nothing in code or in an address), front-matter keys and
values per file kind, and the boundary marker in prompt files (a snippet only for
clients that take snippets); every edit's range in the client's encoding."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types

from tests.lsp.client import (
    MARKER,
    PromptClient,
    apply_edits,
    capabilities,
    close_doc,
    diagnostics,
    open_doc,
    position,
    span,
    uri_of,
)
from tests.lsp.navigation import repository, write

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def complete(
    client: PromptClient, path: Path, text: str, offset: int
) -> list[types.CompletionItem]:
    """Open ``text`` at ``path``, ask for completion at ``offset``, close it."""
    uri = uri_of(path)
    open_doc(client, uri, text)
    await diagnostics(client, client.name, uri, 1)
    found = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=position(text, offset, client.encoding),
        )
    )
    close_doc(client, uri)
    if found is None:
        return []
    return list(found.items if isinstance(found, types.CompletionList) else found)


def edit_of(item: types.CompletionItem) -> types.TextEdit:
    """The item's text edit (the server always sends one)."""
    assert isinstance(item.text_edit, types.TextEdit)
    return item.text_edit


def project(root: Path) -> Path:
    """A Claude repository with docs, an ignored file and a hidden folder."""
    repository(root)
    write(root, ".gitignore", "docs/secret.md\n")
    for name in ("docs/style.md", "docs/secret.md", "docs/api/rest.md", ".hidden/x.md"):
        write(root, name, "x\n")
    return root


async def test_paths_after_at_are_relative_to_the_file(lsp: PromptClient) -> None:
    root = project(lsp.root / "complete-paths")
    text = "# 漢字 😀\r\nLis 😀 @docs/\r\n"
    offset = text.index("@docs/") + len("@docs/")
    items = await complete(lsp, root / "CLAUDE.md", text, offset)
    labels = {item.label for item in items}
    assert labels == {"docs/style.md", "docs/api/"}
    start = text.index("@docs/") + 1
    for item in items:
        assert edit_of(item).range == span(text, start, offset, lsp.encoding)
    style = next(item for item in items if item.label == "docs/style.md")
    assert (
        apply_edits(text, [edit_of(style)], lsp.encoding)
        == "# 漢字 😀\r\nLis 😀 @docs/style.md\r\n"
    )
    assert style.kind == types.CompletionItemKind.File


async def test_a_nested_file_completes_relative_to_its_own_folder(lsp: PromptClient) -> None:
    root = project(lsp.root / "complete-nested")
    text = "See @"
    items = await complete(lsp, root / "docs" / "CLAUDE.md", text, len(text))
    assert {item.label for item in items} == {"style.md", "api/"}


async def test_no_paths_in_code_or_in_an_address(lsp: PromptClient) -> None:
    root = project(lsp.root / "complete-none")
    for text in ("Mail a@do", "Run `@do", "```\n@do", "Say @"):
        offset = len(text)
        items = await complete(
            lsp, root / "CLAUDE.md", text + ("`" if "`@" in text else ""), offset
        )
        if text == "Say @":
            assert items, "a bare @ after a space starts an import"
        else:
            assert items == [], text


async def test_front_matter_keys_and_values_per_kind(lsp: PromptClient) -> None:
    root = project(lsp.root / "complete-front")
    rule = root / ".cursor" / "rules" / "ts.mdc"
    text = "---\r\ndescription: 漢字 😀\r\nal"
    keys = await complete(lsp, rule, text, len(text))
    assert [item.label for item in keys] == ["alwaysApply"]
    assert edit_of(keys[0]).range == span(text, len(text) - 2, len(text), lsp.encoding)
    assert edit_of(keys[0]).new_text == "alwaysApply: "
    text = "---\r\ndescription: 漢字 😀\r\nalwaysApply: "
    values = await complete(lsp, rule, text, len(text))
    assert [item.label for item in values] == ["true", "false"]
    text = "---\ndescription: x\n"
    rest = await complete(lsp, rule, text, len(text))
    assert {item.label for item in rest} == {"globs", "alwaysApply"}
    copilot = root / ".github" / "instructions" / "a.instructions.md"
    text = "---\napplyTo: '**'\nexcludeAgent: "
    agents = await complete(lsp, copilot, text, len(text))
    assert [item.label for item in agents] == ["code-review", "coding-agent"]


async def test_the_marker_in_a_prompt_file(lsp: PromptClient) -> None:
    root = project(lsp.root / "complete-marker")
    text = "Static part 😀\r\n__ZID"
    items = await complete(lsp, root / "agent.prompt.md", text, len(text))
    assert [item.label for item in items] == [MARKER]
    edit = edit_of(items[0])
    assert edit.range == span(text, text.index("__ZID"), len(text), lsp.encoding)
    td = capabilities(lsp.name).text_document
    item_caps = td.completion.completion_item if td and td.completion else None
    if item_caps and item_caps.snippet_support:
        assert items[0].insert_text_format == types.InsertTextFormat.Snippet
        assert edit.new_text == f"\r\n{MARKER}\r\n\r\n$0"
    else:
        assert items[0].insert_text_format == types.InsertTextFormat.PlainText
        assert edit.new_text == f"\r\n{MARKER}\r\n\r\n"
    text = "Static part\n\n"
    after_blank = await complete(lsp, root / "agent.prompt.md", text, len(text))
    assert edit_of(after_blank[0]).new_text.startswith(f"{MARKER}\n\n")
    text = "Static part\n\nDynamic"
    assert await complete(lsp, root / "agent.prompt.md", text, len(text)) == []
