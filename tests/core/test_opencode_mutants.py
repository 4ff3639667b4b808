"""opencode's switch that turns Claude Code's files off, as ``promptls context`` shows
it: both variables, the values that count as on, and the setting named with its source.

Written from the mutation run of ``discovery/opencode.py`` (docs/mutation.md, "Fourth
round"); the rest of that module's survivors are listed there as not yet triaged.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.context import Discovery, discover
from promptls.discovery.agent_settings import AgentSetting
from tests.core.helpers import write


def _sent(tmp_path: Path, **env: str) -> tuple[list[str], tuple[AgentSetting, ...]]:
    """opencode's loaded files (names) and the settings it shows, for a project with a
    CLAUDE.md and a user-level ~/.claude/CLAUDE.md."""
    home = tmp_path / "home"
    write(home / ".claude" / "CLAUDE.md", "# Global Claude")
    root = tmp_path / "proj"
    write(root / ".git" / "HEAD", "ref: refs/heads/main\n")
    write(root / "CLAUDE.md", "# Project Claude")
    found = discover(root, "opencode", home=home, environ={"HOME": str(home), **env})
    return [Path(f.path).name for f in found.files], found.settings


@pytest.mark.parametrize(
    "name", ["OPENCODE_DISABLE_CLAUDE_CODE", "OPENCODE_DISABLE_CLAUDE_CODE_PROMPT"]
)
@pytest.mark.parametrize("value", ["1", "true", "TRUE"])
def test_either_variable_on_turns_claudes_files_off_and_is_shown(
    tmp_path: Path, name: str, value: str
) -> None:
    files, settings = _sent(tmp_path, **{name: value})
    assert files == []
    assert AgentSetting(name, value, "environment") in settings


@pytest.mark.parametrize("value", ["0", "false", "yes", ""])
def test_other_values_leave_claudes_files_on(tmp_path: Path, value: str) -> None:
    files, settings = _sent(tmp_path, OPENCODE_DISABLE_CLAUDE_CODE=value)
    assert files == ["CLAUDE.md", "CLAUDE.md"]
    assert not [s for s in settings if s.key.startswith("OPENCODE_DISABLE")]


def _entries(found: Discovery, tree: Path) -> list[tuple[str, str, str, str]]:
    return [
        (
            e.status.value,
            e.scope.value,
            e.path.replace(str(tree), "T"),
            e.reason.replace(str(tree), "T"),
        )
        for e in found.entries
    ]


def test_each_global_file_after_the_first_is_shadowed_by_it(tmp_path: Path) -> None:
    home = tmp_path / "home"
    write(home / ".config" / "opencode" / "AGENTS.md", "global")
    write(home / ".claude" / "CLAUDE.md", "claude")
    write(tmp_path / "cfg" / "AGENTS.md", "override")
    root = tmp_path / "proj"
    write(root / ".git" / "HEAD", "ref: refs/heads/main\n")
    write(root / "CLAUDE.md", "project claude")
    write(root / "sub" / "AGENTS.md", "sub agents")
    environ = {"HOME": str(home), "OPENCODE_CONFIG_DIR": str(tmp_path / "cfg")}
    found = discover(root / "sub", "opencode", home=home, environ=environ)
    first = "shadowed by T/cfg/AGENTS.md (opencode loads the first global file that exists)"
    assert _entries(found, tmp_path) == [
        ("loaded", "user", "T/cfg/AGENTS.md", "loaded as the user-level file"),
        ("shadowed", "user", "T/home/.config/opencode/AGENTS.md", first),
        ("shadowed", "user", "T/home/.claude/CLAUDE.md", first),
        ("loaded", "project", "T/proj/sub/AGENTS.md", "loaded as the project file for its folder"),
        (
            "shadowed",
            "project",
            "T/proj/CLAUDE.md",
            "shadowed: AGENTS.md was found first, and opencode loads only the first of "
            "AGENTS.md, CLAUDE.md, CONTEXT.md that exists at any level",
        ),
    ]
    for folder in (root, root / "sub"):
        for name in ("AGENTS.md", "CLAUDE.md", "CONTEXT.md"):
            assert str(folder / name) in found.watched


def test_without_a_home_the_user_file_is_skipped_and_a_later_name_still_loads(
    tmp_path: Path,
) -> None:
    root = tmp_path / "proj"
    write(root / ".git" / "HEAD", "ref: refs/heads/main\n")
    write(root / "CLAUDE.md", "project claude")
    found = discover(root, "opencode", home=None, environ={})
    assert _entries(found, tmp_path) == [
        ("skipped", "user", "~/.config/opencode/AGENTS.md", "no user-level files: HOME is not set"),
        ("loaded", "project", "T/proj/CLAUDE.md", "loaded as the project file for its folder"),
    ]
    assert [p for p in found.watched if p.endswith("AGENTS.md") and "proj" not in p] == []


def test_without_opencode_config_dir_only_the_homes_global_files_are_watched(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    root = tmp_path / "proj"
    write(root / ".git" / "HEAD", "ref: refs/heads/main\n")
    found = discover(root, "opencode", home=home, environ={"HOME": str(home)})
    outside = [p for p in found.watched if p.endswith(".md") and not p.startswith(str(root))]
    assert sorted(outside) == [
        str(home / ".claude" / "CLAUDE.md"),
        str(home / ".config" / "opencode" / "AGENTS.md"),
    ]
