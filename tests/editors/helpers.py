"""The prompt workspace and the scenario runner shared by the Neovim and Emacs tests.

Both editors open the same prompt (emoji and CJK before a duplicate marker, so UTF-8,
UTF-16 and code-point columns all differ) in the same git project with a fake home.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

import pytest

ROOT = Path(__file__).resolve().parents[2]
SERVER = ROOT / ".venv" / "bin" / "promptls"
MARKER = "__ZIDANE_SYSTEM_PROMPT_BOUNDARY__"

STATIC = "You are a careful coding agent. Follow the repository's instructions."
DYNAMIC = "Context for this turn follows."
EMOJI_LINE = "🎉🚀 ship it 👍🏽 — 漢字とかな"
DUP_PREFIX = "Note 😀 中文 "
PROMPT = f"{STATIC}\n\n{MARKER}\n\n{DYNAMIC}\n{EMOJI_LINE}\n{DUP_PREFIX}{MARKER} and more words\n"
PROJECT_RULE = "Project rule: run the tests before every commit."
USER_RULE = "User rule: answer briefly."
CLAUDE_RULE = "Claude rule: prefer small diffs."
NEW_RULE = "Project rule added while the preview was open."
SCOPED_RULE = "---\npaths: src/api/**\n---\nAPI rule: validate every request.\n"
"""A Claude rule scoped to paths: the editors show it as conditional, with its glob, and
as loaded when asked about a file it matches (``SOURCE``)."""
SOURCE = "src/api/handler.py"
"""A source file (no instruction file, no prompt) that the scoped rule applies to."""


def workspace(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A git project with instruction files for two profiles, and a fake home with a user file."""
    home = tmp_path / "home"
    (home / ".or").mkdir(parents=True)
    (home / ".or" / "AGENTS.md").write_text(USER_RULE + "\n", encoding="utf-8")
    proj = tmp_path / "proj"
    (proj / ".git").mkdir(parents=True)
    (proj / ".git" / "HEAD").write_text("ref: refs/heads/main\n", encoding="utf-8")
    (proj / "AGENTS.md").write_text(f"# Rules\n\n{PROJECT_RULE}\n", encoding="utf-8")
    (proj / "CLAUDE.md").write_text(f"# Claude\n\n{CLAUDE_RULE}\n", encoding="utf-8")
    (proj / "prompts").mkdir()
    prompt = proj / "prompts" / "agent.prompt.md"
    prompt.write_bytes(PROMPT.encode("utf-8"))
    rules = proj / ".claude" / "rules"
    rules.mkdir(parents=True)
    (rules / "api.md").write_text(SCOPED_RULE, encoding="utf-8")
    (proj / SOURCE).parent.mkdir(parents=True)
    (proj / SOURCE).write_text("def handle(request: dict) -> dict:\n    return request\n")
    return home, proj, prompt


class DupPosition(NamedTuple):
    """Where the second marker starts, in each unit an editor or the wire may count in."""

    line: int
    chars: int
    utf8: int
    utf16: int


def dup_position() -> DupPosition:
    """The second marker's position, computed from the text itself rather than hard-coded."""
    lines = PROMPT.split("\n")
    line = next(i for i, text in enumerate(lines) if text.startswith(DUP_PREFIX))
    prefix = lines[line][: lines[line].index(MARKER)]
    return DupPosition(
        line, len(prefix), len(prefix.encode("utf-8")), len(prefix.encode("utf-16-le")) // 2
    )


def run_scenario(
    editor: str,
    cmd: Sequence[str],
    *,
    cwd: Path,
    env: Mapping[str, str],
    out: Path,
    timeout_s: float,
    logs: Callable[[], str] = lambda: "",
) -> dict[str, Any]:
    """Run an editor's scripted scenario and return the JSON it wrote.

    Fails the test, with the editor's output and ``logs()``, when the editor hangs, writes
    nothing, or reports that its scenario did not complete.
    """
    try:
        proc = subprocess.run(
            list(cmd),
            cwd=cwd,
            env=dict(env),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=timeout_s,
            check=False,
        )
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"{editor} did not finish within {timeout_s}s ({exc})\n{logs()}")
    stdout = proc.stdout.decode(errors="replace")[-4000:]
    stderr = proc.stderr.decode(errors="replace")[-4000:]
    if not out.exists():
        pytest.fail(
            f"{editor} exited {proc.returncode} without writing {out}\n"
            f"stdout: {stdout}\nstderr: {stderr}\n{logs()}"
        )
    result: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    if result.get("ok") is not True:
        pytest.fail(
            f"the {editor} scenario failed: {result.get('error')}\n{result}\n"
            f"stderr: {stderr}\n{logs()}"
        )
    return result
