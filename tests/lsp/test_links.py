"""Imports as links: ``documentLink`` and ``definition`` on every ``@path`` the folder's
agents follow, with the token's exact range in the client's encoding; tokens no agent
follows (code, an address, a missing file, gemini's confinement) are no links."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types

from tests.lsp.client import (
    PromptClient,
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

CLAUDE_TEXT = (
    "# Règles 😀 漢字\r\n"
    "Lis 😀 @docs/style.md et 漢字 @./missing.md\r\n"
    "`@docs/style.md` is code\r\n"
    "```\r\n@docs/style.md\r\n```\r\n"
    "mail a@docs/style.md\r\n"
)


def supports_tooltips(client: PromptClient) -> bool:
    """Whether the client profile shows link tooltips (else the server sends none)."""
    td = capabilities(client.name).text_document
    return bool(td and td.document_link and td.document_link.tooltip_support)


async def links(client: PromptClient, uri: str) -> list[types.DocumentLink]:
    """The server's document links of an open document."""
    found = await client.text_document_document_link_async(
        types.DocumentLinkParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    return list(found or [])


async def definition(client: PromptClient, uri: str, pos: types.Position) -> list[str]:
    """The target URIs of a definition request (links or locations alike)."""
    found = await client.text_document_definition_async(
        types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=pos)
    )
    if found is None:
        return []
    items = found if isinstance(found, list) else [found]
    return [i.target_uri if isinstance(i, types.LocationLink) else i.uri for i in items]


async def link_targets(client: PromptClient, path: Path, text: str) -> list[str]:
    """Write and open ``path`` with ``text``; the targets of its links; close it."""
    write(path.parent, path.name, text)
    uri = await opened(client, path, text)
    found = [link.target or "" for link in await links(client, uri)]
    close_doc(client, uri)
    return found


async def opened(client: PromptClient, path: Path, text: str) -> str:
    """Open ``path`` with ``text`` and wait for its analysis."""
    uri = uri_of(path)
    open_doc(client, uri, text)
    await diagnostics(client, client.name, uri, 1)
    return uri


async def test_a_followed_import_is_one_link_over_its_token(lsp: PromptClient) -> None:
    root = repository(lsp.root / "claude-links")
    style = write(root, "docs/style.md", "# Style\n")
    claude = write(root, "CLAUDE.md", CLAUDE_TEXT)
    uri = await opened(lsp, claude, CLAUDE_TEXT)
    found = await links(lsp, uri)
    start = CLAUDE_TEXT.index("@docs/style.md")
    assert [link.range for link in found] == [span(CLAUDE_TEXT, start, start + 14, lsp.encoding)]
    assert found[0].target == uri_of(style)
    if supports_tooltips(lsp):
        assert found[0].tooltip is not None and "Claude Code" in found[0].tooltip
    close_doc(lsp, uri)


async def test_definition_jumps_from_anywhere_on_the_token(lsp: PromptClient) -> None:
    root = repository(lsp.root / "claude-definition")
    style = write(root, "docs/style.md", "# Style\n")
    claude = write(root, "CLAUDE.md", CLAUDE_TEXT)
    uri = await opened(lsp, claude, CLAUDE_TEXT)
    start = CLAUDE_TEXT.index("@docs/style.md")
    for offset in (start, start + 7, start + 14):
        assert await definition(lsp, uri, position(CLAUDE_TEXT, offset, lsp.encoding)) == [
            uri_of(style)
        ]
    for offset in (CLAUDE_TEXT.index("@./missing"), CLAUDE_TEXT.index("@docs/style.md`") + 2):
        assert await definition(lsp, uri, position(CLAUDE_TEXT, offset, lsp.encoding)) == []
    close_doc(lsp, uri)


async def test_gemini_confinement_and_trailing_punctuation_decide_per_agent(
    lsp: PromptClient,
) -> None:
    """Both agents set up: a token only Claude follows (gemini wants a letter, `.` or
    `/` first) is a link naming Claude alone; one outside gemini's project root is still
    a link, for Claude; punctuation after a path is part of it for both (oracle: Claude
    Code 2.1.332), so `@docs/style.md,` links nothing."""
    outside = write(lsp.root, "shared-notes.md", "shared\n")
    root = repository(lsp.root / "both-agents")
    style = write(root, "docs/style.md", "# Style\n")
    notes = write(root, "_notes.md", "# Notes\n")
    write(root, "GEMINI.md", "gemini\n")
    text = "漢字 @_notes.md @docs/style.md,\r\n😀 @docs/style.md\r\nSee @../shared-notes.md\r\n"
    claude = write(root, "CLAUDE.md", text)
    uri = await opened(lsp, claude, text)
    found = {
        (link.range.start.line, link.target): link.tooltip or "" for link in await links(lsp, uri)
    }
    assert set(found) == {(0, uri_of(notes)), (1, uri_of(style)), (2, uri_of(outside))}
    if not supports_tooltips(lsp):
        assert set(found.values()) == {""}
        close_doc(lsp, uri)
        return
    assert "Claude Code" in found[(0, uri_of(notes))] and "gemini" not in found[(0, uri_of(notes))]
    assert "Claude Code" in found[(1, uri_of(style))] and "gemini-cli" in found[(1, uri_of(style))]
    assert "gemini" not in found[(2, uri_of(outside))]
    close_doc(lsp, uri)


async def test_gemini_alone_does_not_link_outside_its_project_root(lsp: PromptClient) -> None:
    write(lsp.root, "gemini-outside.md", "outside\n")
    root = repository(lsp.root / "gemini-only")
    inner = write(root, "docs/inner.md", "inner\n")
    text = "@../gemini-outside.md\n@docs/inner.md\n"
    assert await link_targets(lsp, root / "GEMINI.md", text) == [uri_of(inner)]


async def test_an_agent_without_imports_gets_no_links(lsp: PromptClient) -> None:
    root = repository(lsp.root / "codex-only")
    write(root, "docs/style.md", "# Style\n")
    write(root, ".codex/config.toml", "")
    assert await link_targets(lsp, root / "AGENTS.md", "See @docs/style.md\n") == []


async def test_an_imported_markdown_file_links_on_but_a_prompt_file_does_not(
    lsp: PromptClient,
) -> None:
    root = repository(lsp.root / "chain")
    write(root, "CLAUDE.md", "@docs/style.md\n")
    deeper = write(root, "docs/deeper.md", "deeper\n")
    text = "😀 @deeper.md\n"
    assert await link_targets(lsp, root / "docs" / "style.md", text) == [uri_of(deeper)]
    assert await link_targets(lsp, root / "docs" / "agent.prompt.md", text) == []
