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


def _rows(profile: dict[str, Any]) -> list[tuple[Any, ...]]:
    """What an editor's tree node shows of an agent, independently of ``views.groups``:
    every candidate on disk with its status, reason, position and size, in the order of
    the answer's entries (missing names left out)."""
    sent = {f["order"]: f for f in profile["files"]}
    rows = []
    for e in profile["entries"]:
        if e["status"] == "skipped" and e["size"] is None:
            continue
        file = sent.get(e["order"]) if e["status"] in ("loaded", "cut", "imported") else None
        position = file["order"] + 1 if file else None
        rows.append(
            (e["path"], e["status"], e["reason"], position, file["bytes"] if file else e["size"])
        )
    return sorted(rows, key=lambda r: (r[3] is None, r[3] or 0))


def test_the_editors_groups_are_the_agents_with_the_same_rows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _answer(tmp_path, capsys)
    groups = data["groups"]
    order = [p["profile"] for p in data["profiles"]]
    assert sorted(n for g in groups for n in g) == sorted(order)  # every agent once
    at = [[order.index(n) for n in g] for g in groups]
    assert all(g == sorted(g) for g in at) and [g[0] for g in at] == sorted(g[0] for g in at)
    rows = {p["profile"]: _rows(p) for p in data["profiles"]}
    for group in groups:
        assert all(rows[name] == rows[group[0]] for name in group), group
    firsts = [rows[g[0]] for g in groups]
    assert len(firsts) == len({repr(r) for r in firsts})  # different rows, different nodes
    assert any("codex" in g and "opencode" in g for g in groups)


def test_the_same_file_for_another_reason_is_another_node(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # For a file in sub/, its AGENTS.md is lazy for several agents, each with its own words.
    root, home = tmp_path / "repo", tmp_path / "home"
    (root / "sub").mkdir(parents=True)
    home.mkdir()
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    (root / "AGENTS.md").write_text("# Rules\n", encoding="utf-8")
    (root / "sub" / "AGENTS.md").write_text("# Sub\n", encoding="utf-8")
    (root / "sub" / "x.py").write_text("", encoding="utf-8")
    target = root / "sub" / "x.py"
    main(
        [
            "context",
            "--all-profiles",
            "--json",
            "--home",
            str(home),
            "--for",
            str(target),
            str(root),
        ]
    )
    data = json.loads(capsys.readouterr().out)
    group_of = {name: tuple(g) for g in data["groups"] for name in g}
    lazy = {
        p["profile"]: [e["reason"] for e in p["entries"] if e["status"] == "lazy"]
        for p in data["profiles"]
    }
    assert lazy["copilot"] and lazy["cursor"] and lazy["copilot"] != lazy["cursor"]
    assert group_of["copilot"] != group_of["cursor"]
    assert group_of["or"] == group_of["codex"]  # neither loads sub/AGENTS.md: one node
