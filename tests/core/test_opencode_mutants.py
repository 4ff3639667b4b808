"""opencode's switch that turns Claude Code's files off, as ``promptls context`` shows
it: both variables, the values that count as on, and the setting named with its source.

Written from the mutation run of ``discovery/opencode.py`` (docs/mutation.md, "Fourth
round"); the rest of that module's survivors are listed there as not yet triaged.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.context import discover
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
