"""Inlay hints: line 1 of an instruction file says what each agent does with it, a prompt
file's marker is followed by its halves' token estimates; clients without inlay hints get
the instruction line as a code lens. Positions are checked in each profile's encoding
with emoji, CJK and CRLF on the hinted line."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from lsprotocol import types

from tests import MARKER
from tests.lsp.client import (
    PromptClient,
    capabilities,
    client_params,
    execute,
    open_doc,
    position,
    session,
    uri_of,
)

pytestmark = pytest.mark.asyncio(loop_scope="function")

SHADOWED = "# 共有 😀 rules\r\nuse tabs\r\n"
OVERRIDE = "# override 漢字\n"
PROMPT = f"漢字 😀 static part\r\n\r\n{MARKER}\r\n\r\ndynamic part\r\n"
WHOLE = types.Range(start=types.Position(0, 0), end=types.Position(99, 0))


def _paths(found: object) -> list[object]:
    """Every ``path`` value anywhere in a command's JSON answer."""
    if isinstance(found, dict):
        return [v for k, v in found.items() if k == "path"] + [
            p for v in found.values() for p in _paths(v)
        ]
    if isinstance(found, list):
        return [p for v in found for p in _paths(v)]
    return []


async def _hints(client: PromptClient, uri: str) -> list[types.InlayHint]:
    got = await client.text_document_inlay_hint_async(
        types.InlayHintParams(text_document=types.TextDocumentIdentifier(uri=uri), range=WHOLE)
    )
    return list(got or [])


@pytest.mark.parametrize("name", client_params())
async def test_instruction_line_one_says_shadowed_and_loaded(name: str, tmp_path: Path) -> None:
    (tmp_path / "AGENTS.md").write_bytes(SHADOWED.encode())
    (tmp_path / "AGENTS.override.md").write_bytes(OVERRIDE.encode())
    async with session(name, tmp_path) as client:
        uri = uri_of(tmp_path / "AGENTS.md")
        open_doc(client, uri, SHADOWED)
        [hint] = await _hints(client, uri)
        assert "codex: shadowed by AGENTS.override.md" in str(hint.label)
        assert hint.position == position(SHADOWED, SHADOWED.index("\r"), client.encoding)
        winner = uri_of(tmp_path / "AGENTS.override.md")
        open_doc(client, winner, OVERRIDE)
        [loaded] = await _hints(client, winner)
        size = len(OVERRIDE.encode())
        assert f"codex: loaded 1 of 1 · {size} bytes of the 32 KiB budget" in str(loaded.label)
        assert loaded.position == position(OVERRIDE, len(OVERRIDE) - 1, client.encoding)


@pytest.mark.parametrize("name", client_params())
async def test_prompt_marker_followed_by_halves(name: str, tmp_path: Path) -> None:
    async with session(name, tmp_path) as client:
        uri = uri_of(tmp_path / "a.prompt")
        open_doc(client, uri, PROMPT)
        [hint] = await _hints(client, uri)
        end = PROMPT.index(MARKER) + len(MARKER)
        assert hint.position == position(PROMPT, end, client.encoding)
        label = str(hint.label)
        assert label.startswith("static ≈ ") and "(cached) · dynamic ≈ " in label
        outside = types.Range(start=types.Position(0, 0), end=types.Position(1, 0))
        none = await client.text_document_inlay_hint_async(
            types.InlayHintParams(
                text_document=types.TextDocumentIdentifier(uri=uri), range=outside
            )
        )
        assert not none


async def test_code_lens_only_without_inlay_hints(tmp_path: Path) -> None:
    (tmp_path / "AGENTS.md").write_bytes(SHADOWED.encode())
    (tmp_path / "AGENTS.override.md").write_bytes(OVERRIDE.encode())
    caps = copy.deepcopy(capabilities("vscode"))
    assert caps.text_document is not None
    caps.text_document.inlay_hint = None
    async with session("vscode", tmp_path, caps=caps) as client:
        uri = uri_of(tmp_path / "AGENTS.md")
        open_doc(client, uri, SHADOWED)
        lenses = await client.text_document_code_lens_async(
            types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )
        assert lenses is not None
        [lens] = lenses
        assert lens.range.start == types.Position(0, 0)
        assert lens.command is not None
        assert "codex: shadowed by AGENTS.override.md" in lens.command.title
        # Choosing it runs the command the lens names: the context files of this file.
        shown = await execute(client, lens.command.command, *(lens.command.arguments or []))
        assert any(str(tmp_path / "AGENTS.override.md") in str(p) for p in _paths(shown))
    caps.text_document.inlay_hint = types.InlayHintClientCapabilities()
    async with session("vscode", tmp_path, caps=caps) as client:
        open_doc(client, uri, SHADOWED)
        with_hints = await client.text_document_code_lens_async(
            types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )
        assert not with_hints
