"""PL029 and PL030 in the editor: the unclosed fence's quick fix (offered only here, not
in fix-all), applied in the client's position encoding, and the skill hover that shows
the body as Claude Code would send it."""

from __future__ import annotations

import pytest
from lsprotocol import types

from promptls.apidesc.ids import FIX_ALL_KIND
from tests.lsp.client import (
    PromptClient,
    apply_edits,
    close_doc,
    diagnostics,
    edits_for,
    hover,
    open_doc,
    position,
    uri_of,
)
from tests.lsp.test_actions import actions

pytestmark = pytest.mark.asyncio(loop_scope="module")

UNCLOSED = "# 日志 🚀\r\n\r\n- 例:\r\n  ```sh\r\n  make 👩\u200d💻\r\n"


async def test_the_unclosed_fence_is_closed_by_the_quick_fix(lsp: PromptClient) -> None:
    folder = lsp.root / "fence"
    folder.mkdir()
    uri = uri_of(folder / "AGENTS.md")
    open_doc(lsp, uri, UNCLOSED)
    [diag] = [d for d in await diagnostics(lsp, lsp.name, uri, 1) if d.code == "PL030"]
    assert diag.severity == types.DiagnosticSeverity.Warning
    opener = UNCLOSED.index("```sh")
    assert diag.range.start == position(UNCLOSED, opener, lsp.encoding)
    found = [a for a in await actions(lsp, uri, [diag]) if a.title.startswith("Close the")]
    assert len(found) == 1 and found[0].edit is not None
    fixed = apply_edits(UNCLOSED, edits_for(found[0].edit, uri), lsp.encoding)
    assert fixed == UNCLOSED + "  ```\r\n"
    fix_all = await actions(lsp, uri, [], only=[FIX_ALL_KIND])
    assert fix_all == []  # not a fix check --fix or fix-all applies
    close_doc(lsp, uri)


async def test_the_skill_hover_shows_the_body_for_sample_arguments(lsp: PromptClient) -> None:
    folder = lsp.root / "skills" / "fix"
    folder.mkdir(parents=True)
    text = "---\nname: fix\ndescription: Fix.\n---\nFix $0 then $ARGUMENTS[1]; !`git status`\n"
    uri = uri_of(folder / "SKILL.md")
    open_doc(lsp, uri, text)
    await diagnostics(lsp, lsp.name, uri, 1)
    got = await hover(lsp, uri, position(text, text.index("$0") + 1, lsp.encoding))
    assert got is not None
    content = got.contents
    shown = content.value if isinstance(content, types.MarkupContent) else str(content)
    assert "Fix arg1 then arg2; (runs `git status` at load)" in shown
    assert got.range is not None
    assert got.range.start == position(text, text.index("$0"), lsp.encoding)
    # The file's own hover (first line) shows the same body after where it stands.
    first = await hover(lsp, uri, types.Position(line=0, character=0))
    assert first is not None
    first_content = first.contents
    whole = first_content.value if isinstance(first_content, types.MarkupContent) else ""
    assert "instruction file" in whole
    assert "Fix arg1 then arg2; (runs `git status` at load)" in whole
    close_doc(lsp, uri)
