"""Navigation over imports in a real headless Neovim 0.11 with the plugin: go to
definition on an ``@import`` lands in the imported file, and ``<C-x><C-o>`` after ``@``
offers the workspace paths relative to the file, Git-ignored ones left out. The Lua side
is ``tests/editors/neovim/navigation.lua``; the assertions are here."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.editors.helpers import ROOT, SERVER, run_scenario
from tests.editors.test_neovim import nvim_env

pytestmark = pytest.mark.editor

NVIM = ROOT / ".venv" / "bin" / "nvim"
HERE = Path(__file__).resolve().parent / "neovim"
CLAUDE = "# Règles 😀\nLis 漢字 @docs/style.md avant tout.\n"


@pytest.fixture(scope="module")
def nvim_navigation(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Run the navigation scenario once; the tests read what Neovim saw."""
    if not NVIM.exists():
        pytest.skip(f"{NVIM} is missing: run scripts/setup-neovim (scripts/test does)")
    if not SERVER.exists():
        pytest.skip(f"{SERVER} is missing: run scripts/test to install the project")
    tmp = tmp_path_factory.mktemp("nvim-nav")
    home, proj = tmp / "home", tmp / "proj"
    home.mkdir()
    (proj / ".git").mkdir(parents=True)
    (proj / ".git" / "HEAD").write_text("ref: refs/heads/main\n", encoding="utf-8")
    (proj / ".gitignore").write_text("docs/private.md\n", encoding="utf-8")
    (proj / "docs" / "api").mkdir(parents=True)
    (proj / "docs" / "style.md").write_text("# Style guide\n", encoding="utf-8")
    (proj / "docs" / "private.md").write_text("ignored\n", encoding="utf-8")
    (proj / "docs" / "api" / "rest.md").write_text("REST\n", encoding="utf-8")
    claude = proj / "CLAUDE.md"
    claude.write_text(CLAUDE, encoding="utf-8")
    out = tmp / "result.json"
    env = {
        **nvim_env(tmp, home, out),
        "PROMPTLS_TEST_CLAUDE": str(claude),
        "PROMPTLS_TEST_TIMEOUT_MS": "20000",
        "PROMPTLS_TEST_MODE": "setup",
    }
    cmd = [str(NVIM), "--headless", "--clean", "-u", str(HERE / "init.lua"),
           "-c", f"luafile {HERE / 'navigation.lua'}"]  # fmt: skip

    def logs() -> str:
        server_log = tmp / "server.log"
        text = server_log.read_text(errors="replace")[-4000:] if server_log.exists() else ""
        return f"--- server log ---\n{text}"

    result = run_scenario("headless Neovim", cmd, cwd=proj, env=env, out=out, timeout_s=150,
                          logs=logs)  # fmt: skip
    result["_proj"] = str(proj)
    return result


def test_go_to_definition_opens_the_imported_file(nvim_navigation: dict[str, Any]) -> None:
    found = nvim_navigation["definition"]
    assert found["name"] == str(Path(nvim_navigation["_proj"]) / "docs" / "style.md")
    assert found["first_line"] == "# Style guide"
    assert found["cursor"] == [1, 0]


def test_completion_after_at_offers_paths_relative_to_the_file(
    nvim_navigation: dict[str, Any],
) -> None:
    completion = nvim_navigation["completion"]
    assert nvim_navigation["omnifunc"] == "v:lua.vim.lsp.omnifunc"
    assert set(completion["words"]) == {"docs/style.md", "docs/api/"}
