"""Workspace diagnostics in a real VS Code (code-server): the Problems panel lists the
finding of a file nobody opened. The workspace's ``AGENTS.md`` gets an
``AGENTS.override.md`` beside it, so codex (set up by that very file) never reads it: PL015
must be listed while only the prompt file is open. The extension runs this checkout's
server (``promptls.server.path``), so the test covers the server as built here."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.editors.test_vscode import ROOT, _code_server, _drive

pytestmark = pytest.mark.editor

SERVER = ROOT / ".venv" / "bin" / "promptls"


def test_problems_panel_lists_the_unopened_shadowed_file(tmp_path: Path) -> None:
    with _code_server(tmp_path, SERVER) as (server, tools):
        (server.workspace / "AGENTS.override.md").write_text("# Override\n\nThis one wins.\n")
        seen = _drive(server, tools, "workspace", expectCode="PL015")["steps"]["workspace"]
    rows = seen["rows"]
    shadowed = [r for r in rows if "PL015" in r]
    assert shadowed, rows
    assert any("AGENTS.override.md" in r for r in shadowed), shadowed
    # The file row above the finding names AGENTS.md; no editor tab has it open.
    index = rows.index(shadowed[0])
    assert any(r.startswith("AGENTS.md") for r in rows[:index]), rows
    assert not any(t.strip().startswith("AGENTS.md") for t in seen["tabs"]), seen["tabs"]
