"""Hovers: wire text and sizes on a marker, near-miss explanations, instruction-file order,
Markdown that file content cannot break, plain text for clients without Markdown."""

from __future__ import annotations

import copy
import re

import pytest
from lsprotocol import types

from promptls.tokens import estimate_tokens
from tests.lsp.client import (
    MARKER,
    PromptClient,
    capabilities,
    close_doc,
    diagnostics,
    hover,
    open_doc,
    position,
    session,
    uri_of,
)

pytestmark = pytest.mark.asyncio(loop_scope="module")

FENCE = re.compile(r"^(`{3,})text\n(.*?)^\1$", re.M | re.S)


def fenced_blocks(markdown: str) -> list[str]:
    """Contents of the hover's fenced blocks, verbatim."""
    return [m.group(2).removesuffix("\n") for m in FENCE.finditer(markdown)]


def outside_fences(markdown: str) -> str:
    """The Markdown with fenced blocks removed (only our own, escaped prose)."""
    return FENCE.sub("", markdown)


async def open_and_wait(client: PromptClient, uri: str, text: str) -> None:
    """Open a document and wait until it is analysed."""
    open_doc(client, uri, text)
    await diagnostics(client, client.name, uri, 1)


async def test_marker_hover_shows_halves_wire_text_and_sizes(lsp: PromptClient) -> None:
    enc = lsp.encoding
    uri = uri_of(lsp.root / "split.md")
    static, dynamic = "You are terse. 漢字 😀", "Today is Monday."
    text = f"{static}\n\n{MARKER}\n\n{dynamic}\n"
    await open_and_wait(lsp, uri, text)
    h = await hover(lsp, uri, position(text, text.index(MARKER) + 5, enc))
    assert h is not None and isinstance(h.contents, types.MarkupContent)
    assert h.contents.kind == types.MarkupKind.Markdown
    value = h.contents.value
    # A fence cannot show a final newline; everything else is verbatim.
    assert fenced_blocks(value) == [static, dynamic, f"{static}\n\n{dynamic}"]
    assert f"{len(static.encode())} bytes UTF-8, ≈ {estimate_tokens(static)} tokens" in value
    assert "estimate" in value and "cached" in value
    close_doc(lsp, uri)


async def test_second_marker_hover_says_it_is_folded(lsp: PromptClient) -> None:
    enc = lsp.encoding
    uri = uri_of(lsp.root / "two.md")
    text = f"a\n\n{MARKER}\n\nb\n\n{MARKER}\n\nc\n"
    await open_and_wait(lsp, uri, text)
    h = await hover(lsp, uri, position(text, text.rindex(MARKER), enc))
    assert h is not None and isinstance(h.contents, types.MarkupContent)
    assert "marker 2 of 2" in h.contents.value and "folded" in h.contents.value
    close_doc(lsp, uri)


async def test_near_miss_hover_explains_and_gives_the_exact_marker(lsp: PromptClient) -> None:
    enc = lsp.encoding
    uri = uri_of(lsp.root / "near.md")
    near = "__ZIDANE_SYSTEM_PROMPT_BOUNDRY__"
    text = f"a\n\n{near}\n\nb\n"
    await open_and_wait(lsp, uri, text)
    h = await hover(lsp, uri, position(text, text.index(near) + 3, enc))
    assert h is not None and isinstance(h.contents, types.MarkupContent)
    assert "not split" in h.contents.value
    assert fenced_blocks(h.contents.value) == [MARKER]
    close_doc(lsp, uri)


async def test_file_content_cannot_break_the_markdown(lsp: PromptClient) -> None:
    enc = lsp.encoding
    uri = uri_of(lsp.root / "evil.md")
    static = "````\n<script>alert(1)</script>\n[x](command:workbench.action.quit)\n```````"
    text = f"{static}\n\n{MARKER}\n\n<img src=x onerror=alert(1)>\n"
    await open_and_wait(lsp, uri, text)
    h = await hover(lsp, uri, position(text, text.index(MARKER), enc))
    assert h is not None and isinstance(h.contents, types.MarkupContent)
    value = h.contents.value
    blocks = fenced_blocks(value)
    assert blocks[0] == static  # the whole half stayed inside one fence
    prose = outside_fences(value)
    assert "<" not in prose.replace("\\<", "") and "](" not in prose
    assert "command:" not in prose
    close_doc(lsp, uri)


async def test_long_halves_are_truncated_with_a_count(lsp: PromptClient) -> None:
    enc = lsp.encoding
    uri = uri_of(lsp.root / "long.md")
    static = "word " * 1000
    text = f"{static}\n\n{MARKER}\n\nend\n"
    await open_and_wait(lsp, uri, text)
    h = await hover(lsp, uri, position(text, text.index(MARKER), enc))
    assert h is not None and isinstance(h.contents, types.MarkupContent)
    assert f"… {len(static) - 2000} more characters" in h.contents.value
    close_doc(lsp, uri)


async def test_no_hover_on_ordinary_prompt_text(lsp: PromptClient) -> None:
    uri = uri_of(lsp.root / "plain.md")
    text = f"a\n\n{MARKER}\n\nb\n"
    await open_and_wait(lsp, uri, text)
    assert await hover(lsp, uri, types.Position(line=0, character=0)) is None
    close_doc(lsp, uri)


async def test_instruction_file_hover_shows_its_place_in_the_order(lsp: PromptClient) -> None:
    root = lsp.root
    # AGENTS.md sets the folder up for codex, which walks down from the repository root.
    (root / ".git").mkdir(exist_ok=True)
    (root / "AGENTS.md").write_text("# root rules\n", encoding="utf-8")
    sub = root / "pkg"
    sub.mkdir(exist_ok=True)
    path = sub / "AGENTS.md"
    text = "# package rules\nuse tabs\n"
    path.write_text(text, encoding="utf-8")
    uri = uri_of(path)
    await open_and_wait(lsp, uri, text)
    h = await hover(lsp, uri, types.Position(line=0, character=3))
    assert h is not None and isinstance(h.contents, types.MarkupContent)
    value = h.contents.value
    found = re.search(r"position (\d+) of (\d+) sent at launch", value)
    assert found is not None and found.group(1) == found.group(2)  # most specific last
    root_line = value.index(str(root / "AGENTS.md").replace("_", "\\_"))
    assert root_line < value.index("this file")
    close_doc(lsp, uri)
    (root / ".git").rmdir()


async def test_plain_text_client_gets_plain_text(tmp_path_factory: pytest.TempPathFactory) -> None:
    root = tmp_path_factory.mktemp("plain")
    caps = copy.deepcopy(capabilities("vscode"))
    assert caps.text_document and caps.text_document.hover
    caps.text_document.hover.content_format = [types.MarkupKind.PlainText]
    async with session("vscode", root, caps=caps) as client:
        client.name = "vscode"
        uri = uri_of(root / "p.md")
        text = f"a_b *c*\n\n{MARKER}\n\nd\n"
        await open_and_wait(client, uri, text)
        h = await hover(client, uri, position(text, text.index(MARKER), "utf-16"))
        assert h is not None and isinstance(h.contents, types.MarkupContent)
        assert h.contents.kind == types.MarkupKind.PlainText
        assert "a_b *c*" in h.contents.value and "```" not in h.contents.value


async def test_a_scoped_rule_hover_says_conditional_and_names_its_globs(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """A .claude/rules file with paths: is not sent at launch; the hover says when it is."""
    root = tmp_path_factory.mktemp("rules")
    (root / ".git").mkdir()
    rule = root / ".claude/rules/api.md"
    rule.parent.mkdir(parents=True)
    text = "---\npaths: src/api/**\n---\n# API rules\n"
    rule.write_text(text, encoding="utf-8")
    (root / ".claude/settings.json").write_text('{"claudeMdExcludes": ["**/vendor/**"]}\n')
    async with session("vscode", root, init_options={"profile": "claude"}) as client:
        uri = uri_of(rule)
        await open_and_wait(client, uri, text)
        h = await hover(client, uri, types.Position(line=0, character=1))
        assert h is not None and isinstance(h.contents, types.MarkupContent)
        value = h.contents.value.replace("\\", "")
        assert "Profile 'claude': conditional, not sent at launch" in value
        assert "loaded when claude reads a file matching src/api/**" in value
        assert "claudeMdExcludes = **/vendor/** (from " in value
