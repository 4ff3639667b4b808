"""Diagnostics: push with versions for push clients, pull (never push) for pull clients,
related information and codes (rule links: test_rule_links.py)."""

from __future__ import annotations

import pytest
from lsprotocol import types

from tests.lsp.client import (
    MARKER,
    PromptClient,
    change_doc,
    close_doc,
    diagnostics,
    events_of,
    open_doc,
    span,
    uri_of,
)

pytestmark = pytest.mark.asyncio(loop_scope="module")
TEXT = f"static 😀\n\n{MARKER}\n\ndynamic\n\n{MARKER}\n\nmore\n"


async def pull(client: PromptClient, uri: str, previous: str | None = None) -> object:
    """One ``textDocument/diagnostic`` request."""
    return await client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(
            text_document=types.TextDocumentIdentifier(uri=uri), previous_result_id=previous
        )
    )


async def test_duplicate_points_at_the_first_marker(lsp: PromptClient) -> None:
    enc, name = lsp.encoding, lsp.name
    uri = uri_of(lsp.root / "related.md")
    open_doc(lsp, uri, TEXT)
    [dup] = [d for d in await diagnostics(lsp, name, uri, 1) if d.code == "PL001"]
    assert dup.source == "promptls" and dup.severity is not None
    assert dup.related_information
    first = TEXT.index(MARKER)
    related = dup.related_information[0].location
    assert related.uri == uri and related.range == span(TEXT, first, first + len(MARKER), enc)
    close_doc(lsp, uri)


async def test_pull_clients_pull_and_are_never_pushed(lsp: PromptClient) -> None:
    if lsp.name != "neovim":
        pytest.skip("only the Neovim profile declares pull diagnostics")
    events = events_of(lsp)
    uri = uri_of(lsp.root / "pulled.md")
    open_doc(lsp, uri, TEXT)
    report = await pull(lsp, uri)
    assert isinstance(report, types.RelatedFullDocumentDiagnosticReport)
    assert "PL001" in {d.code for d in report.items} and report.result_id
    again = await pull(lsp, uri, report.result_id)
    assert isinstance(again, types.RelatedUnchangedDocumentDiagnosticReport)
    change_doc(lsp, uri, 2, None, "no markers now\n")
    fresh = await pull(lsp, uri, report.result_id)
    assert isinstance(fresh, types.RelatedFullDocumentDiagnosticReport)
    assert list(fresh.items) == [] and fresh.result_id != report.result_id
    close_doc(lsp, uri)
    # A push would have been written before the pull answers (same analysis): none came.
    assert not [p for p in events.published if p.uri == uri]


async def test_push_clients_get_versioned_diagnostics(lsp: PromptClient) -> None:
    if lsp.name == "neovim":
        pytest.skip("pull client")
    events = events_of(lsp)
    uri = uri_of(lsp.root / "pushed.md")
    open_doc(lsp, uri, TEXT, version=7)
    published = await events.diagnostics(uri, 7)
    assert "PL001" in {d.code for d in published.diagnostics}
    close_doc(lsp, uri)
    cleared = await events.diagnostics(uri, None)
    assert list(cleared.diagnostics) == []
