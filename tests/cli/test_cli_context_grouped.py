"""``context --all-profiles`` with agents that load the same files: one section and one
matrix column per distinct answer in the text, every agent kept in the JSON."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from promptls.cli import main
from promptls.context import PROFILES
from promptls.views.context_text import matrix_lines
from promptls.views.matrix import Cell, Matrix, Row


def _answer(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    """A repository with AGENTS.md (codex's and opencode's file) and GEMINI.md (gemini's)."""
    root, home = tmp_path / "repo", tmp_path / "home"
    root.mkdir()
    home.mkdir()
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    (root / "AGENTS.md").write_text("# Rules\nUse tabs.\n", encoding="utf-8")
    (root / "GEMINI.md").write_text("# Gemini\n", encoding="utf-8")
    main(["context", "--all-profiles", "--json", "--home", str(home), str(root)])
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def _sections(text: str) -> dict[str, str]:
    """Each profile's name mapped to the text of the section that shows it."""
    out: dict[str, str] = {}
    for block in text.split("\n\n"):
        head = block.splitlines()[0]
        if match := re.match(r"Profiles? ([\w, ]+?):", head):
            for name in match.group(1).split(", "):
                out[name] = block
    return out


def test_agents_loading_the_same_files_share_one_section(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _answer(tmp_path, capsys)
    sections = _sections(data["text"])
    assert sorted(sections) == sorted(PROFILES)  # every agent is named once
    shared = sections["codex"]
    assert shared is sections["opencode"]
    assert shared.startswith("Profiles ") and "the same files, in the same order" in shared
    assert shared.count("/AGENTS.md") == 1  # the list is printed once for the group
    assert "  codex: OpenAI Codex CLI" in shared
    assert "project_doc_max_bytes = 32768" in shared  # codex's own settings stay shown
    gemini = sections["gemini"]
    assert gemini is not shared and gemini.startswith("Profile gemini: Gemini CLI")
    assert "GEMINI.md" in gemini and "AGENTS.md" not in gemini


def test_agents_with_identical_columns_share_one_matrix_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _answer(tmp_path, capsys)
    lines = data["text"].splitlines()
    start = next(n for n, line in enumerate(lines) if line.startswith("Coverage ("))
    first_row = next(n for n, line in enumerate(lines) if "/AGENTS.md" in line)
    header = lines[start + 1 : first_row]

    def column_end(name: str) -> int:
        for line in header:
            if match := re.search(rf"(?<![\w-]){name}(?![\w-])", line):
                return match.end()
        raise AssertionError(f"{name} has no column heading")

    assert column_end("codex") == column_end("opencode")
    assert column_end("gemini") != column_end("codex")
    columns = {column_end(name) for name in PROFILES}
    cells = lines[first_row].split()[1:]
    assert len(cells) == len(columns) < len(PROFILES)


def test_json_keeps_every_agent_whole(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = _answer(tmp_path, capsys)
    assert [p["profile"] for p in data["profiles"]] == list(PROFILES)
    assert data["coverage"]["agents"] == list(PROFILES)
    by_name = {p["profile"]: p for p in data["profiles"]}
    assert [Path(f["path"]).name for f in by_name["codex"]["files"]] == ["AGENTS.md"]
    assert [Path(f["path"]).name for f in by_name["opencode"]["files"]] == ["AGENTS.md"]
    assert by_name["codex"]["settings"] and by_name["gemini"]["settings"]
    assert len(data["coverage"]["totals"]) == len(PROFILES)


def test_a_long_status_keeps_the_matrix_columns_aligned() -> None:
    rows = (
        Row("/p/CLAUDE.md", "/p/CLAUDE.md", (), (Cell("loaded", 900, 1), None)),
        Row(
            "/p/.claude/rules/a.md", "/p/.claude/rules/a.md", (), (Cell("conditional", 0, 0), None)
        ),
    )
    lines = matrix_lines(Matrix(("claude", "codex"), rows, (900, 0)), None, "/p")
    ends = {len(line.rstrip()) for line in lines[1:]}  # heading, rows, total
    assert len(ends) == 1, lines
