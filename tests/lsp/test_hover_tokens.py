"""The line-1 hover of an instruction file counts the tokens each agent reads of it:
exact under codex (OpenAI's o200k_base, with ``promptls[tokens]`` installed, as the test
extra has it), a labelled estimate for agents whose tokenizer is not public."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types

from tests.lsp.client import diagnostics, hover, open_doc, session

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def _hover_text(root: Path, text: str, profile: str) -> str:
    (root / ".git").mkdir(exist_ok=True)
    path = root / "AGENTS.md"
    path.write_text(text, encoding="utf-8")
    async with session("vscode", root, init_options={"profile": profile}) as client:
        uri = path.resolve().as_uri()
        open_doc(client, uri, text)
        await diagnostics(client, "vscode", uri, 1)
        shown = await hover(client, uri, types.Position(line=0, character=1))
        assert shown is not None and isinstance(shown.contents, types.MarkupContent)
        return shown.contents.value.replace("\\", "")


async def test_codex_hover_gives_the_exact_o200k_count(tmp_path: Path) -> None:
    # "hello world" is two o200k_base tokens (ids 24912, 2375 in OpenAI's published tests).
    value = await _hover_text(tmp_path, "hello world", "codex")
    assert "Profile 'codex': loaded" in value
    assert " 2 tokens (o200k_base)." in value


async def test_claude_hover_labels_its_count_an_estimate(tmp_path: Path) -> None:
    (tmp_path / "CLAUDE.md").write_text("@AGENTS.md\n", encoding="utf-8")
    value = await _hover_text(tmp_path, "Use tabs, not spaces, in every file.\n", "claude")
    assert "tokens (estimate)." in value
    assert "≈" in value
    assert "o200k_base" not in value
