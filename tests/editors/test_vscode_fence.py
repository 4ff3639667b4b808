"""PL030 in a real VS Code (code-server driven by headless Chromium): the unclosed-fence
diagnostic shows in the Problems panel, its quick fix is offered on Ctrl+. and, applied
and saved, closes the fence at the end of the file, CRLF kept.

The set-up is ``test_vscode.py``'s (``scripts/setup-vscode``'s cache, code-server on a
loopback port); the server is this checkout's ``promptls`` (``promptls.server.path``, or
``PROMPTLS_VSCODE_SERVER_PATH``), so the test checks the server's PL030, not the copy a
cached .vsix bundles. The driver is ``tests/editors/vscode/fence.mjs``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.editors.test_vscode import ARTIFACTS, CHROMIUM, ROOT, _code_server

pytestmark = pytest.mark.editor

DRIVER = Path(__file__).resolve().parent / "vscode" / "fence.mjs"
FOLDER = "fenced"
LAST = "  make 日志 🚀"
TEXT = f"# Build\r\n\r\n- 例:\r\n  ```sh\r\n{LAST}\r\n"


def _server() -> Path:
    return Path(os.environ.get("PROMPTLS_VSCODE_SERVER_PATH", ROOT / ".venv" / "bin" / "promptls"))


def test_unclosed_fence_quick_fix_in_vscode(tmp_path: Path) -> None:
    with _code_server(tmp_path, _server()) as (server, tools):
        agents = server.workspace / FOLDER / "AGENTS.md"
        agents.parent.mkdir()
        agents.write_bytes(TEXT.encode("utf-8"))
        artifacts = ARTIFACTS / "fence"
        if artifacts.exists():
            shutil.rmtree(artifacts)
        artifacts.mkdir(parents=True)
        config = {
            "url": server.url,
            "playwright": str(tools.playwright),
            "chromium": str(CHROMIUM),
            "screenshots": str(artifacts),
            "file": f"{FOLDER}/AGENTS.md",
            "expectInFile": "make",
            "timeoutMs": 60000,
        }
        run = subprocess.run(
            [str(tools.node), str(DRIVER), json.dumps(config)],
            capture_output=True,
            text=True,
            timeout=300,
            env={"PATH": f"{tools.node.parent}:/usr/bin:/bin", "HOME": str(artifacts)},
            check=False,
        )
        (artifacts / "code-server.log").write_text("".join(server.log))
        try:
            seen: dict[str, Any] = json.loads(run.stdout.strip().splitlines()[-1])
        except (IndexError, json.JSONDecodeError):
            pytest.fail(f"fence.mjs printed no result (exit {run.returncode}):\n{run.stderr}")
        assert seen["error"] is None, (
            f"step {seen['failedStep']} failed: {seen['error']}\nscreenshots: {artifacts}"
        )
        problems = "\n".join(seen["steps"]["problems"]["rows"])
        assert "PL030" in problems and "never closed" in problems
        assert any("Close the code fence" in row for row in seen["steps"]["actions"]["rows"])
        assert agents.read_bytes().decode("utf-8") == TEXT + "  ```\r\n"
