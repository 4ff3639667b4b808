"""Who loads this file: ``textDocument/references`` lists the ``@path`` tokens that import
it (ranges in the client's encoding, open documents with their unsaved text), and
``promptls.showLoaders`` gives the same importers plus each profile's verdict, exactly
as ``promptls context --loaders FILE --json`` prints them."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from lsprotocol import types

from promptls.apidesc.ids import SHOW_LOADERS
from tests.cli.conform import problems, result_schema
from tests.lsp.client import (
    FAKE_HOME,
    PromptClient,
    close_doc,
    diagnostics,
    execute,
    open_doc,
    span,
    uri_of,
)
from tests.lsp.navigation import repository, write

pytestmark = pytest.mark.asyncio(loop_scope="module")

STYLE = "# Style 😀\n"
CLAUDE = "# 漢字 😀\r\nLis 😀 @docs/style.md\r\n"
OTHER = "Voir 🚀 @style.md et @../CLAUDE.md\n"


async def references(
    client: PromptClient, uri: str, declaration: bool = False
) -> list[types.Location]:
    """The server's references at the top of a document."""
    found = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=0, character=0),
            context=types.ReferenceContext(include_declaration=declaration),
        )
    )
    return list(found or [])


async def test_references_are_the_importing_tokens(lsp: PromptClient) -> None:
    root = repository(lsp.root / "refs")
    style = write(root, "docs/style.md", STYLE)
    claude = write(root, "CLAUDE.md", CLAUDE)
    other = write(root, "docs/other.md", OTHER)
    write(root, "docs/code.md", "`@style.md` is code, a@style.md an address\n")
    uri = uri_of(style)
    open_doc(lsp, uri, STYLE)
    await diagnostics(lsp, lsp.name, uri, 1)
    found = await references(lsp, uri)
    got = {(loc.uri, loc.range.start.line, loc.range.start.character, loc.range.end.character)
           for loc in found}  # fmt: skip
    start_c, start_o = CLAUDE.index("@docs"), OTHER.index("@style")
    want_c = span(CLAUDE, start_c, start_c + len("@docs/style.md"), lsp.encoding)
    want_o = span(OTHER, start_o, start_o + len("@style.md"), lsp.encoding)
    assert got == {
        (uri_of(claude), want_c.start.line, want_c.start.character, want_c.end.character),
        (uri_of(other), want_o.start.line, want_o.start.character, want_o.end.character),
    }
    with_self = await references(lsp, uri, declaration=True)
    assert uri in {loc.uri for loc in with_self} and len(with_self) == 3
    close_doc(lsp, uri)


async def test_an_unsaved_import_in_an_open_document_counts(lsp: PromptClient) -> None:
    root = repository(lsp.root / "refs-unsaved")
    style = write(root, "docs/style.md", STYLE)
    claude = write(root, "CLAUDE.md", "# nothing yet\n")
    edited = "# now 😀\n@docs/style.md\n"
    open_doc(lsp, uri_of(claude), edited)
    await diagnostics(lsp, lsp.name, uri_of(claude), 1)
    open_doc(lsp, uri_of(style), STYLE)
    await diagnostics(lsp, lsp.name, uri_of(style), 1)
    found = await references(lsp, uri_of(style))
    start = edited.index("@")
    assert [(loc.uri, loc.range) for loc in found] == [
        (uri_of(claude), span(edited, start, start + 14, lsp.encoding))
    ]
    close_doc(lsp, uri_of(style))
    close_doc(lsp, uri_of(claude))


async def test_show_loaders_agrees_with_the_cli(lsp: PromptClient) -> None:
    root = repository(lsp.root / "loaders")
    style = write(root, "docs/style.md", STYLE)
    write(root, "CLAUDE.md", CLAUDE)
    write(root, "GEMINI.md", "@CLAUDE.md\n")
    served = await execute(lsp, SHOW_LOADERS, {"uri": uri_of(style), "profile": "all"})
    assert problems(served, result_schema(SHOW_LOADERS)) == []
    assert [i["path"] for i in served["importers"]] == [str(root / "CLAUDE.md")]
    statuses = {p["profile"]: p["status"] for p in served["profiles"]}
    # gemini expands imports of GEMINI.md's chain from the folder docs/ walks up to;
    # Claude does not expand imports of a file above the working folder.
    assert statuses["gemini"] == "imported" and statuses["claude"] == "not-loaded"
    cli = [sys.executable, "-m", "promptls", "context", "--loaders", str(style)]
    cli += ["--all-profiles", "--json", "--home", FAKE_HOME]
    printed = json.loads(subprocess.run(cli, capture_output=True, check=True).stdout)
    assert printed == served


async def test_show_loaders_rejects_a_file_outside_the_workspace(lsp: PromptClient) -> None:
    with pytest.raises(Exception, match="outside every workspace folder"):
        await execute(lsp, SHOW_LOADERS, {"uri": "/definitely/not/here.md"})
