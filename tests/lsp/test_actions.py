"""Code actions: quick fixes from Diagnostic.data, suppression comments, fix-all."""

from __future__ import annotations

import pytest
from lsprotocol import types

from promptls.analysis import analyze, apply_fixes
from tests.lsp.client import (
    MARKER,
    PromptClient,
    apply_edits,
    change_doc,
    close_doc,
    diagnostics,
    edits_for,
    open_doc,
    uri_of,
)

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def actions(
    client: PromptClient,
    uri: str,
    diags: list[types.Diagnostic],
    only: list[str] | None = None,
) -> list[types.CodeAction]:
    """Code actions for the given diagnostics (the range of the first one)."""
    rng = (
        diags[0].range
        if diags
        else types.Range(start=types.Position(0, 0), end=types.Position(0, 0))
    )
    result = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=rng,
            context=types.CodeActionContext(diagnostics=diags, only=only),
        )
    )
    return [a for a in result or [] if isinstance(a, types.CodeAction)]


async def test_quick_fix_from_diagnostic_data_removes_the_duplicate(lsp: PromptClient) -> None:
    enc, name = lsp.encoding, lsp.name
    uri = uri_of(lsp.root / "fix.md")
    text = f"static 😀\n\n{MARKER}\n\ndynamic 漢字\n\n{MARKER}\n\nmore\n"
    open_doc(lsp, uri, text)
    dup = [d for d in await diagnostics(lsp, name, uri, 1) if d.code == "PL001"]
    assert dup and dup[0].source == "promptls" and dup[0].data and dup[0].data["fix"]
    assert dup[0].code_description is None  # no published rule pages: no dead link
    assert list(dup[0].tags or []) == [types.DiagnosticTag.Unnecessary]
    [fix] = [a for a in await actions(lsp, uri, dup) if a.is_preferred]
    assert fix.kind == types.CodeActionKind.QuickFix and fix.edit is not None
    fixed = apply_edits(text, edits_for(fix.edit, uri), enc)
    assert fixed.count(MARKER) == 1
    change_doc(lsp, uri, 2, None, fixed)
    assert not [d for d in await diagnostics(lsp, name, uri, 2) if d.code == "PL001"]
    # The old diagnostic's fix was for version 1: it is not offered against version 2.
    assert not [a for a in await actions(lsp, uri, dup) if a.is_preferred]
    close_doc(lsp, uri)


async def test_disable_for_this_line_inserts_the_suppression(lsp: PromptClient) -> None:
    enc, name = lsp.encoding, lsp.name
    uri = uri_of(lsp.root / "suppress.md")
    text = f"a\r\n\r\n{MARKER}\r\n\r\nb\r\n  {MARKER} again\r\n"
    open_doc(lsp, uri, text)
    dup = [d for d in await diagnostics(lsp, name, uri, 1) if d.code == "PL001"]
    [disable] = [
        a for a in await actions(lsp, uri, dup) if a.title == "Disable PL001 for this line"
    ]
    assert disable.edit is not None
    fixed = apply_edits(text, edits_for(disable.edit, uri), enc)
    assert "\r\n  <!-- promptls-disable-next-line PL001 -->\r\n  " + MARKER in fixed
    change_doc(lsp, uri, 2, None, fixed)
    assert not [d for d in await diagnostics(lsp, name, uri, 2) if d.code == "PL001"]
    close_doc(lsp, uri)


async def test_fix_all_applies_every_fix(lsp: PromptClient) -> None:
    enc, name = lsp.encoding, lsp.name
    path = lsp.root / "all.md"
    uri = uri_of(path)
    # Bad spacing around the first marker (PL006) and a duplicate far below (PL001).
    text = f"s 😀\n{MARKER}\ndynamic\n\nmore text\n\n{MARKER}\n\nend\n"
    open_doc(lsp, uri, text)
    before = await diagnostics(lsp, name, uri, 1)
    assert {"PL001", "PL006"} <= {str(d.code) for d in before}
    found = await actions(lsp, uri, [], only=[types.CodeActionKind.SourceFixAll])
    [fix_all] = [a for a in found if a.kind == "source.fixAll.promptls"]
    assert fix_all.edit is not None
    fixed = apply_edits(text, edits_for(fix_all.edit, uri), enc)
    # Exactly what the CLI's fixer makes of the same text.
    analysis = analyze(text, path=str(path))
    assert fixed == apply_fixes(text, [f.fix for f in analysis.findings if f.fix])
    change_doc(lsp, uri, 2, None, fixed)
    after = await diagnostics(lsp, name, uri, 2)
    assert not {"PL001", "PL006"} & {str(d.code) for d in after}
    close_doc(lsp, uri)


async def test_quick_fix_without_diagnostic_data(lsp: PromptClient) -> None:
    # Some clients drop Diagnostic.data; the fix is then found by code and range.
    enc, name = lsp.encoding, lsp.name
    uri = uri_of(lsp.root / "nodata.md")
    text = f"a\n\n{MARKER}\n\nb\n\n{MARKER}\n\nc\n"
    open_doc(lsp, uri, text)
    [dup] = [d for d in await diagnostics(lsp, name, uri, 1) if d.code == "PL001"]
    dup.data = None
    [fix] = [a for a in await actions(lsp, uri, [dup]) if a.is_preferred]
    assert fix.edit is not None
    assert apply_edits(text, edits_for(fix.edit, uri), enc).count(MARKER) == 1
    close_doc(lsp, uri)


async def test_disable_in_a_plain_prompt_file_uses_noqa(lsp: PromptClient) -> None:
    enc, name = lsp.encoding, lsp.name
    uri = uri_of(lsp.root / "agent.prompt")
    text = f"a\n\n{MARKER}\n\nb\n\n{MARKER}\n\nc\n"
    open_doc(lsp, uri, text, lang="plaintext")
    dup = [d for d in await diagnostics(lsp, name, uri, 1) if d.code == "PL001"]
    [disable] = [
        a for a in await actions(lsp, uri, dup) if a.title == "Disable PL001 for this line"
    ]
    assert disable.edit is not None
    fixed = apply_edits(text, edits_for(disable.edit, uri), enc)
    assert f"\n{MARKER}  # promptls: noqa PL001\n" in fixed
    change_doc(lsp, uri, 2, None, fixed)
    assert not [d for d in await diagnostics(lsp, name, uri, 2) if d.code == "PL001"]
    close_doc(lsp, uri)
