"""Navigation over imports in a real VS Code (code-server and headless Chromium, set up by
``scripts/setup-vscode``): F12 on an ``@import`` in CLAUDE.md opens the imported file,
and typing ``@docs/`` opens the suggest widget with the workspace paths the server
offers (Git-ignored ones left out), accepted as a user would. The server is this
checkout's (``.venv/bin/promptls``, or ``PROMPTLS_VSCODE_SERVER_PATH``), so the test
covers the code under test rather than the server the packaged extension bundles."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.editors.test_vscode import ROOT, _code_server, _drive, cursor_at

pytestmark = pytest.mark.editor

CLAUDE = "# Règles 😀\n\nLis 漢字 @docs/style.md avant tout.\n"
STYLE = "# Style guide"


def test_vscode_goes_to_an_import_and_completes_after_at(tmp_path: Path) -> None:
    server_path = (
        os.environ.get("PROMPTLS_VSCODE_SERVER_PATH") or ROOT / ".venv" / "bin" / "promptls"
    )
    with _code_server(tmp_path, server_path) as (server, tools):
        ws = server.workspace
        (ws / ".gitignore").write_text("docs/private.md\n")
        (ws / "docs" / "api").mkdir(parents=True)
        (ws / "docs" / "style.md").write_text(f"{STYLE}\n")
        (ws / "docs" / "private.md").write_text("ignored\n")
        (ws / "docs" / "api" / "rest.md").write_text("REST\n")
        (ws / "CLAUDE.md").write_text(CLAUDE, encoding="utf-8")
        more = {
            "file": "CLAUDE.md",
            "expectInFile": "@docs/style.md",
            "expectInTarget": STYLE,
            "definitionAt": cursor_at(CLAUDE, "@docs/sty"),
        }
        steps = _drive(server, tools, "navigation", **more)["steps"]
    assert "".join(steps["definition"]["title"].split()).startswith("style.md")
    assert STYLE in steps["definition"]["text"]
    labels = steps["completion"]["labels"]
    assert any("docs/style.md" in label for label in labels), labels
    assert any("docs/api/" in label for label in labels), labels
    assert not any("private.md" in label for label in labels), labels
    assert "See @docs/style.md" in steps["completion"]["accepted"]
