"""``promptls preview --diff OTHER``: the first differing byte against a git revision, a
folder or a saved preview, and the exit code that says whether the cached prefix held."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.cli.conftest import assert_usage_error, run_cli

NOTES = "# Regeln\n\nÄußerst wichtig ✓ 日本語\nuse ALPHA always\n"


def _git(repo: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t", *args],
        check=True,
        capture_output=True,
    )


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A git repository with AGENTS.md at the top and a package folder, committed."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    root = tmp_path / "repo"
    (root / "pkg").mkdir(parents=True)
    (root / "AGENTS.md").write_text(NOTES, encoding="utf-8")
    (root / "pkg/main.py").write_text("print()\n", encoding="utf-8")
    _git(root, "init", "-q", "-b", "main")
    _git(root, "add", ".")
    _git(root, "commit", "-q", "-m", "one")
    return root


def _byte_of(word: str, text: str) -> int:
    return len(text[: text.index(word)].encode("utf-8"))


def test_revision_diff_names_the_edited_file_and_byte(repo: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    before = run_cli("preview", repo / "pkg", "--profile", "codex", "--format", "wire", home=home)
    (repo / "AGENTS.md").write_text(NOTES.replace("ALPHA", "BRAVO"), encoding="utf-8")
    result = run_cli(
        "preview",
        repo / "pkg",
        "--profile",
        "codex",
        "--diff",
        "HEAD",
        "--format",
        "json",
        home=home,
    )
    assert result.code == 1, result.err  # inside codex's cached prefix
    data = json.loads(result.text)
    diff = data["difference"]
    assert diff["byte"] == _byte_of("ALPHA", before.text)
    assert diff["old"]["path"] == diff["new"]["path"] == str(repo / "AGENTS.md")
    assert diff["changedFiles"] == [str(repo / "AGENTS.md")]
    assert diff["inCachedPrefix"] is True
    text = run_cli("preview", repo / "pkg", "--profile", "codex", "--diff", "HEAD", home=home)
    assert f"first difference at byte {diff['byte']} (line {diff['line'] + 1}," in text.text
    assert "cache misses" in text.text


def test_unchanged_revision_is_identical_for_or_including_environment(
    repo: Path, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    result = run_cli("preview", repo, "--diff", "HEAD", home=home)
    assert result.code == 0, result.err
    assert "identical wire text" in result.text


def test_folder_and_saved_preview_diffs(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    new, old = tmp_path / "new", tmp_path / "old"
    for folder in (new, old):
        folder.mkdir()
        (folder / "AGENTS.md").write_text(NOTES, encoding="utf-8")
    saved = tmp_path / "saved.json"
    saved.write_bytes(
        run_cli("preview", new, "--profile", "opencode", "--format", "json", home=home).out
    )
    same = run_cli("preview", new, "--profile", "opencode", "--diff", old, home=home)
    assert same.code == 0 and "identical wire text" in same.text
    (new / "AGENTS.md").write_text(NOTES + "more ✓\n", encoding="utf-8")
    for other in (old, saved):
        result = run_cli(
            "preview",
            new,
            "--profile",
            "opencode",
            "--diff",
            other,
            "--format",
            "json",
            home=home,
        )
        assert result.code == 1, result.err
        diff = json.loads(result.text)["difference"]
        assert diff["new"]["excerpt"] == "more ✓"
        assert diff["changedFiles"] == [str(new / "AGENTS.md")]


def test_bad_other_is_a_usage_error(repo: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    bad = run_cli("preview", repo, "--diff", "no-such-rev", home=home)
    assert_usage_error(bad, "git rev-parse")
    garbage = tmp_path / "x.json"
    garbage.write_text("{}", encoding="utf-8")
    assert_usage_error(run_cli("preview", repo, "--diff", garbage, home=home), "not a saved")
    both = run_cli("preview", repo, "--all-profiles", "--diff", "HEAD", home=home)
    assert_usage_error(both, "one profile")
