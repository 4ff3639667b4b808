"""The agents' settings as ``promptls context`` shows them: values, sources, problems.

Pinned by the mutation run: which file a value came from, the word ``default`` for a
built-in value, and the exact sentence a malformed key gets are what a user reads.
"""

from __future__ import annotations

import json
from pathlib import Path

from promptls.discovery.agent_settings import AgentSetting, SettingsProblem
from promptls.discovery.settings_claude import claude_config
from promptls.discovery.settings_gemini import gemini_config


def _write(path: Path, data: object) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_gemini_defaults_are_shown_as_default(tmp_path: Path) -> None:
    config = gemini_config(str(tmp_path / "user"), str(tmp_path / "ws"), str(tmp_path))
    assert config.names == ("GEMINI.md",)
    assert config.markers == (".git",)
    assert config.shown == (
        AgentSetting("context.fileName", '["GEMINI.md"]', "default"),
        AgentSetting("context.memoryBoundaryMarkers", '[".git"]', "default"),
    )
    assert config.problems == ()


def test_gemini_without_a_user_folder_or_a_home_reads_the_workspace_layer(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    path = _write(ws / ".gemini" / "settings.json", {"context": {"fileName": "AGENTS.md"}})
    config = gemini_config(None, str(ws), None)
    assert config.names == ("AGENTS.md", "GEMINI.md")
    assert config.shown[0] == AgentSetting("context.fileName", '["AGENTS.md", "GEMINI.md"]', path)
    assert config.watched == (path,)


def test_gemini_workspace_names_go_in_front_of_the_user_names(tmp_path: Path) -> None:
    user, ws = tmp_path / "user", tmp_path / "ws"
    _write(user / "settings.json", {"context": {"fileName": ["USER.md"]}})
    ws_path = _write(ws / ".gemini" / "settings.json", {"context": {"fileName": "WS.md"}})
    config = gemini_config(str(user), str(ws), str(tmp_path))
    assert config.names == ("WS.md", "USER.md", "GEMINI.md")
    assert config.shown[0].source == ws_path


def test_gemini_markers_drop_absolute_names_and_names_with_dotdot(tmp_path: Path) -> None:
    user = tmp_path / "user"
    path = _write(
        user / "settings.json",
        {"context": {"memoryBoundaryMarkers": ["/abs/.git", ".git", "../up", "a/../b", ".hg"]}},
    )
    config = gemini_config(str(user), str(tmp_path / "ws"), str(tmp_path))
    assert config.markers == (".git", ".hg")
    assert config.shown[1] == AgentSetting("context.memoryBoundaryMarkers", '[".git", ".hg"]', path)


def test_gemini_keys_of_the_wrong_shape_are_reported_and_defaults_kept(tmp_path: Path) -> None:
    user = tmp_path / "user"
    path = _write(user / "settings.json", {"context": {"fileName": 5, "memoryBoundaryMarkers": 7}})
    config = gemini_config(str(user), str(tmp_path / "ws"), str(tmp_path))
    assert config.names == ("GEMINI.md",)
    assert config.markers == (".git",)
    assert config.problems == (
        SettingsProblem(path, "context.fileName must be a string or a list of strings"),
        SettingsProblem(path, "context.memoryBoundaryMarkers must be a list of strings"),
    )
    assert [s.source for s in config.shown] == ["default", "default"]


def test_a_broken_gemini_settings_file_says_that_gemini_refuses_it(tmp_path: Path) -> None:
    user = tmp_path / "user"
    user.mkdir()
    (user / "settings.json").write_text('{\n  "context": \n}\n', encoding="utf-8")
    config = gemini_config(str(user), str(tmp_path / "ws"), str(tmp_path))
    (problem,) = config.problems
    assert problem.line == 3
    assert problem.message.endswith("(gemini-cli refuses to start with this file)")
    assert config.names == ("GEMINI.md",)


def _claude_layers(tmp_path: Path) -> tuple[Path, Path, Path]:
    return tmp_path / "etc", tmp_path / "home" / ".claude", tmp_path / "ws"


def test_claude_merges_excludes_from_every_layer_and_the_managed_file_sets_the_mode(
    tmp_path: Path,
) -> None:
    managed, user, ws = _claude_layers(tmp_path)
    plugin = {"agents-md@builtin": {"options": {"instructionFiles": "claude-md"}}}
    managed_path = _write(
        managed / "managed-settings.json",
        {"claudeMdExcludes": ["**/vendor/**"], "pluginConfigs": plugin},
    )
    user_path = _write(user / "settings.json", {"claudeMdExcludes": ["  ", "/abs/CLAUDE.md"]})
    project_plugin = {"agents-md@builtin": {"options": {"instructionFiles": "managed-only"}}}
    local_path = _write(
        ws / ".claude" / "settings.local.json",
        {"claudeMdExcludes": ["**/other/*"], "pluginConfigs": project_plugin},
    )
    config = claude_config(str(managed), str(user), str(ws))
    # The project layers cannot choose the mode; the managed file can.
    assert config.instruction_files == "claude-md"
    assert config.shown == (
        AgentSetting("instructionFiles", "claude-md", managed_path),
        AgentSetting("claudeMdExcludes", "**/vendor/**", managed_path),
        AgentSetting("claudeMdExcludes", "/abs/CLAUDE.md", user_path),
        AgentSetting("claudeMdExcludes", "**/other/*", local_path),
    )
    assert config.problems == ()


def test_claude_default_mode_is_shown_as_default(tmp_path: Path) -> None:
    managed, _, ws = _claude_layers(tmp_path)
    config = claude_config(str(managed), None, str(ws))
    assert config.shown == (AgentSetting("instructionFiles", "claude-md-or-agents-md", "default"),)
    assert str(managed / "managed-settings.json") in config.watched


def test_claude_settings_of_the_wrong_shape_are_reported(tmp_path: Path) -> None:
    managed, user, ws = _claude_layers(tmp_path)
    plugin = {"agents-md@builtin": {"options": {"instructionFiles": "agents-only"}}}
    settings = {"claudeMdExcludes": "CLAUDE.md", "pluginConfigs": plugin}
    path = _write(user / "settings.json", settings)
    (ws / ".claude").mkdir(parents=True)
    (ws / ".claude" / "settings.json").write_text("[1]", encoding="utf-8")
    config = claude_config(str(managed), str(user), str(ws))
    assert config.instruction_files == "claude-md-or-agents-md"
    assert [str(p) for p in config.problems] == [
        f"{path}: claudeMdExcludes must be a list of strings",
        f"{path}: instructionFiles 'agents-only' is not one of claude-md-or-agents-md, "
        "claude-md-and-agents-md, claude-md, managed-only",
        f"{ws / '.claude' / 'settings.json'}: not a JSON object (Claude Code ignores this file)",
    ]
