"""``:PromptlsContextTree`` and ``:PromptlsCacheDiff`` in a real Neovim 0.11, in a terminal.

Unlike the other Neovim tests this one runs Neovim's own terminal UI inside tmux (a
private server socket), so there is a screen to look at: the Lua scenario
(``tests/editors/neovim/test.lua``, ``tree``) saves tmux's copy of the screen at each
step, and ``tests/editors/screen.py`` turns each into a PNG in
``test-artifacts/neovim/tree/``. The project is set up for Claude Code (``CLAUDE.md``,
``.claude/``, a rule scoped to ``src/api/**``), Codex (``.codex/``) and Cursor
(``.cursor/``); Codex and Cursor load the same ``AGENTS.md`` and share one fold.
"""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import uuid
from pathlib import Path
from typing import Any

import pytest

from tests.editors.helpers import ROOT, SERVER, SOURCE, workspace
from tests.editors.screen import CHROMIUM, ansi_to_html, html_to_png
from tests.editors.test_neovim import HERE, NVIM, nvim_env

pytestmark = pytest.mark.editor

ARTIFACTS = ROOT / "test-artifacts" / "neovim" / "tree"
COLUMNS, LINES = 150, 40
TIMEOUT_S = 150


def _run_in_tmux(tmp_path: Path) -> dict[str, Any]:
    """Run the ``tree`` scenario in Neovim's terminal UI inside tmux; return its JSON."""
    for tool in (NVIM, SERVER, Path(shutil.which("tmux") or "/nonexistent/tmux"), CHROMIUM):
        if not tool.exists():
            pytest.fail(f"{tool} is missing: run scripts/setup-neovim (scripts/test does)")
    home, proj, prompt = workspace(tmp_path)
    (proj / ".codex").mkdir()
    (proj / ".cursor").mkdir()
    out = tmp_path / "result.json"
    if ARTIFACTS.exists():
        shutil.rmtree(ARTIFACTS)
    ARTIFACTS.mkdir(parents=True)
    channel = f"promptls-{uuid.uuid4().hex}"
    env = {
        **nvim_env(tmp_path, home, out),
        "PROMPTLS_TEST_FILE": str(prompt),
        "PROMPTLS_TEST_TIMEOUT_MS": "20000",
        "PROMPTLS_TEST_MODE": "setup",
        "PROMPTLS_TEST_SCENARIO": "tree",
        "PROMPTLS_TEST_SOURCE": str(proj / SOURCE),
        "PROMPTLS_TEST_SHOTS": str(ARTIFACTS),
        "PROMPTLS_TEST_DONE_CHANNEL": channel,
        "TERM": "tmux-256color",
        "COLORTERM": "truecolor",
    }
    nvim = [
        str(NVIM),
        "--clean",
        "-u",
        str(HERE / "init.lua"),
        "-c",
        f"luafile {HERE / 'test.lua'}",
    ]
    command = shlex.join(["env", *(f"{k}={v}" for k, v in env.items()), *nvim])
    tmux = ["tmux", "-L", channel, "-f", "/dev/null"]
    subprocess.run(
        [
            *tmux,
            "new-session",
            "-d",
            "-x",
            str(COLUMNS),
            "-y",
            str(LINES),
            "-c",
            str(proj),
            command,
        ],
        check=True,
        timeout=30,
        env={"PATH": env["PATH"], "HOME": env["HOME"], "TERM": "xterm-256color"},
    )
    try:
        # The scenario signals the channel once its result is written (no polling).
        subprocess.run([*tmux, "wait-for", channel], check=True, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        screen = subprocess.run(
            [*tmux, "capture-pane", "-p"], capture_output=True, text=True, check=False
        ).stdout
        pytest.fail(f"Neovim did not finish within {TIMEOUT_S}s; its screen:\n{screen}")
    finally:
        subprocess.run([*tmux, "kill-server"], capture_output=True, check=False)
    result: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    assert result.get("ok") is True, result.get("error")
    for name in result["shots"]:
        capture = ARTIFACTS / f"{name}.ansi"
        page = ARTIFACTS / f"{name}.html"
        page.write_text(ansi_to_html(capture.read_text(encoding="utf-8"), name), encoding="utf-8")
        html_to_png(page, ARTIFACTS / f"{name}.png", width=COLUMNS * 9 + 16, height=LINES * 19 + 16)
    result["_proj"] = str(proj)
    return result


def _line(lines: list[str], *needles: str) -> str:
    """The one line holding every needle."""
    found = [line for line in lines if all(n in line for n in needles)]
    assert len(found) == 1, (needles, lines)
    return found[0]


def test_tree_follows_the_buffer_folds_opens_and_the_cache_diff_splits(tmp_path: Path) -> None:
    result = _run_in_tmux(tmp_path)
    proj = result["_proj"]

    # From the Python file: the rule scoped to src/api/** is loaded, second, for Claude.
    source = result["tree_source"]
    assert source[0] == f"promptls: {SOURCE}"
    assert _line(source, "2. .claude/rules/api.md").startswith("  ✓ 2. .claude/rules/api.md  ")
    assert "tokens" in _line(source, ".claude/rules/api.md")
    assert _line(source, "1. CLAUDE.md").startswith("  ✓ 1. CLAUDE.md  ")
    assert _line(source, "codex · cursor").startswith("▾ codex · cursor  1 file · ")
    assert not any(proj in line for line in source), source
    # The sidebar sits beside the file and keeps the cursor there.
    assert result["tree_window"]["current"] is True

    # The tree follows the buffer: from the prompt file the rule is only conditional.
    prompt = result["tree_prompt"]
    assert prompt[0] == "promptls: prompts/agent.prompt.md"
    assert _line(prompt, ".claude/rules/api.md").startswith("  ? .claude/rules/api.md  conditional")

    # <CR> on an agent folds its files away and back; on a file opens it in the file's window.
    assert result["fold_before"] == -1
    assert result["fold_after"] != -1
    assert result["fold_reopened"] == -1
    assert result["opened"] == {"name": f"{proj}/CLAUDE.md", "win": True}

    # The cache diff: identical at first, then the written edit, in two diff windows.
    assert result["diff_before"].startswith("claude: identical wire text")
    diff = result["diff"]
    assert diff["windows"] == 2
    assert diff["summary"].startswith("claude: first difference at byte ")
    assert "file CLAUDE.md" in diff["summary"]
    assert diff["new"][0] == diff["summary"] == diff["old"][0]
    assert "Claude rule added while the diff was open." in diff["new"]
    assert "Claude rule added while the diff was open." not in diff["old"]

    assert result["shots"] == [
        "01-tree-source-file",
        "02-tree-follows-buffer",
        "03-tree-agent-folded",
        "04-cache-diff-split",
    ]
    for name in result["shots"]:
        assert (ARTIFACTS / f"{name}.png").stat().st_size > 0
