"""Document symbols (static half, markers, dynamic half) and the token code lens."""

from __future__ import annotations

import pytest
from lsprotocol import types

from promptls.prompt import split_system_prompt
from promptls.tokens import estimate_tokens
from tests.lsp.client import MARKER, PromptClient, close_doc, diagnostics, open_doc, span, uri_of

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def test_symbols_outline_the_prompt(lsp: PromptClient) -> None:
    enc, name = lsp.encoding, lsp.name
    uri = uri_of(lsp.root / "outline.md")
    text = f"doctrine 😀 漢字\n\n{MARKER}\n\nturn\n\n{MARKER}\n\nmore\n"
    open_doc(lsp, uri, text)
    await diagnostics(lsp, name, uri, 1)
    result = await lsp.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert result is not None
    names = [s.name for s in result]
    assert names == ["static half (cached)", "boundary marker", "folded marker 2", "dynamic half"]
    ranges = [s.range if isinstance(s, types.DocumentSymbol) else s.location.range for s in result]
    first, second = text.index(MARKER), text.rindex(MARKER)
    assert ranges[0] == span(text, 0, first, enc)
    assert ranges[1] == span(text, first, first + len(MARKER), enc)
    assert ranges[2] == span(text, second, second + len(MARKER), enc)
    assert ranges[3] == span(text, first + len(MARKER), len(text), enc)
    close_doc(lsp, uri)


async def test_code_lens_on_the_first_marker_shows_token_estimates(lsp: PromptClient) -> None:
    enc, name = lsp.encoding, lsp.name
    uri = uri_of(lsp.root / "lens.md")
    text = f"{'stable doctrine ' * 30}\n\n{MARKER}\n\nper turn 😀\n"
    open_doc(lsp, uri, text)
    await diagnostics(lsp, name, uri, 1)
    lenses = await lsp.text_document_code_lens_async(
        types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert lenses is not None and len(lenses) == 1
    static, dynamic = split_system_prompt(text)
    assert lenses[0].command is not None
    assert lenses[0].command.title == (
        f"static ≈ {estimate_tokens(static)} tokens (cached) · "
        f"dynamic ≈ {estimate_tokens(dynamic)} tokens"
    )
    first = text.index(MARKER)
    assert lenses[0].range == span(text, first, first + len(MARKER), enc)
    close_doc(lsp, uri)


async def test_no_symbols_without_a_marker(lsp: PromptClient) -> None:
    name = lsp.name
    uri = uri_of(lsp.root / "none.md")
    open_doc(lsp, uri, "just prose\n")
    await diagnostics(lsp, name, uri, 1)
    result = await lsp.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert not result
    close_doc(lsp, uri)
