"""PL030 in a real headless Neovim 0.11 with the plugin: the unclosed-fence diagnostic
appears at its UTF-8 column, and the editor-only quick fix, applied through Neovim's own
code-action path and saved, closes the fence (CRLF kept, list indentation kept), after
which the diagnostic goes away.

Same set-up and Lua driver as ``test_neovim.py`` (``scripts/setup-neovim``,
``tests/editors/neovim/test.lua`` scenario ``fence``), in the ``setup()`` registration.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.editors.test_neovim import _run_nvim

pytestmark = pytest.mark.editor

TEXT = "# Build\r\n\r\n- 例 🚀:\r\n  ```sh\r\n  make 日志\r\n"


def test_unclosed_fence_diagnostic_and_quick_fix(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    result = _run_nvim("setup", "fence", tmp_path_factory, {"PROMPTLS_TEST_FENCE_TEXT": TEXT})
    diag = result["fence_diagnostic"]
    # The opening run on line 4, after two spaces: UTF-8 columns, as Neovim counts them.
    assert (diag["lnum"], diag["col"]) == (3, 2)
    assert (diag["end_lnum"], diag["end_col"]) == (3, 2 + len("```sh"))
    assert "never closed" in diag["message"]
    assert result["fileformat"] == "dos"
    assert result["fence_cleared"] is True
    saved = Path(result["fence_path"]).read_bytes().decode("utf-8")
    assert saved == TEXT + "  ```\r\n"
