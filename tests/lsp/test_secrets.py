"""A committed key (PL033) in the editor: diagnosed, never echoed back by the server."""

from __future__ import annotations

import pytest
from lsprotocol import types

from tests.analysis.secret_samples import samples
from tests.lsp.client import (
    PromptClient,
    close_doc,
    diagnostics,
    hover,
    open_doc,
    position,
    span,
    uri_of,
)

pytestmark = pytest.mark.asyncio(loop_scope="module")
SAMPLES = samples(23)


async def test_diagnostics_hovers_and_actions_never_hold_the_key(lsp: PromptClient) -> None:
    enc, name = lsp.encoding, lsp.name
    folder = lsp.root / "keys"
    folder.mkdir(exist_ok=True)
    uri = uri_of(folder / "AGENTS.md")
    text = "# Keys 😀\r\n\r\n" + "".join(f"- 漢字 `{t}`\r\n" for t in SAMPLES.values())
    open_doc(lsp, uri, text)
    found = [d for d in await diagnostics(lsp, name, uri, 1) if d.code == "PL033"]
    assert len(found) == len(SAMPLES)
    for diag, token in zip(
        sorted(found, key=lambda d: d.range.start.line), SAMPLES.values(), strict=True
    ):
        start = text.index(token)
        assert diag.range == span(text, start, start + len(token), enc)
        assert diag.severity == types.DiagnosticSeverity.Error
        assert token not in repr(diag)
        for offset in (start, start + len(token) // 2):
            answer = await hover(lsp, uri, position(text, offset, enc))
            assert answer is None or token not in repr(answer.contents)
        result = await lsp.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=diag.range,
                context=types.CodeActionContext(diagnostics=[diag]),
            )
        )
        assert token not in repr(result)
        assert all(
            a.edit is None or not a.is_preferred
            for a in result or []
            if isinstance(a, types.CodeAction)
        )
    close_doc(lsp, uri)
