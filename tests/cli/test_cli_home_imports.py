"""``@~/…`` imports in ``check``: verified against an explicit home (``--home``,
``PROMPTLS_HOME``) or the home of the machine the user runs on; in CI without one, the
runner's home is not the user's, so the import is "not verified" (info), not broken."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from promptls.cli import main

TEXT = "# Dotfiles\nShared rules: @~/.claude/shared-rules.md\n"


def _pl013(capsys: pytest.CaptureFixture[str], *args: str) -> list[tuple[str, str, int]]:
    """PL013 findings of ``check --format json`` as (severity, message, column)."""
    code = main(["check", "--format", "json", "--profile", "claude", *args])
    found = json.loads(capsys.readouterr().out)
    assert code in (0, 1)
    return [(f["severity"], f["message"], f["column"]) for f in found if f["code"] == "PL013"]


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A dotfiles-like repository whose CLAUDE.md imports a file from the user's home;
    the runner's home (``HOME``) does not hold it."""
    root = tmp_path / "dotfiles"
    (root / ".git").mkdir(parents=True)
    (root / "CLAUDE.md").write_text(TEXT)
    runner = tmp_path / "runner-home"
    runner.mkdir()
    monkeypatch.setenv("HOME", str(runner))
    monkeypatch.delenv("PROMPTLS_HOME", raising=False)
    return root


def test_in_ci_without_a_home_the_import_is_not_verified(
    repo: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CI", "true")
    ((severity, message, column),) = _pl013(capsys, str(repo))
    assert severity == "info"
    assert message.startswith("not verified: @~/.claude/shared-rules.md is relative to the")
    assert "pass --home DIR" in message
    assert column == TEXT.splitlines()[1].index("@") + 1
    assert main(["check", "--profile", "claude", str(repo)]) == 0  # info does not fail CI
    capsys.readouterr()


def test_in_ci_an_explicit_home_verifies_it(
    repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CI", "true")
    home = tmp_path / "user-home"
    (home / ".claude").mkdir(parents=True)
    ((severity, message, _),) = _pl013(capsys, "--home", str(home), str(repo))
    assert (severity, message.split(":")[0]) == ("warning", "broken import")
    (home / ".claude" / "shared-rules.md").write_text("Use tabs.\n")
    assert _pl013(capsys, "--home", str(home), str(repo)) == []
    monkeypatch.setenv("PROMPTLS_HOME", str(home))
    assert _pl013(capsys, str(repo)) == []


def test_outside_ci_the_machines_home_is_the_users(
    repo: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CI", "false")
    ((severity, message, _),) = _pl013(capsys, str(repo))
    assert (severity, message.split(":")[0]) == ("warning", "broken import")
