"""Text sync and positions end to end: every range is right under UTF-16, UTF-8 and UTF-32,
through incremental edits, CRLF files and emoji/CJK/combining characters."""

from __future__ import annotations

import hashlib

import pytest
from lsprotocol import types

from tests.lsp.client import (
    MARKER,
    PromptClient,
    change_doc,
    close_doc,
    diagnostics,
    events_of,
    execute,
    hover,
    open_doc,
    position,
    span,
    uri_of,
)

pytestmark = pytest.mark.asyncio(loop_scope="module")

WIDE = "Static 😀 漢字 é ‍👩‍💻 x\u0301\r\n"
"""Emoji (astral: 2 UTF-16 units, 4 UTF-8 bytes), CJK, a ZWJ sequence, a combining mark."""


async def server_hash(client: PromptClient, uri: str) -> str:
    """The server's sha256 of its copy of the document."""
    result = await execute(client, "promptls.debug.documentHash", {"uri": uri})
    return str(result["sha256"])


def sha(text: str) -> str:
    """What the server's hash must be for ``text``."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def codes(diags: list[types.Diagnostic]) -> dict[str, types.Diagnostic]:
    """Diagnostics by code (each test has at most one per code)."""
    return {str(d.code): d for d in diags}


async def test_capabilities_negotiate_the_clients_encoding(lsp: PromptClient) -> None:
    assert lsp.init_result is not None
    caps = lsp.init_result.capabilities
    assert caps.position_encoding == lsp.encoding
    sync = caps.text_document_sync
    assert isinstance(sync, types.TextDocumentSyncOptions)
    assert sync.change == types.TextDocumentSyncKind.Incremental and sync.open_close
    assert caps.hover_provider and caps.document_symbol_provider and caps.code_lens_provider
    assert caps.diagnostic_provider is not None
    assert caps.execute_command_provider is not None
    assert set(caps.execute_command_provider.commands) >= {
        "promptls.showContextFiles",
        "promptls.showEnvironment",
        "promptls.previewPrompt",
        "promptls.renderWire",
        "promptls.contextRevision",
        "promptls.debug.documentHash",
    }


async def test_duplicate_marker_range_after_wide_line_in_crlf_file(lsp: PromptClient) -> None:
    enc = lsp.encoding
    text = f"{WIDE}more\r\n\r\n{MARKER}\r\n\r\ndyn 🙂 {MARKER} end\r\n"
    uri = uri_of(lsp.root / "wide.md")
    open_doc(lsp, uri, text)
    found = codes(await diagnostics(lsp, lsp.name, uri, 1))
    second = text.rindex(MARKER)
    assert found["PL001"].range == span(text, second, second + len(MARKER), enc)
    # The hover at the second marker's last character finds that marker, too.
    h = await hover(lsp, uri, position(text, second + len(MARKER) - 1, enc))
    assert h is not None and h.range == span(text, second, second + len(MARKER), enc)
    assert await server_hash(lsp, uri) == sha(text)
    close_doc(lsp, uri)


async def test_incremental_edits_add_and_remove_markers(lsp: PromptClient) -> None:
    enc = lsp.encoding
    name = lsp.name
    uri = uri_of(lsp.root / "edit.md")
    text = f"intro 😀 line\n\n{MARKER}\n\nfirst 漢字\nsecond line\nthird\n"
    open_doc(lsp, uri, text)
    assert "PL001" not in codes(await diagnostics(lsp, name, uri, 1))

    # Replace "漢字\nsecond" (across a line break) with a text holding a second marker.
    start = text.index("漢字")
    end = text.index("second") + len("second")
    insert = f"🙂\n\n{MARKER}\n\nnew"
    change_doc(lsp, uri, 2, span(text, start, end, enc), insert)
    text = text[:start] + insert + text[end:]
    found = codes(await diagnostics(lsp, name, uri, 2))
    second = text.rindex(MARKER)
    assert found["PL001"].range == span(text, second, second + len(MARKER), enc)
    assert await server_hash(lsp, uri) == sha(text)

    # Delete that marker again with an edit spanning three lines.
    start, end = second - 2, second + len(MARKER) + 2
    change_doc(lsp, uri, 3, span(text, start, end, enc), "")
    text = text[:start] + text[end:]
    assert "PL001" not in codes(await diagnostics(lsp, name, uri, 3))
    assert await server_hash(lsp, uri) == sha(text)

    # And the first one, so no marker is left: nothing to hover, nothing to report.
    first = text.index(MARKER)
    change_doc(lsp, uri, 4, span(text, first, first + len(MARKER), enc), "plain")
    text = text[:first] + "plain" + text[first + len(MARKER) :]
    assert await diagnostics(lsp, name, uri, 4) == []
    assert await hover(lsp, uri, position(text, first + 1, enc)) is None
    assert await server_hash(lsp, uri) == sha(text)
    close_doc(lsp, uri)


async def test_edits_in_crlf_file_keep_crlf_positions(lsp: PromptClient) -> None:
    enc = lsp.encoding
    name = lsp.name
    uri = uri_of(lsp.root / "crlf.md")
    text = f"héllo 😀\r\n\r\n{MARKER}\r\n\r\nbody\r\n"
    open_doc(lsp, uri, text)
    await diagnostics(lsp, name, uri, 1)
    # Insert a duplicate marker at the very end (after the final CRLF).
    insert = f"tail 👍 {MARKER}\r\n"
    change_doc(lsp, uri, 2, span(text, len(text), len(text), enc), insert)
    text += insert
    found = codes(await diagnostics(lsp, name, uri, 2))
    second = text.rindex(MARKER)
    assert found["PL001"].range == span(text, second, second + len(MARKER), enc)
    assert await server_hash(lsp, uri) == sha(text)
    close_doc(lsp, uri)


async def test_position_past_line_end_is_clamped_not_wrapped(lsp: PromptClient) -> None:
    enc = lsp.encoding
    name = lsp.name
    uri = uri_of(lsp.root / "clamp.md")
    text = f"short\n\n{MARKER}\n\nx\n"
    open_doc(lsp, uri, text)
    await diagnostics(lsp, name, uri, 1)
    # Character 500 on line 0 must not spill onto the marker's line.
    assert await hover(lsp, uri, types.Position(line=0, character=500)) is None
    # Insert with a column past the end of line 0: lands at the end of "short".
    change_doc(
        lsp, uri, 2, types.Range(start=position(text, 5, enc), end=position(text, 5, enc)), "!"
    )
    text = text[:5] + "!" + text[5:]
    assert await server_hash(lsp, uri) == sha(text)
    close_doc(lsp, uri)


async def test_closed_while_analysis_pending_publishes_nothing_stale(lsp: PromptClient) -> None:
    name = lsp.name
    if name == "neovim":
        pytest.skip("pull client: the server never pushes, so there is nothing stale to see")
    events = events_of(lsp)
    uri = uri_of(lsp.root / "pending.md")
    other = uri_of(lsp.root / "other.md")
    text = f"a\n\n{MARKER}\n\nb\n"
    open_doc(lsp, uri, text)
    open_doc(lsp, other, "plain\n")
    await events.diagnostics(uri, 1)
    await events.diagnostics(other, 1)
    # A change starts the 150 ms debounce; closing right away must cancel it.
    change_doc(lsp, uri, 2, None, text + f"\n{MARKER}\n")
    close_doc(lsp, uri)
    cleared = await events.diagnostics(uri, None)
    assert list(cleared.diagnostics) == []
    # A later change to another document goes through the same debounce; once its
    # diagnostics arrive, the closed document's debounce would have fired too.
    change_doc(lsp, other, 2, None, "still plain\n")
    await events.diagnostics(other, 2)
    assert events.last(uri) is cleared
    assert all(p.version != 2 for p in events.published if p.uri == uri)
