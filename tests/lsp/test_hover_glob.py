"""The glob hover: on a scope glob in front matter, how many workspace files it matches
(in the file's agent's glob dialect) and a few of them, with the glob's exact range in
the client's position encoding; file names cannot break the Markdown."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types

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


def touch(root: Path, *names: str) -> None:
    """Create empty files (and their folders) under ``root``."""
    for name in names:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x\n", encoding="utf-8")


async def hover_text(client: PromptClient, uri: str, text: str, offset: int) -> types.Hover:
    """Open ``text``, wait for its analysis, hover at ``offset``."""
    open_doc(client, uri, text)
    await diagnostics(client, client.name, uri, 1)
    found = await hover(client, uri, position(text, offset, client.encoding))
    assert found is not None and isinstance(found.contents, types.MarkupContent)
    return found


async def test_cursor_glob_hover_counts_and_lists_matches(lsp: PromptClient) -> None:
    project = lsp.root / "cursor-project"
    touch(project, "src/a.ts", "src/😀/b.ts", "src/c.py", "lib/d.ts")
    rule = project / ".cursor" / "rules" / "ts.mdc"
    rule.parent.mkdir(parents=True)
    glob = "src/**/*.ts"
    text = f'---\r\ndescription: "TypeScript 型 🚀"\r\nglobs: {glob}, lib/*.py\r\n---\r\nBody\r\n'
    start = text.index(glob)
    found = await hover_text(lsp, uri_of(rule), text, start + 3)
    value = found.contents.value  # type: ignore[union-attr]
    assert "matches 2 of 4 files" in value
    assert "a.ts" in value and "😀/b.ts" in value and "c.py" not in value
    assert found.range == span(text, start, start + len(glob), lsp.encoding)
    close_doc(lsp, uri_of(rule))


async def test_copilot_glob_hover_uses_vscode_matching(lsp: PromptClient) -> None:
    project = lsp.root / "copilot-project"
    touch(project, "Web/App.TSX", "web/util.ts")
    rule = project / ".github" / "instructions" / "react.instructions.md"
    rule.parent.mkdir(parents=True)
    text = '---\napplyTo: "web/*.tsx"\n---\nUse hooks.\n'
    found = await hover_text(lsp, uri_of(rule), text, text.index("*.tsx"))
    value = found.contents.value  # type: ignore[union-attr]
    # VS Code prefixes **/ and ignores case: Web/App.TSX matches web/*.tsx.
    assert "matches 1 of 2 files" in value and "App.TSX" in value
    close_doc(lsp, uri_of(rule))


async def test_glob_hover_escapes_hostile_file_names(lsp: PromptClient) -> None:
    project = lsp.root / "hostile-project"
    touch(project, "docs/[x](command:evil)\u202e.md")
    rule = project / ".claude" / "rules" / "docs.md"
    rule.parent.mkdir(parents=True)
    text = '---\npaths: "docs/*.md"\n---\nWrite clearly.\n'
    found = await hover_text(lsp, uri_of(rule), text, text.index("docs/*"))
    value = found.contents.value  # type: ignore[union-attr]
    assert "matches 1 of 1 file " in value
    assert (
        "[x](command:" not in value
        and "\\[x\\]" in value
        and "\u202e" not in value
        and "\\u202e" in value
    )
    close_doc(lsp, uri_of(rule))


async def test_no_glob_hover_outside_the_scope_value(lsp: PromptClient) -> None:
    project = lsp.root / "plain-project"
    rule = project / ".claude" / "rules" / "x.md"
    rule.parent.mkdir(parents=True)
    text = '---\npaths: "src/**"\n---\nsrc/** in prose is not a glob.\n'
    uri = uri_of(rule)
    open_doc(lsp, uri, text)
    await diagnostics(lsp, lsp.name, uri, 1)
    found = await hover(lsp, uri, position(text, text.rindex("src/**") + 1, lsp.encoding))
    assert found is None
    close_doc(lsp, uri)
