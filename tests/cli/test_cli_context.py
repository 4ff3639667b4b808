"""``promptls context``: per-profile discovery with reasons, environment and revision."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from promptls.context import PROFILES, discover
from promptls.environment import detect_environment
from promptls.render import context_revision
from tests.cli.conform import problems, result_schema
from tests.cli.conftest import TODAY, Demo, assert_usage_error, run_cli


def _revision(folder: Path, profile: str, home: Path) -> str:
    """The revision the library computes for the same inputs."""
    env = detect_environment(folder, today=date.fromisoformat(TODAY))
    return context_revision(env, discover(folder, profile, home=home).files)


def test_default_profile_lists_files_broadest_first(demo: Demo) -> None:
    result = run_cli("context", demo.core, home=demo.home, cwd=demo.base)
    assert result.code == 0 and result.err == ""
    lines = result.text.splitlines()
    loaded = [line.split()[-1] for line in lines if line.strip()[:2] in ("1.", "2.", "3.", "4.")]
    assert loaded == [
        "home/.or/AGENTS.md",
        "acme-widgets/AGENTS.md",
        "acme-widgets/packages/core/AGENTS.md",
        "acme-widgets/packages/core/AGENTS.local.md",
    ]
    assert f"date:  {TODAY}" in result.text
    assert "git:   yes, branch main" in result.text
    assert _revision(demo.core, "or", demo.home) in result.text


def test_home_paths_are_shortened_outside_the_current_folder(demo: Demo) -> None:
    result = run_cli("context", demo.core, home=demo.home, cwd=demo.ws)
    assert "~/.or/AGENTS.md" in result.text
    assert "packages/core/AGENTS.md" in result.text


def test_all_profiles_side_by_side_with_reasons(demo: Demo) -> None:
    result = run_cli("context", demo.core, "--all-profiles", home=demo.home, cwd=demo.base)
    assert result.code == 0
    for name, profile in PROFILES.items():
        assert f"Profile {name}: {profile.title}" in result.text
        assert _revision(demo.core, name, demo.home) in result.text
    codex = result.text.split("Profile codex")[1].split("Profile gemini")[0]
    assert "acme-widgets/packages/core/AGENTS.override.md" in codex
    assert "shadowed" in codex and "AGENTS.override.md" in codex.split("not loaded:")[1]
    claude = result.text.split("Profile claude")[1].split("Profile codex")[0]
    assert "imported by @docs/testing.md" in claude


def test_json_has_files_entries_environment_and_revision(demo: Demo) -> None:
    result = run_cli("context", demo.core, "--profile", "codex", "--json", home=demo.home)
    data = json.loads(result.text)
    assert data["folder"] == str(demo.core)
    assert data["environment"]["date"] == TODAY
    assert data["environment"]["gitBranch"] == "main"
    [codex] = data["profiles"]
    assert codex["profile"] == "codex"
    assert codex["projectRoot"] == str(demo.ws)
    assert codex["revision"] == _revision(demo.core, "codex", demo.home)
    assert [f["path"] for f in codex["files"]] == [
        str(demo.home / ".codex" / "AGENTS.md"),
        str(demo.ws / "AGENTS.md"),
        str(demo.core / "AGENTS.override.md"),
    ]
    assert codex["files"][1]["bytes"] == (demo.ws / "AGENTS.md").stat().st_size
    shadowed = [e for e in codex["entries"] if e["status"] == "shadowed"]
    assert [e["path"] for e in shadowed] == [str(demo.core / "AGENTS.md")]
    assert shadowed[0]["reason"]


def test_json_is_the_described_shape_with_the_text_view(demo: Demo) -> None:
    """One spelling (camelCase), exactly the fields ``promptls api-json`` describes, and
    the human view the CLI prints as ``text`` (what the editors show)."""
    args = ("context", demo.core, "--all-profiles")
    data = json.loads(run_cli(*args, "--json", home=demo.home, cwd=demo.base).text)
    assert problems(data, result_schema("promptls.showContextFiles")) == []
    assert data["text"] + "\n" == run_cli(*args, home=demo.home, cwd=demo.base).text
    claude = data["profiles"][1]
    imported = [e for e in claude["entries"] if e["importedFrom"]]
    assert imported and all(isinstance(e["line"], int) for e in imported)


def test_output_is_deterministic(demo: Demo) -> None:
    first = run_cli("context", demo.core, "--all-profiles", home=demo.home)
    second = run_cli("context", demo.core, "--all-profiles", home=demo.home)
    assert first.out == second.out


def test_revision_follows_a_visible_edit_only(demo: Demo) -> None:
    before = json.loads(run_cli("context", demo.core, "--json", home=demo.home).text)
    agents = demo.core / "AGENTS.md"
    agents.write_text(agents.read_text(encoding="utf-8") + "\n\n\n", encoding="utf-8")
    same = json.loads(run_cli("context", demo.core, "--json", home=demo.home).text)
    agents.write_text("Different rules.\n", encoding="utf-8")
    after = json.loads(run_cli("context", demo.core, "--json", home=demo.home).text)
    rev = [d["profiles"][0]["revision"] for d in (before, same, after)]
    assert rev[0] == rev[1] != rev[2]


def test_hostile_path_cannot_drive_the_terminal(tmp_path: Path) -> None:
    evil = tmp_path / "x\x1b[2J\u202ey"
    evil.mkdir()
    (evil / "AGENTS.md").write_text("rules\n", encoding="utf-8")
    home = tmp_path / "home"
    home.mkdir()
    result = run_cli("context", evil, home=home)
    assert result.code == 0
    assert "\x1b" not in result.text and "\u202e" not in result.text
    assert "\\x1b[2J\\u202ey" in result.text
    data = json.loads(run_cli("context", evil, "--json", home=home).text)
    assert data["profiles"][0]["files"][-1]["path"] == str(evil / "AGENTS.md")


def test_user_errors_exit_2_with_one_line(demo: Demo, tmp_path: Path) -> None:
    assert_usage_error(
        run_cli("context", tmp_path / "missing", home=demo.home), "directory not found"
    )
    assert_usage_error(run_cli("context", demo.ws / "AGENTS.md", home=demo.home), "not a directory")
    assert_usage_error(
        run_cli("context", demo.core, "--profile", "cursor", home=demo.home),
        "unknown profile 'cursor'",
        "codex",
    )
    assert_usage_error(
        run_cli("context", demo.core, home=demo.home, env={"PROMPTLS_TODAY": "yesterday"}),
        "PROMPTLS_TODAY",
    )
    assert_usage_error(
        run_cli("context", demo.core, "--home", tmp_path / "nohome", home=demo.home),
        "home directory not found",
    )


def test_skills_are_listed_per_profile(demo: Demo) -> None:
    result = run_cli("context", demo.core, "--all-profiles", "--json", home=demo.home)
    data = json.loads(result.text)
    skills = {p["profile"]: [s["name"] for s in p["skills"]] for p in data["profiles"]}
    assert skills == {"or": ["triage"], "claude": ["triage"], "codex": [], "gemini": []}
    text = run_cli("context", demo.core, "--profile", "codex", home=demo.home).text
    assert "skills: none" in text


def test_loaded_file_shows_disk_size_and_decoding_notes(tmp_path: Path) -> None:
    folder = tmp_path / "ws"
    folder.mkdir()
    (folder / "AGENTS.md").write_bytes(b"hello \xff\xfe world\n")
    (tmp_path / "home").mkdir()
    result = run_cli("context", folder, home=tmp_path / "home", cwd=tmp_path)
    assert result.code == 0
    row = next(line for line in result.text.splitlines() if "ws/AGENTS.md" in line)
    assert "15 B" in row and " of " not in row
    assert "not valid UTF-8 at byte 6" in result.text
