"""Edges of the discovery entry points that the mutation run of ``discovery/api.py`` found
unpinned: which folder owns a rule file, Windows-style paths, the machine-wide Claude
files watched by default, the profile ``load_context_files`` uses, the home that cannot be
found, and the order of the globs the editors are asked to watch."""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.context import discover, is_instruction_path, load_context_files
from promptls.discovery.api import owning_folder, resolve_home, workspace_globs
from tests.core.helpers import write


@pytest.mark.parametrize(
    ("path", "owner"),
    [
        ("/p/X/.claude/rules/a/b.md", "/p/X"),
        ("/p/X/.claude/rules/b.md", "/p/X"),
        ("/p/X/.cursor/rules/deep/er/a.mdc", "/p/X"),
        ("/p/X/.github/instructions/py.instructions.md", "/p/X"),
        (".claude/rules/x.md", "."),
        (".cursor/rules/a/x.mdc", "."),
        # The innermost rules folder owns a rule below two of them.
        ("/p/X/.claude/rules/a/.claude/rules/y.md", "/p/X/.claude/rules/a"),
        # Not a rule file: the wrong ending for that folder, or no rules folder.
        ("/p/X/.claude/rules/notes.txt", "/p/X/.claude/rules"),
        ("/p/X/.cursor/rules/a.md", "/p/X/.cursor/rules"),
        ("/p/X/rules/a/b.md", "/p/X/rules/a"),
        ("/p/X/.claude/a/b.md", "/p/X/.claude/a"),
    ],
)
def test_the_folder_that_owns_a_rule_file(path: str, owner: str) -> None:
    assert owning_folder(path) == owner


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("C:\\repo\\AGENTS.md", True),
        ("C:\\repo\\.claude\\rules\\style.md", True),
        ("C:\\repo\\.cursor\\rules\\a\\b.mdc", True),
        ("C:\\repo\\README.md", False),
        ("/x/.claude/rules/deep/style.md", True),
        ("/x/.claude/notes/style.md", False),
        ("/x/rules/style.md", False),
        ("/x/.claude/style.md", False),
        (".claude/rules/a.md", True),
    ],
)
def test_instruction_paths_with_either_separator(path: str, expected: bool) -> None:
    assert is_instruction_path(path) is expected


def test_claude_watches_the_machine_wide_files_under_etc_by_default(tree: Path) -> None:
    result = discover(tree / "ws", "claude", home=tree / "home", environ={})
    assert "/etc/claude-code/CLAUDE.md" in result.watched
    assert "/etc/claude-code/managed-settings.json" in result.watched


def test_load_context_files_follows_the_profile_asked_for(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CODEX_HOME", raising=False)
    home, ws = tree / "home", tree / "ws"
    write(ws / "AGENTS.md", "agents")
    write(ws / "AGENTS.override.md", "override")
    files = load_context_files(ws, "codex", home=home)
    assert [Path(f.path).name for f in files] == ["AGENTS.override.md"]


def test_a_home_the_system_cannot_name_is_said_so(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_home(cls: type[Path]) -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(Path, "home", classmethod(no_home))
    assert resolve_home(None, None) == (
        None,
        "the home directory cannot be determined (HOME is not set)",
    )


def test_watched_globs_keep_each_profiles_files_before_the_next_profiles() -> None:
    # The order docs/settings.md and the editor manifests publish.
    globs = workspace_globs(settings=False)
    assert globs.index("**/.claude/rules/**/*.md") < globs.index("**/AGENTS.override.md")
    assert globs.index("**/.cursorrules") < globs.index("**/.cursor/rules/**/*.mdc")
