"""opencode's instruction files, restated from its source and tests.

Upstream: anomalyco/opencode (formerly sst/opencode) ``packages/opencode/src/session/
instruction.ts`` (``systemPaths``, ``find``, ``resolve``) and
``packages/opencode/test/session/instruction.test.ts`` at 1565a419, read 2026-12-01;
``packages/opencode/src/config/config.ts`` ``mergeConfigConcatArrays`` for
``instructions``. Each test names the upstream test or code it restates.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.context import Discovery, EntryStatus, discover
from tests.core.helpers import write


def opencode(tree: Path, cwd: Path, *, target: Path | None = None, **env: str) -> Discovery:
    """Discover as opencode with ``tree/home`` as home."""
    environ = {"HOME": str(tree / "home"), **env}
    return discover(cwd, "opencode", home=tree / "home", environ=environ, target=target)


def sent(d: Discovery, tree: Path) -> list[str]:
    """Loaded paths in launch order, relative to the tree."""
    return [str(Path(f.path).relative_to(tree)) for f in d.files]


def statuses(d: Discovery, tree: Path) -> dict[str, EntryStatus]:
    """Every entry's status by path relative to the tree."""
    return {
        str(Path(e.path).relative_to(tree)): e.status
        for e in d.entries
        if e.path.startswith(str(tree))
    }


def project(tree: Path) -> Path:
    """A git worktree."""
    root = tree / "proj"
    (root / ".git").mkdir(parents=True)
    return root


def test_loads_both_project_and_global_agents_md(tmp_path: Path) -> None:
    """instruction.test.ts "loads both project and global AGENTS.md when both exist":
    the global file first, then the project's."""
    root = project(tmp_path)
    write(tmp_path / "home/.config/opencode/AGENTS.md", "# Global Instructions")
    write(root / "AGENTS.md", "# Project Instructions")
    assert sent(opencode(tmp_path, root), tmp_path) == [
        "home/.config/opencode/AGENTS.md",
        "proj/AGENTS.md",
    ]


def test_global_falls_back_to_claude_md(tmp_path: Path) -> None:
    """systemPaths: the first global file that exists wins; ~/.claude/CLAUDE.md is last."""
    root = project(tmp_path)
    write(tmp_path / "home/.claude/CLAUDE.md", "claude user")
    assert sent(opencode(tmp_path, root), tmp_path) == ["home/.claude/CLAUDE.md"]
    write(tmp_path / "home/.config/opencode/AGENTS.md", "opencode user")
    d = opencode(tmp_path, root)
    assert sent(d, tmp_path) == ["home/.config/opencode/AGENTS.md"]
    assert statuses(d, tmp_path)["home/.claude/CLAUDE.md"] is EntryStatus.SHADOWED


def test_opencode_config_dir_is_searched_first(tmp_path: Path) -> None:
    """globalFiles: $OPENCODE_CONFIG_DIR/AGENTS.md before the config folder's."""
    root = project(tmp_path)
    write(tmp_path / "custom/AGENTS.md", "custom")
    write(tmp_path / "home/.config/opencode/AGENTS.md", "default")
    d = opencode(tmp_path, root, OPENCODE_CONFIG_DIR=str(tmp_path / "custom"))
    assert sent(d, tmp_path) == ["custom/AGENTS.md"]


def test_claude_code_prompt_disabled(tmp_path: Path) -> None:
    """instruction.test.ts "skips project and global CLAUDE.md when Claude Code prompt is
    disabled"."""
    root = project(tmp_path)
    write(tmp_path / "home/.claude/CLAUDE.md", "# Global Claude")
    write(root / "CLAUDE.md", "# Project Claude")
    assert sent(opencode(tmp_path, root), tmp_path) == ["home/.claude/CLAUDE.md", "proj/CLAUDE.md"]
    d = opencode(tmp_path, root, OPENCODE_DISABLE_CLAUDE_CODE_PROMPT="true")
    assert sent(d, tmp_path) == []


def test_first_name_found_wins_with_every_level(tmp_path: Path) -> None:
    """systemPaths: "The first project-level match wins so we don't stack AGENTS.md/CLAUDE.md";
    findUp returns every level holding that name, nearest first."""
    root = project(tmp_path)
    write(root / "AGENTS.md", "root agents")
    write(root / "sub/AGENTS.md", "sub agents")
    write(root / "sub/CLAUDE.md", "nearer claude")
    d = opencode(tmp_path, root / "sub")
    assert sent(d, tmp_path) == ["proj/sub/AGENTS.md", "proj/AGENTS.md"]
    assert statuses(d, tmp_path)["proj/sub/CLAUDE.md"] is EntryStatus.SHADOWED


def test_claude_md_when_no_agents_md_exists(tmp_path: Path) -> None:
    """The CLAUDE.md fallback applies when no level has AGENTS.md."""
    root = project(tmp_path)
    write(root / "CLAUDE.md", "claude")
    write(root / "CONTEXT.md", "deprecated")
    d = opencode(tmp_path, root)
    assert sent(d, tmp_path) == ["proj/CLAUDE.md"]
    assert statuses(d, tmp_path)["proj/CONTEXT.md"] is EntryStatus.SHADOWED


def test_the_walk_stops_at_the_worktree(tmp_path: Path) -> None:
    """findUp(file, directory, worktree): nothing above the git worktree."""
    write(tmp_path / "AGENTS.md", "above the worktree")
    root = project(tmp_path)
    write(root / "AGENTS.md", "worktree")
    assert sent(opencode(tmp_path, root), tmp_path) == ["proj/AGENTS.md"]


def test_without_git_the_walk_goes_to_the_filesystem_root(tmp_path: Path) -> None:
    """Outside a repository the worktree is / , so every ancestor is searched."""
    write(tmp_path / "AGENTS.md", "ancestor")
    loose = tmp_path / "loose"
    write(loose / "AGENTS.md", "here")
    assert sent(opencode(tmp_path, loose), tmp_path) == ["loose/AGENTS.md", "AGENTS.md"]


def test_nested_agents_md_is_attached_when_a_file_there_is_read(tmp_path: Path) -> None:
    """instruction.test.ts "returns AGENTS.md from subdirectory (not in systemPaths)"."""
    root = project(tmp_path)
    write(root / "subdir/AGENTS.md", "# Subdir Instructions")
    d = opencode(tmp_path, root)
    assert "proj/subdir/AGENTS.md" not in statuses(d, tmp_path)
    d = opencode(tmp_path, root, target=root / "subdir/nested/file.ts")
    assert statuses(d, tmp_path)["proj/subdir/AGENTS.md"] is EntryStatus.LAZY


def test_root_agents_md_is_not_attached_again(tmp_path: Path) -> None:
    """instruction.test.ts "returns empty when AGENTS.md is at project root (already in
    systemPaths)"."""
    root = project(tmp_path)
    write(root / "AGENTS.md", "# Root Instructions")
    d = opencode(tmp_path, root, target=root / "src/file.ts")
    project_entries = {k: v for k, v in statuses(d, tmp_path).items() if k.startswith("proj/")}
    assert project_entries == {"proj/AGENTS.md": EntryStatus.LOADED}


def test_reading_the_agents_md_itself_attaches_nothing(tmp_path: Path) -> None:
    """instruction.test.ts "doesn't reload AGENTS.md when reading it directly"."""
    root = project(tmp_path)
    write(root / "subdir/AGENTS.md", "# Subdir Instructions")
    d = opencode(tmp_path, root, target=root / "subdir/AGENTS.md")
    assert "proj/subdir/AGENTS.md" not in statuses(d, tmp_path)


def test_instructions_globs_from_user_and_project_config(tmp_path: Path) -> None:
    """systemPaths: config.instructions (user and project concatenated) are globbed in
    every folder from the working folder up to the worktree; URLs are fetched instead."""
    root = project(tmp_path)
    write(tmp_path / "home/.config/opencode/opencode.json", '{"instructions": ["~/rules.md"]}')
    write(tmp_path / "home/rules.md", "home rules")
    write(
        root / "opencode.json",
        '{"instructions": ["docs/*.md", "https://example.com/r.md", "none/*.md"]}',
    )
    write(root / "docs/a.md", "a")
    write(root / "docs/.hidden.md", "hidden")
    d = opencode(tmp_path, root)
    # `*` matches dot files (oracle scenario "opencode: instructions globs")
    assert sent(d, tmp_path) == ["home/rules.md", "proj/docs/.hidden.md", "proj/docs/a.md"]
    reasons = {e.path: e.reason for e in d.entries}
    assert "URL" in reasons["https://example.com/r.md"]
    assert "matches no file" in reasons[str(root / "none/*.md")]
    assert [s.key for s in d.settings] == ["instructions", "instructions"]


def test_relative_instruction_globs_search_up_to_the_worktree(tmp_path: Path) -> None:
    """globUp(instruction, directory, worktree): a relative glob matches in the working
    folder and in each folder above it up to the worktree."""
    root = project(tmp_path)
    write(root / "opencode.json", '{"instructions": ["STYLE.md"]}')
    write(root / "STYLE.md", "root style")
    write(root / "app/STYLE.md", "app style")
    assert sent(opencode(tmp_path, root / "app"), tmp_path) == [
        "proj/app/STYLE.md",
        "proj/STYLE.md",
    ]


def test_malformed_config_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    """A broken opencode.json is reported with its path; discovery goes on."""
    root = project(tmp_path)
    write(root / "opencode.json", '{"instructions": "docs/*.md"}')
    write(root / "AGENTS.md", "agents")
    d = opencode(tmp_path, root)
    assert sent(d, tmp_path) == ["proj/AGENTS.md"]
    assert [p.path for p in d.problems] == [str(root / "opencode.json")]
    assert "list of strings" in d.problems[0].message


def test_a_glob_expansion_is_bounded_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ``**`` glob from a large tree (or from / outside a repository) stops after a
    bounded number of folders, and an entry says opencode may load more."""
    from promptls.discovery import opencode as module

    monkeypatch.setattr(module, "_MAX_DIRS", 3)
    root = project(tmp_path)
    write(root / "opencode.json", '{"instructions": ["**/RULES.md"]}')
    for name in "abcde":
        write(root / name / "RULES.md", name)
    d = opencode(tmp_path, root)
    assert 0 < len(d.files) < 5
    stopped = [e.reason for e in d.entries if "stopped expanding" in e.reason]
    assert len(stopped) == 1
    assert "opencode may load more" in stopped[0]


def test_a_glob_without_globstar_does_not_descend(tmp_path: Path) -> None:
    """``docs/*.md`` lists docs/ only: a file deeper down is neither matched nor read."""
    root = project(tmp_path)
    write(root / "opencode.json", '{"instructions": ["docs/*.md", ".agents/*.md"]}')
    write(root / "docs/top.md", "top")
    write(root / "docs/deep/inner.md", "inner")
    write(root / ".agents/dot.md", "dot folder named by the glob")
    assert sent(opencode(tmp_path, root), tmp_path) == ["proj/docs/top.md", "proj/.agents/dot.md"]
