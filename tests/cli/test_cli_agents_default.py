"""With no profile configured, ``check`` and ``context`` answer for every agent the
repository is set up for (issue #18), and PL028 reports a set-up agent left without
instructions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from promptls.cli import main
from tests import every_agent_but
from tests.cli.conform import problems, result_schema


def _repo(tmp_path: Path, files: dict[str, str]) -> tuple[Path, Path]:
    """A repository root with ``files`` (a name ending in / is a folder) and an empty home."""
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    for name, text in files.items():
        path = root / name
        if name.endswith("/"):
            path.mkdir(parents=True, exist_ok=True)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    home = tmp_path / "home"
    home.mkdir()
    return root, home


def _check(capsys: pytest.CaptureFixture[str], root: Path, home: Path, *args: str) -> list[dict]:
    """``check --format json`` findings for the repository."""
    main(["check", "--format", "json", "--home", str(home), *args, str(root)])
    return list(json.loads(capsys.readouterr().out))


def _codes(found: list[dict]) -> list[tuple[str, str]]:
    return [(Path(f["path"]).name, f["code"]) for f in found]


def test_override_hiding_agents_md_is_reported_without_a_profile(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The motivating case: AGENTS.override.md hides AGENTS.md from codex; before, the
    default run answered for the `or` reference agent only and said nothing."""
    root, home = _repo(tmp_path, {"AGENTS.md": "# Rules\nUse tabs.\n", "AGENTS.override.md": ""})
    found = _check(capsys, root, home)
    assert _codes(found) == [("AGENTS.md", "PL015")]
    assert found[0]["agents"] == []  # codex is the only agent: nothing to tell apart


def test_a_finding_only_some_agents_see_names_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root, home = _repo(
        tmp_path,
        {
            ".claude/": "",
            "AGENTS.md": "# Rules\nUse\u200b tabs.\n",
            "AGENTS.override.md": "",
        },
    )
    found = _check(capsys, root, home)
    by_code = {f["code"]: f for f in found}
    assert sorted(by_code) == ["PL010", "PL015"]
    # Claude reads AGENTS.md (no CLAUDE.md); codex's override hides it.
    assert by_code["PL015"]["agents"] == ["codex"]
    assert by_code["PL015"]["message"].startswith("[codex] shadowed:")
    # The invisible character is in the text: every agent sees it, reported once.
    assert by_code["PL010"]["agents"] == []
    assert not by_code["PL010"]["message"].startswith("[")


def test_an_explicit_profile_narrows_the_answer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root, home = _repo(
        tmp_path, {".claude/": "", "AGENTS.md": "# Rules\n", "AGENTS.override.md": ""}
    )
    assert _check(capsys, root, home, "--profile", "claude") == []
    main(["check", "--format", "json", "--home", str(home), "--profile", "auto", str(root)])
    assert _codes(json.loads(capsys.readouterr().out)) == [("AGENTS.md", "PL015")]


def test_a_symlinked_copy_reports_a_finding_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root, home = _repo(tmp_path, {".claude/": "", "AGENTS.md": "# Rules\nUse\u200b tabs.\n"})
    (root / "CLAUDE.md").symlink_to("AGENTS.md")
    found = _check(capsys, root, home)
    assert [f["code"] for f in found] == ["PL010"]


def test_gemini_set_up_without_gemini_md_is_a_coverage_hole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root, home = _repo(tmp_path, {".gemini/settings.json": "{}\n", "AGENTS.md": "# Rules\n"})
    [found] = _check(capsys, root, home, "--select", "PL028")
    assert (Path(found["path"]).name, found["code"], found["line"]) == ("AGENTS.md", "PL028", 1)
    message = found["message"]
    assert "set up for gemini" in message and "reads GEMINI.md" in message
    assert '"context": {"fileName": ["AGENTS.md", "GEMINI.md"]}' in message
    assert "GEMINI.md with `@AGENTS.md`" in message
    assert found["related"][0]["path"] == str(root / ".gemini" / "settings.json")


@pytest.mark.parametrize(
    "files",
    [
        {".gemini/settings.json": "{}\n", "GEMINI.md": "@AGENTS.md\n"},
        {".gemini/settings.json": '{"context": {"fileName": ["AGENTS.md", "GEMINI.md"]}}\n'},
        {".claude/settings.json": "{}\n"},  # claude reads AGENTS.md where no CLAUDE.md is
        {".cursor/": ""},  # cursor reads AGENTS.md natively
    ],
    ids=["gemini-md-import", "gemini-context-filename", "claude-fallback", "cursor"],
)
def test_agents_that_read_the_shared_file_are_quiet(
    files: dict[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root, home = _repo(tmp_path, {**files, "AGENTS.md": "# Rules\nUse tabs.\n"})
    assert _check(capsys, root, home, "--select", "PL028") == []


def test_context_answers_for_the_set_up_agents_with_a_matrix(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root, home = _repo(
        tmp_path,
        {".gemini/": "", "AGENTS.md": "# Rules\nUse tabs.\n", "AGENTS.override.md": ""},
    )
    (root / "CLAUDE.md").symlink_to("AGENTS.md")
    main(["context", "--json", "--home", str(home), str(root)])
    data = json.loads(capsys.readouterr().out)
    assert problems(data, result_schema("promptls.showContextFiles")) == []
    assert [p["profile"] for p in data["profiles"]] == ["claude", "codex", "gemini"]
    matrix = data["coverage"]
    assert matrix["agents"] == ["claude", "codex", "gemini"]
    rows = {Path(r["path"]).name: r for r in matrix["rows"]}
    agents_md = rows["AGENTS.md"]
    assert agents_md["links"] == [str(root / "CLAUDE.md")]  # one row for the copy and it
    cells = {c["profile"]: (c["status"], c["bytes"]) for c in agents_md["cells"]}
    assert cells == {"claude": ("loaded", 18), "codex": ("shadowed", 0)}  # gemini: never
    assert matrix["totals"] == [18, 0, 0]
    text = data["text"]
    header = next(line for line in text.splitlines() if line.strip().startswith("file"))
    assert header.split() == ["file", "claude", "codex", "gemini"]
    assert "CLAUDE.md is a link to it" in text


def test_one_profile_has_no_matrix(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root, home = _repo(tmp_path, {"AGENTS.md": "# Rules\n"})
    main(["context", "--json", "--home", str(home), str(root)])
    data = json.loads(capsys.readouterr().out)
    assert [p["profile"] for p in data["profiles"]] == ["codex"]  # AGENTS.md: codex's file
    assert "coverage" not in data and "Coverage" not in data["text"]


def test_a_large_agents_md_alone_is_judged_against_codexs_budget(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = "Use the helper module for every request made to the billing service.\n"
    root, home = _repo(tmp_path, {"AGENTS.md": "# Rules\n" + line * 600})
    found = _check(capsys, root, home)
    assert [f["code"] for f in found] == ["PL014"]
    assert "codex's 32 KiB budget" in found[0]["message"]
    root, home = _repo(tmp_path / "small", {"AGENTS.md": "# Rules\n" + line * 100})
    assert _check(capsys, root, home) == []


def test_a_repository_without_any_instruction_file_gets_the_reference_agent(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root, home = _repo(tmp_path, {"docs/notes.md": "# Notes\n"})
    main(["context", "--json", "--home", str(home), str(root)])
    data = json.loads(capsys.readouterr().out)
    assert [p["profile"] for p in data["profiles"]] == ["or"]


def test_the_hole_names_agents_reading_the_file_through_a_link(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root, home = _repo(tmp_path, {".gemini/": "", ".claude/": "", "AGENTS.md": "# Rules\n"})
    (root / "CLAUDE.md").symlink_to("AGENTS.md")
    found = _check(capsys, root, home, "--select", "PL028")
    assert [(Path(f["path"]).name, f["agents"]) for f in found] == [("AGENTS.md", ["gemini"])]
    reaches = f"AGENTS.md reaches {', '.join(every_agent_but('or', 'gemini'))};"
    assert reaches in found[0]["message"]


def test_the_hole_is_reported_where_the_agent_is_set_up_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One finding per hole: on the root's own shared file, not on every nested one nor on
    the copilot file of its .github folder."""
    root, home = _repo(
        tmp_path,
        {
            ".gemini/settings.json": "{}\n",
            "AGENTS.md": "# Rules\n",
            "pkg/AGENTS.md": "# Package rules\n",
            ".github/copilot-instructions.md": "# Copilot\n",
        },
    )
    found = _check(capsys, root, home, "--select", "PL028")
    assert sorted(Path(f["path"]).relative_to(root).as_posix() for f in found) == ["AGENTS.md"]


def test_a_hole_reached_only_through_rule_files_is_reported_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = {
        ".cursor/commands/release.md": "Run the release checklist.\n",
        ".claude/rules/api.md": "# API rules\n\nValidate input.\n",
        ".claude/rules/testing.md": "# Test rules\n\nName tests after behaviour.\n",
    }
    root, home = _repo(tmp_path, files)
    found = _check(capsys, root, home, "--select", "PL028")
    assert [(Path(f["path"]).name, f["agents"]) for f in found] == [("api.md", ["cursor"])]
    assert "cursor loads no project instructions" in found[0]["message"]


def _every_marker() -> list[object]:
    from promptls.agents.registry import PROFILES

    return [
        pytest.param(marker, name, id=f"{name}:{marker}")
        for name, profile in PROFILES.items()
        for marker in profile.setup_markers
    ]


@pytest.mark.parametrize(("marker", "agent"), _every_marker())
def test_each_set_up_marker_makes_the_default_answer_for_its_agent(
    marker: str, agent: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Any one marker of an agent, beside a plain AGENTS.md, is enough for the default
    ``context`` (and ``check``, through the same set-up detection) to answer for it: a
    file for a name with an ending, a folder otherwise (either counts)."""
    has_ending = Path(marker).suffix != ""
    text = "{}" if marker.endswith((".json", ".jsonc")) else "# Rules\n"
    root, home = _repo(
        tmp_path, {marker if has_ending else f"{marker}/": text, "AGENTS.md": "# Rules\n"}
    )
    main(["context", "--json", "--home", str(home), str(root)])
    data = json.loads(capsys.readouterr().out)
    assert agent in [p["profile"] for p in data["profiles"]]
