"""A 10 MB document: diagnostics, hover and an incremental edit still answer, correctly."""

from __future__ import annotations

import pytest

from tests.lsp.client import (
    MARKER,
    PromptClient,
    change_doc,
    close_doc,
    diagnostics,
    hover,
    open_doc,
    position,
    span,
    uri_of,
)

pytestmark = [pytest.mark.asyncio(loop_scope="module"), pytest.mark.slow]  # 10 MB documents

SIZE = 10 * 1024 * 1024


def big_text() -> str:
    """~10 MB of prose with wide characters, a marker near the start and one at the end."""
    line = "Agent rules: read before you write; 漢字 and 😀 appear here too.\n"
    body = line * (SIZE // len(line.encode()) + 1)
    return f"header\n\n{MARKER}\n\n{body}\n\n{MARKER}\n"


async def test_ten_megabytes_still_answer(lsp: PromptClient) -> None:
    enc, name = lsp.encoding, lsp.name
    uri = uri_of(lsp.root / "huge.md")
    text = big_text()
    assert len(text.encode()) >= SIZE
    open_doc(lsp, uri, text)
    found = [d for d in await diagnostics(lsp, name, uri, 1) if d.code == "PL001"]
    last = text.rindex(MARKER)
    assert [d.range for d in found] == [span(text, last, last + len(MARKER), enc)]
    h = await hover(lsp, uri, position(text, last + 3, enc))
    assert h is not None and "more characters" in str(h.contents)
    # Delete the last marker with an incremental edit at the very end.
    change_doc(lsp, uri, 2, span(text, last, last + len(MARKER), enc), "")
    assert not [d for d in await diagnostics(lsp, name, uri, 2) if d.code == "PL001"]
    close_doc(lsp, uri)
