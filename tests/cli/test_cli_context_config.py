"""``context`` answers for the profile the project's promptls config names, as ``check``
and the server do, so the three never answer for different agents."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from promptls.cli import main


def _repo(tmp_path: Path, config: str | None) -> tuple[Path, Path]:
    """A repository set up for Claude and Gemini, with ``config`` as ``.promptls.toml``."""
    root = tmp_path / "repo"
    for folder in (".git", ".claude", ".gemini"):
        (root / folder).mkdir(parents=True)
    (root / "AGENTS.md").write_text("# Rules\nUse tabs.\n", encoding="utf-8")
    if config is not None:
        (root / ".promptls.toml").write_text(config, encoding="utf-8")
    home = tmp_path / "home"
    home.mkdir()
    return root, home


def _profiles(capsys: pytest.CaptureFixture[str], root: Path, home: Path, *args: str) -> list[str]:
    main(["context", "--json", "--home", str(home), *args, str(root)])
    return [p["profile"] for p in json.loads(capsys.readouterr().out)["profiles"]]


def test_the_configured_profile_is_the_default(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root, home = _repo(tmp_path, 'profile = "codex"\n')
    assert _profiles(capsys, root, home) == ["codex"]


def test_the_flag_wins_over_the_config(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root, home = _repo(tmp_path, 'profile = "codex"\n')
    assert _profiles(capsys, root, home, "--profile", "gemini") == ["gemini"]
    assert _profiles(capsys, root, home, "--profile", "auto") == ["claude", "codex", "gemini"]


def test_without_a_config_every_set_up_agent_answers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root, home = _repo(tmp_path, None)
    assert _profiles(capsys, root, home) == ["claude", "codex", "gemini"]


def test_an_invalid_config_is_a_warning_and_the_answer_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root, home = _repo(tmp_path, 'profile = "nobody"\n')
    main(["context", "--json", "--home", str(home), str(root)])
    out, err = capsys.readouterr()
    assert [p["profile"] for p in json.loads(out)["profiles"]] == ["claude", "codex", "gemini"]
    assert "ignoring invalid config" in err and ".promptls.toml" in err
