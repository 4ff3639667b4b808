"""Workspace diagnostics in a real headless Neovim 0.11: the problem of a file nobody
opened (an ``AGENTS.md`` that codex never reads, shadowed by ``AGENTS.override.md``)
reaches ``vim.diagnostic`` and the quickfix list while only a prompt file is open."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.editors.test_neovim import _run_nvim

pytestmark = pytest.mark.editor

OVERRIDE = "# Override\n\nThis file wins for codex.\n"


def _shadow(proj: Path) -> None:
    """Give AGENTS.md a codex override in the same folder."""
    (proj / "AGENTS.override.md").write_text(OVERRIDE, encoding="utf-8")


@pytest.fixture(scope="module")
def nvim_workspace(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The workspace scenario, run once (the setup() registration path)."""
    return _run_nvim("setup", "workspace", tmp_path_factory, profile="codex", prepare=_shadow)


def test_unopened_shadowed_file_has_a_diagnostic(nvim_workspace: dict[str, Any]) -> None:
    seen = nvim_workspace["workspace"]
    agents = str(Path(nvim_workspace["_paths"]["proj"]) / "AGENTS.md")
    assert seen["code"] == "PL015"
    assert "AGENTS.override.md" in seen["message"]
    assert (seen["lnum"], seen["col"]) == (0, 0)
    assert seen["loaded"] is False, "the file was never opened"
    listed = [item["text"] for item in seen["quickfix"] if item["file"] == agents]
    assert any("shadowed" in text for text in listed), seen["quickfix"]
