"""``promptls.previewDiff``: the first differing byte since the baseline the server kept,
the same JSON as ``promptls preview --diff OTHER --format json``."""

from __future__ import annotations

from pathlib import Path

import pytest
from pygls.exceptions import JsonRpcException
from pytest_lsp import LanguageClient

from tests.cli.conform import problems, result_schema
from tests.lsp.client import execute

pytestmark = pytest.mark.asyncio(loop_scope="module")

NOTES = "# Regeln\n\nÄußerst wichtig ✓ 日本語\nuse ALPHA always\n"


def _folder(lsp: LanguageClient, name: str) -> Path:
    """A fresh folder per test: the server keeps baselines for the module's lifetime."""
    folder = lsp.root / name  # type: ignore[attr-defined]
    folder.mkdir()
    (folder / "AGENTS.md").write_text(NOTES, encoding="utf-8")
    return folder


async def test_agents_md_edit_shows_where_the_prefix_shifts(lsp: LanguageClient) -> None:
    folder = _folder(lsp, "edit")
    args = {"folder": str(folder), "profile": "codex"}
    first = await execute(lsp, "promptls.previewDiff", args)
    assert problems(first, result_schema("promptls.previewDiff")) == []
    assert first["difference"] is None  # the first call keeps the baseline
    before = (await execute(lsp, "promptls.previewPrompt", args))["rendering"]["wire"]
    (folder / "AGENTS.md").write_text(NOTES.replace("ALPHA", "BRAVO"), encoding="utf-8")
    result = await execute(lsp, "promptls.previewDiff", args)
    assert problems(result, result_schema("promptls.previewDiff")) == []
    diff = result["difference"]
    assert diff["byte"] == len(before[: before.index("ALPHA")].encode("utf-8"))
    assert diff["new"]["path"] == str(folder / "AGENTS.md")
    assert diff["changedFiles"] == [str(folder / "AGENTS.md")]
    assert diff["inCachedPrefix"] is True
    # People read paths relative to the workspace folder; the data keeps them absolute.
    assert "changed files:\n  edit/AGENTS.md" in result["text"]
    assert str(folder) + "/AGENTS.md" not in result["text"]
    assert result["summary"] == (
        f"codex: first difference at byte {diff['byte']} (line {diff['line'] + 1}), "
        f"file edit/AGENTS.md: breaks the cached prefix ({diff['new']['cachedPrefixBytes']} "
        "bytes): the cache misses from here on"
    )
    assert "oldWire" not in result  # the texts only when asked for
    again = await execute(lsp, "promptls.previewDiff", args)
    assert again["difference"] == diff  # the baseline stays until rebased


async def test_texts_gives_both_wire_texts_for_a_side_by_side_diff(lsp: LanguageClient) -> None:
    folder = _folder(lsp, "texts")
    args = {"folder": str(folder), "profile": "claude", "texts": True}
    first = await execute(lsp, "promptls.previewDiff", args)
    assert problems(first, result_schema("promptls.previewDiff")) == []
    assert first["oldWire"] == first["newWire"]
    assert "use ALPHA always" in first["newWire"]
    assert first["summary"].startswith("claude: identical wire text")
    (folder / "AGENTS.md").write_text(NOTES + "use BRAVO too\n", encoding="utf-8")
    (folder / "CLAUDE.md").write_text("@AGENTS.md\n", encoding="utf-8")
    result = await execute(lsp, "promptls.previewDiff", args)
    assert problems(result, result_schema("promptls.previewDiff")) == []
    assert result["oldWire"] == first["newWire"]  # the baseline's text
    assert "use BRAVO too" in result["newWire"] and "use BRAVO too" not in result["oldWire"]
    byte = result["difference"]["byte"]
    old, new = result["oldWire"].encode(), result["newWire"].encode()
    assert old[:byte] == new[:byte] and old[byte : byte + 1] != new[byte : byte + 1]


async def test_rebase_keeps_the_current_rendering(lsp: LanguageClient) -> None:
    folder = _folder(lsp, "rebase")
    args = {"folder": str(folder), "profile": "or"}
    await execute(lsp, "promptls.previewDiff", args)
    (folder / "AGENTS.md").write_text(NOTES + "more\n", encoding="utf-8")
    moved = await execute(lsp, "promptls.previewDiff", {**args, "rebase": True})
    assert moved["difference"]["inCachedPrefix"] is False  # or: files follow the cached doctrine
    assert moved["difference"]["new"]["excerpt"] == "more"
    after = await execute(lsp, "promptls.previewDiff", args)
    assert after["difference"] is None


async def test_bad_arguments_are_refused(lsp: LanguageClient) -> None:
    folder = _folder(lsp, "bad")
    for extra in ({"profile": "all"}, {"rebase": "yes"}, {"for": "/somewhere/else.py"}):
        with pytest.raises(JsonRpcException):
            await execute(lsp, "promptls.previewDiff", {"folder": str(folder), **extra})
