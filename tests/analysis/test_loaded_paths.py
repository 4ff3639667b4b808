"""Skills, commands, subagents and custom agents are read by the model: instruction files.

The editors attach to them through ``LOADED_GLOBS`` (api-json), the analysis classifies
them with ``is_loaded_path``: the two must name the same files.
"""

from __future__ import annotations

import pytest

from promptls.analysis import DocumentKind, document_kind
from promptls.analysis.globs import matches
from promptls.analysis.loaded_paths import LOADED_GLOBS
from promptls.apidesc.settings import instruction_globs

LOADED = [
    ".claude/skills/deploy/SKILL.md",
    "skills/deploy/SKILL.md",  # a skill bundle anywhere (a plugin's skills/ folder)
    ".claude/skills/deploy/reference/api.md",
    ".agents/skills/review/checklist.md",
    ".claude/commands/review.md",
    ".claude/commands/git/commit.md",
    ".claude/agents/reviewer.md",
    ".github/agents/reviewer.agent.md",
    ".github/chatmodes/plan.chatmode.md",
    "pkg/.opencode/agent/docs.md",
    ".opencode/command/test.md",
    ".cursor/commands/release.md",
]
NOT_LOADED = [
    "docs/guide.md",
    ".claude/skills/README.md",  # beside the skill folders, not in one
    "skills/deploy/reference.md",  # no agent folder: an ordinary docs tree
    ".claude/commands/run.sh",
    "notes/agent.md",
]


@pytest.mark.parametrize("path", LOADED)
def test_loaded_files_are_instruction_files_and_attached(path: str) -> None:
    assert document_kind(path) is DocumentKind.INSTRUCTION
    assert matches(path, LOADED_GLOBS)


@pytest.mark.parametrize("path", NOT_LOADED)
def test_other_paths_stay_what_they_were(path: str) -> None:
    assert document_kind(path) is not DocumentKind.INSTRUCTION
    assert not matches(path, LOADED_GLOBS)


def test_api_json_publishes_the_globs() -> None:
    assert set(LOADED_GLOBS) <= set(instruction_globs())
