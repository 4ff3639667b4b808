"""``promptls context FILE``: which instruction files each agent applies to one file.

The folder is the one the agent would run in (the current folder when the file is below
it, else the file's repository, else its folder; docs/cli.md); a path-scoped rule whose
glob matches the file loads, with the glob in its reason; JSON names the target.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.conftest import assert_usage_error, run_cli
from tests.core.helpers import write

CLEAN = {"XDG_CONFIG_HOME": "", "COPILOT_CUSTOM_INSTRUCTIONS_DIRS": "", "OPENCODE_CONFIG_DIR": ""}


def workspace(tmp_path: Path) -> Path:
    """A repository with a scoped rule for each agent that has them."""
    ws = tmp_path / "ws"
    (ws / ".git").mkdir(parents=True)
    write(ws / "AGENTS.md", "agents\n")
    write(ws / ".github/instructions/ts.instructions.md", '---\napplyTo: "**/*.ts"\n---\nts\n')
    write(ws / ".cursor/rules/ts.mdc", "---\nglobs: src/**/*.ts\n---\nts\n")
    write(ws / ".claude/rules/ts.md", "---\npaths: src/**/*.ts\n---\nts\n")
    write(ws / "src/app.ts", "export {}\n")
    write(ws / "README.md", "readme\n")
    (tmp_path / "home").mkdir()
    return ws


def context_json(*args: str | Path, home: Path, cwd: Path) -> dict[str, object]:
    """``promptls context … --json`` as data."""
    result = run_cli("context", *args, "--json", home=home, cwd=cwd, env=CLEAN)
    assert result.code == 0, result
    data: dict[str, object] = json.loads(result.text)
    return data


def entries(data: dict[str, object], profile: str) -> dict[str, tuple[str, str]]:
    """(status, reason) by path for one profile of a context result."""
    profiles = data["profiles"]
    assert isinstance(profiles, list)
    [found] = [p for p in profiles if p["profile"] == profile]
    return {e["path"]: (e["status"], e["reason"]) for e in found["entries"]}


def test_a_file_path_answers_for_that_file(tmp_path: Path) -> None:
    """The matching rule loads, its reason names the glob, and JSON names the target."""
    ws = workspace(tmp_path)
    data = context_json(ws / "src/app.ts", "--profile", "copilot", home=tmp_path / "home", cwd=ws)
    assert data["target"] == str(ws / "src/app.ts")
    assert data["folder"] == str(ws)
    status, reason = entries(data, "copilot")[str(ws / ".github/instructions/ts.instructions.md")]
    assert status == "loaded"
    assert "src/app.ts (matches **/*.ts)" in reason


def test_a_file_that_matches_no_glob_leaves_the_rule_conditional(tmp_path: Path) -> None:
    """For README.md the .ts rule stays conditional, naming what did not match."""
    ws = workspace(tmp_path)
    data = context_json(ws / "README.md", "--profile", "cursor", home=tmp_path / "home", cwd=ws)
    status, reason = entries(data, "cursor")[str(ws / ".cursor/rules/ts.mdc")]
    assert status == "conditional"
    assert reason == "conditional: README.md matches none of src/**/*.ts (auto-attached)"


def test_all_profiles_compare_the_agents_for_one_file(tmp_path: Path) -> None:
    """Each agent with path scoping applies its own rule; the order is the agent's."""
    ws = workspace(tmp_path)
    data = context_json(ws / "src/app.ts", "--all-profiles", home=tmp_path / "home", cwd=ws)
    rules = {
        "claude": ws / ".claude/rules/ts.md",
        "copilot": ws / ".github/instructions/ts.instructions.md",
        "cursor": ws / ".cursor/rules/ts.mdc",
    }
    # Crush sends every file below .cursor/rules, whatever it is scoped to
    unscoped = {"crush": ws / ".cursor/rules/ts.mdc"}
    profiles = data["profiles"]
    assert isinstance(profiles, list)
    for profile in profiles:
        files = [f["path"] for f in profile["files"]]
        rule = rules.get(profile["profile"])
        if rule is not None:
            assert files[-1] == str(rule), profile["profile"]
        elif profile["profile"] in unscoped:
            assert str(unscoped[profile["profile"]]) in files, profile["profile"]
        else:
            assert not any(".claude/rules" in f or ".mdc" in f for f in files)


def test_folder_is_the_repository_when_the_file_is_outside_the_current_folder(
    tmp_path: Path,
) -> None:
    """Run from elsewhere, a file is answered from its repository root."""
    ws = workspace(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    data = context_json(ws / "src/app.ts", home=tmp_path / "home", cwd=elsewhere)
    assert data["folder"] == str(ws)
    inside = context_json(ws / "src/app.ts", home=tmp_path / "home", cwd=ws / "src")
    assert inside["folder"] == str(ws / "src")


def test_folder_is_the_files_folder_outside_any_repository(tmp_path: Path) -> None:
    """No repository above the file and not below the current folder: its own folder."""
    loose = write(tmp_path / "loose/notes/a.ts", "x\n")
    (tmp_path / "home").mkdir()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    data = context_json(loose, home=tmp_path / "home", cwd=elsewhere)
    assert data["folder"] == str(loose.parent)


def test_for_still_names_a_file_below_a_folder(tmp_path: Path) -> None:
    """``context DIR --for FILE`` keeps working and names the target too."""
    ws = workspace(tmp_path)
    data = context_json(
        ws, "--for", ws / "src/app.ts", "--profile", "claude", home=tmp_path / "home", cwd=tmp_path
    )
    assert data["target"] == str(ws / "src/app.ts")
    assert entries(data, "claude")[str(ws / ".claude/rules/ts.md")][0] == "loaded"
    assert context_json(ws, home=tmp_path / "home", cwd=tmp_path)["target"] is None


def test_text_names_the_file(tmp_path: Path) -> None:
    """The human view says which file it answers for."""
    ws = workspace(tmp_path)
    result = run_cli("context", "src/app.ts", home=tmp_path / "home", cwd=ws, env=CLEAN)
    assert result.code == 0, result
    assert "For file: src/app.ts" in result.text


def test_a_file_path_with_for_is_a_usage_error(tmp_path: Path) -> None:
    """A file as PATH already names the target: --for on top is refused."""
    ws = workspace(tmp_path)
    result = run_cli(
        "context", ws / "README.md", "--for", ws / "src/app.ts", home=tmp_path / "home", env=CLEAN
    )
    assert_usage_error(result, "is a file")
