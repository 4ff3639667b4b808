"""PL011, PL013, PL014 and PL015 through ``check``, which passes each instruction file
the discovery of its folder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from promptls.cli import main
from tests.cli.conftest import trust_for_codex


def _findings(capsys: pytest.CaptureFixture[str], *args: str) -> list[dict[str, object]]:
    """``check --format json`` findings."""
    main(["check", "--format", "json", *args])
    return list(json.loads(capsys.readouterr().out))


def test_broken_claude_import_points_at_the_token(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "CLAUDE.md").write_text("# Rules\n\nSee @docs/missing.md and @docs/ok.md here\n")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "ok.md").write_text("fine\n")
    found = _findings(capsys, "--profile", "claude", str(tmp_path / "CLAUDE.md"))
    (item,) = [f for f in found if f["code"] == "PL013"]
    assert (item["line"], item["column"], item["end_column"]) == (3, 5, 21)
    assert "missing.md" in str(item["message"])
    assert _findings(capsys, "--profile", "or", str(tmp_path / "CLAUDE.md")) == []


def test_codex_override_shadows_agents_md(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "AGENTS.md").write_text("# Rules\nUse tabs.\n")
    (tmp_path / "AGENTS.override.md").write_text("")
    found = _findings(capsys, "--profile", "codex", str(tmp_path))
    assert [(Path(str(f["path"])).name, f["code"]) for f in found] == [("AGENTS.md", "PL015")]
    assert _findings(capsys, "--profile", "or", str(tmp_path)) == []


def test_codex_budget_cut_and_dropped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "AGENTS.md").write_text("# Root\n" + "r" * 30_000 + "\n")
    sub = tmp_path / "pkg"
    sub.mkdir()
    (sub / "AGENTS.md").write_text("# Pkg\n" + "p" * 5_000 + "\n")
    found = _findings(capsys, "--profile", "codex", str(tmp_path))
    codes = {(Path(str(f["path"])).parent.name, f["code"]) for f in found}
    assert ("pkg", "PL014") in codes
    assert not any(code == "PL011" for _, code in codes)


def test_single_file_over_codex_budget_is_one_pl014_at_the_cut(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One cut, one finding: discovery's (PL011 used to report it too, at its own byte)."""
    (tmp_path / ".git").mkdir()
    text = "# Big\n" + ("line of text\n" * 3000)
    (tmp_path / "AGENTS.md").write_text(text)
    found = _findings(capsys, "--profile", "codex", str(tmp_path))
    assert [f["code"] for f in found] == ["PL014"]
    assert found[0]["start"] == 32 * 1024
    assert "cut at byte 32768" in str(found[0]["message"])


def test_a_configured_codex_budget_decides_not_the_default(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A 40 KB file under project_doc_max_bytes = 65536 is read whole: nothing to say."""
    (tmp_path / ".git").mkdir()
    (tmp_path / ".codex").mkdir()
    (tmp_path / ".codex" / "config.toml").write_text("project_doc_max_bytes = 65536\n")
    (tmp_path / "AGENTS.md").write_text("# Big\n" + ("line of text\n" * 3000))
    home = tmp_path / "home"
    home.mkdir()
    trust_for_codex(home, tmp_path)
    found = _findings(capsys, "--profile", "codex", "--home", str(home), str(tmp_path))
    assert found == []
