"""Which files count as instruction files when a caller names agents, one of them
unknown: the unknown name is passed over and the agents after it still count.

Written from the session 6 mutation run of the memoised functions (docs/mutation.md,
"Cache-decorated functions"): with ``continue`` turned into ``break`` in ``_names``
and ``_rules_folders`` (``x__names__mutmut_8``, ``x__rules_folders__mutmut_8``) an
unknown name ended the list, and Claude's files stopped counting.
"""

from __future__ import annotations

import pytest

from promptls.context import is_instruction_path
from promptls.discovery.api import instruction_file_names


def test_an_unknown_agent_name_does_not_hide_the_agents_after_it() -> None:
    names = instruction_file_names(["no-such-agent", "claude"])
    assert {"CLAUDE.md", "CLAUDE.local.md"} <= names
    assert "GEMINI.md" not in names


@pytest.mark.parametrize(
    "path",
    ["p/CLAUDE.md", "p/.claude/rules/style/a.md", "/home/u/.claude/rules/a.md"],
)
def test_claude_files_stay_instruction_files_after_an_unknown_name(path: str) -> None:
    assert is_instruction_path(path, ["no-such-agent", "claude"])
    assert not is_instruction_path(path, ["no-such-agent"])
