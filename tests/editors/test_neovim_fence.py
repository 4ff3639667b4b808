"""PL030 in a real headless Neovim 0.11 with the plugin: the unclosed-fence diagnostic
appears at its UTF-8 column and the editor-only quick fix closes the fence (CRLF file,
list indentation kept), after which the diagnostic goes away.

Same set-up as ``test_neovim.py`` (``scripts/setup-neovim``, ``tests/editors/neovim/init.lua``
in ``setup`` mode); the Lua side is ``tests/editors/neovim/fence.lua``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.editors.helpers import ROOT, SERVER, run_scenario

pytestmark = pytest.mark.editor

NVIM = ROOT / ".venv" / "bin" / "nvim"
HERE = Path(__file__).resolve().parent / "neovim"
PREFIX = "- 例 🚀: "
TEXT = f"# Build\r\n\r\n{PREFIX}\r\n  ```sh\r\n  make 日志\r\n"


def test_unclosed_fence_diagnostic_and_quick_fix(tmp_path: Path) -> None:
    if not NVIM.exists():
        pytest.fail(f"{NVIM} is missing: run scripts/setup-neovim")
    proj = tmp_path / "proj"
    (proj / ".git").mkdir(parents=True)
    (proj / ".promptls.toml").write_text('profile = "or"\n', encoding="utf-8")
    agents = proj / "AGENTS.md"
    agents.write_bytes(TEXT.encode("utf-8"))
    home = tmp_path / "home"
    home.mkdir()
    out = tmp_path / "result.json"
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "LANG": "C.UTF-8",
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(tmp_path / "xdg-config"),
        "XDG_DATA_HOME": str(tmp_path / "xdg-data"),
        "XDG_STATE_HOME": str(tmp_path / "xdg-state"),
        "XDG_CACHE_HOME": str(tmp_path / "xdg-cache"),
        "PROMPTLS_REPO": str(ROOT),
        "PROMPTLS_SERVER": str(SERVER),
        "PROMPTLS_SERVER_LOG": str(tmp_path / "server.log"),
        "PROMPTLS_TEST_OUT": str(out),
        "PROMPTLS_TEST_FILE": str(agents),
        "PROMPTLS_TEST_TIMEOUT_MS": "20000",
        "PROMPTLS_TEST_MODE": "setup",
    }
    cmd = [
        str(NVIM), "--headless", "--clean", "-u", str(HERE / "init.lua"),
        "-c", f"luafile {HERE / 'fence.lua'}",
    ]  # fmt: skip
    result = run_scenario("headless Neovim", cmd, cwd=proj, env=env, out=out, timeout_s=120)
    diag = result["diagnostic"]
    # The opening run, on line 4, after two spaces: UTF-8 column 2 (Neovim's offsets).
    assert (diag["lnum"], diag["col"]) == (3, 2)
    assert (diag["end_lnum"], diag["end_col"]) == (3, 2 + len("```sh"))
    assert diag["severity"] == 2  # vim.diagnostic.severity.WARN
    assert "never closed" in diag["message"]
    # Neovim read the file as dos (CRLF) and the fix added the closing run, indented for
    # the list item, as the file's new last line.
    assert result["fileformat"] == "dos"
    assert result["lines"] == ["# Build", "", PREFIX, "  ```sh", "  make 日志", "  ```"]
    assert result["cleared"] is True
