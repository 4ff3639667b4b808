"""``promptls context --loaders FILE``: the files that import FILE and what each agent
does with it for its folder (the editor's references and ``showLoaders`` answer the
same; tests/lsp/test_references.py compares the JSON)."""

from __future__ import annotations

import json
from pathlib import Path

from promptls.agents.registry import PROFILES
from tests.cli.conform import problems, result_schema
from tests.cli.conftest import assert_usage_error, run_cli
from tests.core.helpers import write


def repository(tmp_path: Path) -> Path:
    """CLAUDE.md importing docs/style.md (and a token in code that does not count)."""
    ws = tmp_path / "ws"
    (ws / ".git").mkdir(parents=True)
    write(ws / "CLAUDE.md", "Read @docs/style.md\n`@docs/style.md` is code\n")
    write(ws / "docs/style.md", "style\n")
    write(ws / "docs/CLAUDE.md", "@style.md\n")
    (tmp_path / "home").mkdir()
    return ws


def test_loaders_text_names_importers_and_statuses(tmp_path: Path) -> None:
    ws = repository(tmp_path)
    result = run_cli("context", "--loaders", ws / "docs/style.md", "--profile", "claude",
                     home=tmp_path / "home", cwd=ws)  # fmt: skip
    assert result.code == 0, result
    lines = result.text.splitlines()
    assert "Imported by (2):" in lines
    assert f"  {ws / 'CLAUDE.md'}:1  @docs/style.md  (claude)" in lines
    assert f"  {ws / 'docs/CLAUDE.md'}:1  @style.md  (claude)" in lines
    claude = next(line for line in lines if line.startswith("  claude (Claude Code): "))
    # In docs/, Claude loads docs/CLAUDE.md and expands its import of style.md.
    assert claude.startswith("  claude (Claude Code): imported, position ")


def test_loaders_json_conforms_and_lists_every_profile(tmp_path: Path) -> None:
    ws = repository(tmp_path)
    result = run_cli("context", "--loaders", ws / "docs/style.md", "--all-profiles", "--json",
                     home=tmp_path / "home", cwd=ws)  # fmt: skip
    data = json.loads(result.text)
    assert problems(data, result_schema("promptls.showLoaders")) == []
    assert [p["profile"] for p in data["profiles"]] == list(PROFILES)
    assert {p["status"] for p in data["profiles"]} >= {"imported", "not-loaded"}


def test_loaders_refuses_a_folder_and_for(tmp_path: Path) -> None:
    ws = repository(tmp_path)
    assert_usage_error(
        run_cli("context", "--loaders", ws / "docs", home=tmp_path / "home", cwd=ws), "not a file"
    )
    both = run_cli("context", "--loaders", ws / "docs/style.md", "--for", ws / "CLAUDE.md",
                   home=tmp_path / "home", cwd=ws)  # fmt: skip
    assert_usage_error(both, "--loaders and --for")
