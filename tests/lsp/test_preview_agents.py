"""``promptls.previewPrompt`` with ``profile`` and ``for``: the agent's own rendering,
the same JSON and text as ``promptls preview --profile P --format json``."""

from __future__ import annotations

import pytest
from pygls.exceptions import JsonRpcException
from pytest_lsp import LanguageClient

from tests.cli.conform import problems, result_schema
from tests.lsp.client import execute

pytestmark = pytest.mark.asyncio(loop_scope="module")


def _folder(lsp: LanguageClient) -> str:
    root = lsp.root  # type: ignore[attr-defined]
    (root / ".git").mkdir(exist_ok=True)
    (root / ".git" / "HEAD").write_text("ref: refs/heads/main\n", encoding="utf-8")
    (root / "AGENTS.md").write_text("Always run the tests.\n", encoding="utf-8")
    rules = root / ".cursor" / "rules"
    rules.mkdir(parents=True, exist_ok=True)
    (rules / "api.mdc").write_text(
        '---\nglobs: "src/api/**"\nalwaysApply: false\n---\nValidate every request.\n',
        encoding="utf-8",
    )
    return str(root)


async def test_profile_renders_that_agent(lsp: LanguageClient) -> None:
    folder = _folder(lsp)
    result = await execute(lsp, "promptls.previewPrompt", {"folder": folder, "profile": "codex"})
    assert problems(result, result_schema("promptls.previewPrompt")) == []
    rendering = result["rendering"]
    assert rendering["profile"] == "codex" and rendering["framing"] == "sourced"
    assert rendering["wire"].startswith(f"# AGENTS.md instructions for {folder}\n")
    assert result["text"].startswith("Profile:   codex (Codex CLI)")
    plain = await execute(lsp, "promptls.previewPrompt", {"folder": folder})
    assert plain["text"].startswith("Folder:")  # the Or view stays the default


async def test_for_loads_the_rules_of_that_file(lsp: LanguageClient) -> None:
    folder = _folder(lsp)
    args = {"folder": folder, "profile": "cursor"}
    without = await execute(lsp, "promptls.previewPrompt", args)
    target = f"{folder}/src/api/handler.ts"
    with_for = await execute(lsp, "promptls.previewPrompt", {**args, "for": target})
    assert "Validate every request." in with_for["rendering"]["wire"]
    assert "Validate every request." not in without["rendering"]["wire"]


async def test_all_and_outside_files_are_refused(lsp: LanguageClient) -> None:
    folder = _folder(lsp)
    for extra in ({"profile": "all"}, {"for": "/somewhere/else.py"}):
        with pytest.raises(JsonRpcException):
            await execute(lsp, "promptls.previewPrompt", {"folder": folder, **extra})
