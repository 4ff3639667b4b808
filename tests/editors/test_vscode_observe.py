"""``promptls: Observe What the Agent Sends...`` in a real VS Code (code-server) with the
pinned Claude Code on the extension host's PATH: the hooks the fake home's settings
configure are named in a modal question first (the test skips them, and the hook does not
run), a progress notification shows while the agent starts, and the report opens in a
tab with the files Claude Code sent. Screenshots go to ``test-artifacts/vscode/observe``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.editors.test_vscode import ROOT, _code_server, _drive
from tests.oracle.harness import agent_program

pytestmark = [pytest.mark.editor, pytest.mark.oracle]

SERVER = ROOT / ".venv" / "bin" / "promptls"


def test_observe_asks_about_hooks_shows_progress_then_the_report(tmp_path: Path) -> None:
    claude = agent_program("claude").parent
    ran = tmp_path / "hook-ran"
    with _code_server(tmp_path, SERVER, f"{claude}:{SERVER.parent}:") as (server, tools):
        settings = tmp_path / "home" / ".claude" / "settings.json"
        settings.parent.mkdir(parents=True)
        hook = {"type": "command", "command": f"touch {ran}"}
        settings.write_text(json.dumps({"hooks": {"SessionStart": [{"hooks": [hook]}]}}))
        seen = _drive(server, tools, "observe", agent="claude")
    observed = seen["steps"]["observe"]
    assert "Claude Code will run the start-up hooks your settings configure" in observed["question"]
    assert str(settings) in observed["question"]
    assert "promptls: starting Claude Code 2.1." in observed["progress"]
    assert "Cancel" in observed["progress"]
    assert observed["title"].startswith("Observed claude")
    text = observed["text"]
    assert "observed = predicted" in text or "your agent sends" in text
    # The view wraps long lines (a path too), at a width that depends on the folder's path.
    assert str(server.workspace / "AGENTS.md") in "".join(text.split())
    assert not ran.exists(), "the hook ran although the user chose to skip it"
