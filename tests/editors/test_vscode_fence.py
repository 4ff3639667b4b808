"""PL030 in a real VS Code (code-server driven by headless Chromium): the unclosed-fence
diagnostic shows in the Problems panel, its quick fix is offered on Ctrl+. and, applied
and saved, closes the fence at the end of the file, CRLF kept.

The set-up and the driver are ``test_vscode.py``'s (``scripts/setup-vscode``'s cache,
code-server on a loopback port, ``drive.mjs`` scenario ``fence``); the server is this
checkout's ``promptls`` (``promptls.server.path``, or ``PROMPTLS_VSCODE_SERVER_PATH``), so
the test checks the server's PL030, not the copy a cached .vsix bundles.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.editors.test_vscode import ROOT, _code_server, _drive, cursor_at

pytestmark = pytest.mark.editor

NAME = "CLAUDE.md"
"""An instruction file with a name of its own (quick open finds it by that name)."""
TEXT = "# Build\r\n\r\n- 例:\r\n  ```sh\r\n  make 日志 🚀\r\n"


def test_unclosed_fence_quick_fix_in_vscode(tmp_path: Path) -> None:
    server_path = os.environ.get("PROMPTLS_VSCODE_SERVER_PATH", ROOT / ".venv" / "bin" / "promptls")
    with _code_server(tmp_path, Path(server_path)) as (server, tools):
        agents = server.workspace / NAME
        agents.write_bytes(TEXT.encode("utf-8"))
        fix_at = cursor_at(TEXT, "例:\r\n  ")  # the fence's first backtick
        seen = _drive(server, tools, "fence", file=NAME, expectInFile="make", fixAt=fix_at)
    steps = seen["steps"]
    problems = "\n".join(steps["problems"]["rows"])
    assert "PL030" in problems and "never closed" in problems
    assert any("Close the code fence" in row for row in steps["actions"]["rows"])
    assert agents.read_bytes().decode("utf-8") == TEXT + "  ```\r\n"
