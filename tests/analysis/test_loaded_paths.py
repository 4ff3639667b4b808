"""Skills, commands, subagents and custom agents are read by the model: instruction files.

The editors attach to them through ``LOADED_GLOBS`` (api-json), the analysis classifies
them with ``is_loaded_path``: the two must name the same files.
"""

from __future__ import annotations

from pathlib import Path

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
    ".qwen/commands/git/commit.md",
    ".qwen/agents/reviewer.md",
    ".qwen/skills/deploy/SKILL.md",
]
NOT_LOADED = [
    "docs/guide.md",
    ".claude/skills/README.md",  # beside the skill folders, not in one
    "skills/deploy/reference.md",  # no agent folder: an ordinary docs tree
    ".claude/commands/run.sh",
    ".qwen/commands/deploy.toml",
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


SKILL = "---\nname: notes\ndescription: Keep notes.\n---\n{body}\n"


def _skill(root: Path, body: str) -> Path:
    folder = root / ".claude/skills/notes"
    (folder / "references").mkdir(parents=True)
    (folder / "SKILL.md").write_text(SKILL.format(body=body), encoding="utf-8")
    for name in ("README.md", "references/tags.md", "references/style.md"):
        (folder / name).write_text("# Doc\n", encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    ("body", "read"),
    [
        ("See [the README](./README.md) first.", {"README.md"}),
        ("Open `readme.md` for the config.", {"README.md"}),
        ("Tag rules: references/tags.md.", {"references/tags.md", "references/style.md"}),
        (
            "Open the file you need under `references/`.",
            {"references/tags.md", "references/style.md"},
        ),
        ("Follow the [style guide](Style%2Emd).", {"references/style.md"}),
        ("Nothing else to read; mynotes-README.md and tags.mdx are elsewhere.", set()),
    ],
)
def test_a_file_beside_skill_md_is_read_only_when_skill_md_names_it(
    tmp_path: Path, body: str, read: set[str]
) -> None:
    folder = _skill(tmp_path, body)
    kinds = {
        name: document_kind(str(folder / name))
        for name in ("README.md", "references/tags.md", "references/style.md")
    }
    assert {n for n, k in kinds.items() if k is DocumentKind.INSTRUCTION} == read
    assert document_kind(str(folder / "SKILL.md")) is DocumentKind.INSTRUCTION


def test_without_a_readable_skill_md_a_file_in_a_skill_folder_stays_read(tmp_path: Path) -> None:
    folder = tmp_path / ".claude/skills/notes"
    folder.mkdir(parents=True)
    (folder / "README.md").write_text("# Doc\n", encoding="utf-8")
    assert document_kind(str(folder / "README.md")) is DocumentKind.INSTRUCTION


def test_the_nearest_skill_md_decides_for_a_nested_skill(tmp_path: Path) -> None:
    outer = _skill(tmp_path, "Read README.md.")
    inner = outer / "tools/lint"
    inner.mkdir(parents=True)
    (inner / "SKILL.md").write_text(SKILL.format(body="Lint."), encoding="utf-8")
    (inner / "README.md").write_text("# Doc\n", encoding="utf-8")
    assert document_kind(str(outer / "README.md")) is DocumentKind.INSTRUCTION
    assert document_kind(str(inner / "README.md")) is not DocumentKind.INSTRUCTION
