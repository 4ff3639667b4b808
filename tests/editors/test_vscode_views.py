"""The Agent Context tree, the coverage matrix and the cache diff editor in a real VS Code
(code-server and headless Chromium, set up by ``scripts/setup-vscode``), against this
checkout's server.

The workspace is set up for Claude Code (``CLAUDE.md``, ``.claude/``, with a rule scoped to
``src/**/*.py``), Gemini CLI (``GEMINI.md``), Codex (``.codex/``) and Cursor (``.cursor/``);
Codex and Cursor load the same file, so the tree folds them into one node. The driver
(``tests/editors/vscode/drive.mjs``, scenario ``views``) opens a Python file, then a
Markdown file the rule does not match, edits and saves ``CLAUDE.md``, and looks at the
tree, the Explain Status dialog, an agent's wire text, the diff editor and the matrix
webview; screenshots of each step land in ``test-artifacts/vscode/views/``.
``PROMPTLS_UPDATE_DOCS_IMAGES=1`` copies the tree's screenshot to the extension's README
image (``editors/vscode/images/agent-context.png``).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from promptls.discovery import PROFILES
from tests.editors.test_vscode import ROOT, _code_server, _drive

pytestmark = pytest.mark.editor

SERVER = ROOT / ".venv" / "bin" / "promptls"
README_IMAGE = ROOT / "editors" / "vscode" / "images" / "agent-context.png"
RULE = ".claude/rules/python.md"
CLAUDE = "# Claude\n\nPrefer small diffs.\n"
GEMINI = "# Gemini\n\nAnswer in English.\n"
STYLE = "# Style\n\nShort sentences.\n"
IMPORT_LINE = "Read @docs/style.md first."


def _prepare(workspace: Path) -> None:
    """Instruction files for four agents besides the common workspace's AGENTS.md and rule."""
    (workspace / "CLAUDE.md").write_text(CLAUDE)
    (workspace / "GEMINI.md").write_text(GEMINI)
    (workspace / "docs").mkdir()
    (workspace / "docs" / "style.md").write_text(STYLE)
    (workspace / ".codex").mkdir()
    (workspace / ".cursor").mkdir()


def _row(rows: list[str], name: str) -> str:
    """The one tree row naming ``name``."""
    found = [r for r in rows if name in r]
    assert len(found) == 1, (name, rows)
    return found[0]


def test_agent_context_tree_matrix_and_cache_diff(tmp_path: Path) -> None:
    server_path = os.environ.get("PROMPTLS_VSCODE_SERVER_PATH") or SERVER
    with _code_server(tmp_path, server_path) as (server, tools):
        _prepare(server.workspace)
        more = {
            "file": "app.py",
            "expectInFile": "def main",
            "folderName": server.workspace.name,
            "rule": RULE,
            "otherFile": "docs/style.md",
            "expectInOther": "Short sentences.",
            "expectInClaude": "Prefer small diffs.",
            "expectInWire": "Type every function.",
            "expectInGemini": "Answer in English.",
            "importLine": IMPORT_LINE,
            "imported": "docs/style.md",
        }
        rule_bytes = (server.workspace / RULE).stat().st_size
        agents_bytes = (server.workspace / "AGENTS.md").stat().st_size
        steps = _drive(server, tools, "views", **more)["steps"]

    # From src/app.py: Claude loads CLAUDE.md first and the rule second (its glob matches);
    # Codex and Cursor load the same AGENTS.md and share one node; paths are relative.
    first = steps["treeFirst"]
    assert first["description"] == "src/app.py"
    rows = first["rows"]
    # Rows read "[codicon] label description"; a loaded file has a position and no status word.
    assert _row(rows, RULE).startswith(f"[pass-filled] 2. {RULE}{rule_bytes} B · ≈")
    assert _row(rows, RULE).endswith(" tokens")
    assert _row(rows, "CLAUDE.md").startswith(f"[pass-filled] 1. CLAUDE.md{len(CLAUDE)} B · ≈")
    assert any(r.startswith(f"[hubot] codex · cursor1 file · {agents_bytes} B") for r in rows), rows
    assert not any(str(server.workspace) in r for r in rows), rows
    # The skipped AGENTS.md of Claude is listed with its status, without a position.
    assert f"[circle-large-outline] AGENTS.mdskipped · {agents_bytes} B" in rows, rows

    explain = steps["explain"]["text"]
    assert f"{RULE}: loaded for claude" in explain
    assert "matches src/**/*.py" in explain

    # An agent's row offers the wire text and the observe command (which runs the agent).
    menu = steps["agentMenu"]
    assert "Preview Wire Text" in menu and "Observe What the Agent Sends..." in menu, menu

    wire = steps["agentWire"]
    assert "Wire (claude)" in wire["title"]
    assert "Type every function." in wire["text"]
    assert "Prefer small diffs." in wire["text"]

    # From docs/style.md the rule does not apply: conditional, no position, no tokens.
    other = steps["treeOther"]
    assert other["description"] == "docs/style.md"
    rule_row = _row(other["rows"], RULE)
    assert rule_row.startswith(f"[filter] {RULE}conditional")
    assert "tokens" not in rule_row

    # After the saved edit, Claude imports docs/style.md (the tree follows CLAUDE.md now).
    edited = steps["treeEdited"]
    assert not any("docs/style.md" in r for r in edited["before"]), edited["before"]
    assert any(r.startswith("[references] 2. docs/style.mdimported") for r in edited["rows"])

    assert "Cache diff (claude)" in steps["diffBefore"]["title"]
    # Both sides start with the server's summary line (long lines wrap in these documents,
    # so the text is compared with its whitespace collapsed).
    diff = steps["diffAfter"]
    modified, original = (" ".join(diff[side].split()) for side in ("modified", "original"))
    summary = modified[: modified.index("<system-reminder>")]  # where Claude's framing starts
    assert summary.startswith("claude: first difference at byte ")
    assert "file CLAUDE.md" in summary
    # The verdict on the cached prefix (Claude Code's instruction text marks none).
    assert summary.endswith("file CLAUDE.md: this agent marks no cached prefix "), summary
    assert str(server.workspace) not in summary
    assert original.startswith(summary)  # the same header on both sides
    assert "Short sentences." in modified and "Short sentences." not in original
    assert diff["inserted"] > 0  # the diff editor marks the inserted text

    matrix = steps["matrix"]
    assert matrix["head"][0] == "file"
    columns = [head.split() for head in matrix["head"][1:]]
    assert sorted(name for names in columns for name in names) == sorted(PROFILES)
    codex = next(n for n, names in enumerate(columns) if "codex" in names)
    assert "cursor" in columns[codex]  # the same AGENTS.md: one column, both names
    by_file = {cells[0]: cells[1:] for cells in matrix["cells"]}
    claude = next(n for n, names in enumerate(columns) if "claude" in names)
    gemini = next(n for n, names in enumerate(columns) if "gemini" in names)
    assert by_file["docs/style.md"][claude].startswith("@")  # sent as an import
    assert by_file["GEMINI.md"][gemini].endswith(" B")
    assert by_file["GEMINI.md"][claude] == "–"
    assert "Answer in English." in steps["matrixOpened"]["text"]

    if os.environ.get("PROMPTLS_UPDATE_DOCS_IMAGES") == "1":
        shutil.copyfile(steps["readmeShot"], README_IMAGE)
