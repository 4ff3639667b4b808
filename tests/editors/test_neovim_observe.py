"""``:PromptlsObserve claude`` in a real Neovim 0.11 running in a terminal (tmux): the
progress message shows while the pinned Claude Code starts, then the report opens in a
read-only scratch buffer with the files Claude Code sent. Screenshots of both moments are
written to ``test-artifacts/neovim-observe/``."""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from tests.editors.helpers import ROOT, SERVER, workspace
from tests.editors.screen import screenshot
from tests.editors.test_neovim import HERE, NVIM, nvim_env
from tests.oracle.harness import agent_program

pytestmark = [pytest.mark.editor, pytest.mark.oracle]

ARTIFACTS = ROOT / "test-artifacts" / "neovim-observe"
SIZE = (1500, 900)


def _tmux(socket: str, *args: str, timeout: float = 30) -> str:
    return subprocess.run(
        ["tmux", "-L", socket, *args], capture_output=True, text=True, check=True, timeout=timeout
    ).stdout


def _pane_showing(socket: str, text: str, timeout: float = 30) -> str:
    """The pane once it shows ``text``: Neovim's screen reaches the terminal a moment after
    Neovim signals, so the pane is read again until it does (like a selector wait)."""
    deadline = time.monotonic() + timeout
    pane = ""
    while time.monotonic() < deadline:
        pane = _tmux(socket, "capture-pane", "-p", "-t", "0")
        if text in pane:
            return pane
    raise AssertionError(f"the pane never showed {text!r}:\n{pane}")


def test_observe_command_shows_progress_then_the_report(tmp_path: Path) -> None:
    if not NVIM.exists():
        pytest.skip(f"{NVIM} is missing: run scripts/setup-neovim (scripts/test does)")
    assert shutil.which("tmux"), "tmux is not installed (apt-get install tmux)"
    if ARTIFACTS.exists():
        shutil.rmtree(ARTIFACTS)
    ARTIFACTS.mkdir(parents=True)
    home, proj, _prompt = workspace(tmp_path)
    out = tmp_path / "result.json"
    env = nvim_env(tmp_path, home, out)
    env["PATH"] = f"{agent_program('claude').parent}:{SERVER.parent}:/usr/bin:/bin"
    env["PROMPTLS_TEST_CHANNEL"] = channel = f"observe-{tmp_path.name}"
    env["TERM"] = "xterm-256color"
    socket = f"promptls-{tmp_path.name}"
    env["PROMPTLS_TEST_TMUX_SOCKET"] = socket
    init = HERE / "init.lua"
    command = [str(NVIM), "--clean", "-u", str(init), "-c", f"luafile {HERE / 'observe.lua'}"]
    command.append(str(proj / "AGENTS.md"))
    exports = [f"{k}={v}" for k, v in env.items()]
    _tmux(socket, "-f", "/dev/null", "new-session", "-d", "-x", "150", "-y", "42", "-c", str(proj),
          "env", "-i", *exports, *command)  # fmt: skip
    try:
        _tmux(socket, "wait-for", f"{channel}-ready", timeout=60)
        _tmux(socket, "send-keys", "-t", "0", ":PromptlsObserve claude", "Enter")
        _tmux(socket, "wait-for", f"{channel}-started", timeout=120)
        _pane_showing(socket, "promptls: starting Claude Code")
        progress = screenshot(socket, "0", ARTIFACTS / "01-progress.png", SIZE)
        _tmux(socket, "wait-for", f"{channel}-done", timeout=240)
        pane = _pane_showing(socket, "Instruction files the agent sent, in order:")
        report = screenshot(socket, "0", ARTIFACTS / "02-report.png", SIZE)
    finally:
        subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True, check=False)
    print(f"\nNeovim screenshots: {progress} {report}")
    seen = json.loads(out.read_text())
    text = "\n".join(seen["lines"])
    assert seen["name"].endswith(f"promptls://observe/claude/{proj.name}")
    assert seen["buftype"] == "nofile"
    assert seen["modifiable"] is False
    assert text.startswith("Claude Code 2.1.")
    assert "observed = predicted" in text or "your agent sends" in text
    assert str(proj / "CLAUDE.md") in text
    assert "promptls://observe/claude" in pane
