"""``promptls context``: per-profile discovery with reasons, environment and revision."""

from __future__ import annotations

import json
import re
from datetime import date
from pathlib import Path
from typing import Any

from promptls.context import PROFILES, discover
from promptls.environment import detect_environment
from promptls.render import context_revision
from tests.cli.conform import problems, result_schema
from tests.cli.conftest import TODAY, Demo, assert_usage_error, run_cli


def _revision(folder: Path, profile: str, home: Path) -> str:
    """The revision the library computes for the same inputs."""
    env = detect_environment(folder, today=date.fromisoformat(TODAY))
    return context_revision(env, discover(folder, profile, home=home).files)


def test_or_profile_lists_files_broadest_first(demo: Demo) -> None:
    result = run_cli("context", demo.core, "--profile", "or", home=demo.home, cwd=demo.base)
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
    result = run_cli("context", demo.core, "--profile", "or", home=demo.home, cwd=demo.ws)
    assert "~/.or/AGENTS.md" in result.text
    assert "packages/core/AGENTS.md" in result.text


def test_all_profiles_side_by_side_with_reasons(demo: Demo) -> None:
    result = run_cli("context", demo.core, "--all-profiles", home=demo.home, cwd=demo.base)
    assert result.code == 0
    for name, profile in PROFILES.items():
        # Alone, or named in the group of agents that load the same files.
        grouped = re.search(
            rf"^Profiles [a-z, ]*\b{name}\b[a-z, ]*: the same files", result.text, re.M
        )
        alone = f"Profile {name}: {profile.title}" in result.text
        assert alone or (grouped and f"\n  {name}: {profile.title}\n" in result.text), name
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
    def context() -> dict[str, Any]:
        out = run_cli("context", demo.core, "--profile", "or", "--json", home=demo.home)
        return dict(json.loads(out.text))

    before = context()
    agents = demo.core / "AGENTS.md"
    agents.write_text(agents.read_text(encoding="utf-8") + "\n\n\n", encoding="utf-8")
    same = context()
    agents.write_text("Different rules.\n", encoding="utf-8")
    after = context()
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
    assert_usage_error(
        run_cli("context", demo.core, "--profile", "no-such-agent", home=demo.home),
        "unknown profile 'no-such-agent'",
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
    assert skills == {
        "or": ["triage"],
        "claude": ["triage"],
        "codex": [],
        "gemini": [],
        "copilot": [],
        "cursor": [],
        "opencode": [],
        "kilo": [],
        "qwen": [],
        "cline": [],
        "windsurf": [],
        "kiro": [],
        "crush": [],
        "continue": [],
    }
    text = run_cli("context", demo.core, "--profile", "codex", home=demo.home).text
    assert "skills: none" in text


def test_a_long_skill_name_keeps_its_path_apart_and_the_paths_aligned(demo: Demo) -> None:
    long_name = "release-notes-from-merged-pull-requests"
    skill = demo.home / ".claude" / "skills" / long_name / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text(f"---\nname: {long_name}\ndescription: Drafts notes.\n---\nSteps.\n")
    text = run_cli("context", demo.core, "--profile", "claude", home=demo.home).text
    lines = text[text.index("  skills:\n") :].splitlines()[1:3]
    assert sorted(line.split()[0] for line in lines) == sorted([long_name, "triage"])
    for line in lines:
        name, path = line.split()
        assert path.endswith(f"{name}/SKILL.md") and f"{name}  " in line
    assert len({line.index("~") for line in lines}) == 1, lines


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


def test_agent_settings_shape_the_result_and_are_shown(demo: Demo) -> None:
    """The demo's .codex/config.toml raises codex's budget; context says so and where."""
    result = run_cli("context", demo.core, "--profile", "codex", home=demo.home, cwd=demo.base)
    assert "  agent settings:" in result.text
    assert "project_doc_max_bytes = 65536  (acme-widgets/.codex/config.toml)" in result.text
    data = json.loads(
        run_cli("context", demo.core, "--profile", "codex", "--json", home=demo.home).text
    )
    [codex] = data["profiles"]
    assert {"key": "project_doc_max_bytes", "value": "65536",
            "source": str(demo.ws / ".codex/config.toml")} in codex["settings"]  # fmt: skip
    assert codex["problems"] == []


def test_a_malformed_agent_settings_file_is_named_with_its_line(demo: Demo) -> None:
    (demo.ws / ".codex/config.toml").write_text("project_doc_max_bytes = = 1\n")
    result = run_cli("context", demo.core, "--profile", "codex", home=demo.home, cwd=demo.base)
    assert result.code == 0
    assert "settings problem: acme-widgets/.codex/config.toml:1: invalid TOML: " in result.text


def test_for_a_file_a_scoped_rule_loads_and_a_nested_file_is_lazy(demo: Demo) -> None:
    handler = demo.core / "src/api/handler.ts"
    at_launch = run_cli("context", demo.core, "--profile", "claude", home=demo.home, cwd=demo.base)
    assert "conditional   project acme-widgets/packages/core/.claude/rules/api-handlers.md" in (
        at_launch.text
    )
    result = run_cli(
        "context", demo.core, "--profile", "claude", "--for", handler, home=demo.home, cwd=demo.base
    )
    assert result.code == 0
    assert (
        "5. project             202 B  acme-widgets/packages/core/.claude/rules/api-handlers.md"
        in (result.text)
    )
    assert "loaded as a rule for src/api/handler.ts (matches src/api/**/*.ts)" in result.text
    assert "lazy          project acme-widgets/packages/core/src/api/CLAUDE.md" in result.text
    data = json.loads(
        run_cli(
            "context", demo.core, "--profile", "claude", "--for", handler, "--json", home=demo.home
        ).text
    )
    statuses = {e["path"]: e["status"] for e in data["profiles"][0]["entries"]}
    assert statuses[str(demo.core / "src/api/CLAUDE.md")] == "lazy"
    assert str(demo.core / "src/api/CLAUDE.md") not in [
        f["path"] for f in data["profiles"][0]["files"]
    ]


def test_for_a_file_outside_the_folder_is_a_usage_error(demo: Demo) -> None:
    result = run_cli("context", demo.core, "--for", demo.ws / "README.md", home=demo.home)
    assert_usage_error(result, "is not inside")


def test_a_symlinked_folder_is_kept_as_given(demo: Demo) -> None:
    """codex's agents_md_paths_preserve_symlinked_cwd: paths stay under the link."""
    link = demo.base / "core-link"
    link.symlink_to(demo.core)
    result = run_cli("context", link, "--profile", "or", "--json", home=demo.home)
    data = json.loads(result.text)
    assert data["folder"] == str(link)
    assert str(link / "AGENTS.md") in [f["path"] for f in data["profiles"][0]["files"]]
