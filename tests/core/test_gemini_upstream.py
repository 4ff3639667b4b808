"""Gemini CLI's own discovery tests, restated as promptls scenarios.

Each test names the upstream test it restates: gemini-cli
``packages/core/src/utils/memoryDiscovery.test.ts`` at 5411f113 (2026-08-21), read
2026-12-01, and the settings behaviour of ``packages/cli/src/config/settings.ts``. The
scenarios were written from the tests' trees and expectations; no code was copied.
Just-in-time loading, extensions and private MEMORY.md are not modelled yet
(docs/profiles.md).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from promptls.context import Discovery, EntryStatus, discover
from tests.core.helpers import write


def gemini(tree: Path, cwd: Path, settings: object | None = None) -> Discovery:
    """Discover as gemini with ``tree/home`` as home and optional user settings."""
    if settings is not None:
        text = settings if isinstance(settings, str) else json.dumps(settings)
        write(tree / "home/.gemini/settings.json", text)
    return discover(cwd, "gemini", home=tree / "home", environ={})


def paths(d: Discovery, scope: str = "project") -> list[str]:
    """Loaded paths of one scope, in the order gemini sends them."""
    return [f.path for f in d.files if f.scope == scope]


def test_should_find_global_memory_file_if_it_exists(tree: Path) -> None:
    user = write(tree / "home/.gemini/GEMINI.md", "global")
    assert paths(gemini(tree, tree / "ws"), "user") == [str(user)]


def test_should_traverse_upward_from_trusted_root_to_git_root(tree: Path) -> None:
    write(tree / "ws/GEMINI.md", "above the repository: not loaded")
    (tree / "ws/repo/.git").mkdir(parents=True)
    root = write(tree / "ws/repo/GEMINI.md", "root")
    src = write(tree / "ws/repo/src/GEMINI.md", "src")
    d = gemini(tree, tree / "ws/repo/src")
    assert sorted(paths(d)) == [str(root), str(src)]
    assert d.project_root == str(tree / "ws/repo")


def test_should_fall_back_to_trusted_root_as_ceiling_when_no_git_exists(tree: Path) -> None:
    write(tree / "home/GEMINI.md", "home")
    docs = write(tree / "home/docs/GEMINI.md", "docs")
    (tree / "home/docs/notes").mkdir()
    assert paths(gemini(tree, tree / "home/docs/notes")) == []
    assert paths(gemini(tree, tree / "home/docs")) == [str(docs)]


def test_should_recognize_git_as_a_file(tree: Path) -> None:
    write(tree / "ws/.git", "gitdir: /elsewhere/.git/worktrees/x\n")
    root = write(tree / "ws/GEMINI.md", "root")
    src = write(tree / "ws/src/GEMINI.md", "src")
    assert sorted(paths(gemini(tree, tree / "ws/src"))) == [str(root), str(src)]


def test_should_keep_multiple_memory_files_from_the_same_directory_adjacent(tree: Path) -> None:
    (tree / "ws/.git").mkdir()
    primary = write(tree / "ws/PRIMARY.md", "primary")
    secondary = write(tree / "ws/SECONDARY.md", "secondary")
    d = gemini(tree, tree / "ws", {"context": {"fileName": ["PRIMARY.md", "SECONDARY.md"]}})
    assert paths(d) == [str(primary), str(secondary)]


def test_project_files_are_sent_sorted_by_path_not_root_first(tree: Path) -> None:
    """memoryDiscovery.ts sorts every project path as a string (behaviour table #8)."""
    (tree / "ws/.git").mkdir()
    root = write(tree / "ws/GEMINI.md", "root")
    backend = write(tree / "ws/Backend/GEMINI.md", "backend")
    assert paths(gemini(tree, tree / "ws/Backend")) == [str(backend), str(root)]


def test_should_stop_at_a_custom_boundary_marker_instead_of_git(tree: Path) -> None:
    write(tree / "ws/.monorepo-root", "")
    root = write(tree / "ws/GEMINI.md", "root")
    (tree / "ws/packages/app/.git").mkdir(parents=True)
    app = write(tree / "ws/packages/app/GEMINI.md", "app")
    d = gemini(
        tree, tree / "ws/packages/app", {"context": {"memoryBoundaryMarkers": [".monorepo-root"]}}
    )
    assert sorted(paths(d)) == [str(root), str(app)]
    [shown] = [s for s in d.settings if s.key == "context.memoryBoundaryMarkers"]
    assert (shown.value, shown.source) == (
        '[".monorepo-root"]',
        str(tree / "home/.gemini/settings.json"),
    )


def test_should_support_multiple_boundary_markers(tree: Path) -> None:
    write(tree / "ws/package.json", "{}")
    root = write(tree / "ws/GEMINI.md", "root")
    (tree / "ws/src").mkdir()
    d = gemini(
        tree, tree / "ws/src", {"context": {"memoryBoundaryMarkers": [".git", "package.json"]}}
    )
    assert paths(d) == [str(root)]


def test_empty_boundary_markers_mean_no_upward_walk(tree: Path) -> None:
    (tree / "ws/.git").mkdir()
    write(tree / "ws/GEMINI.md", "root")
    sub = write(tree / "ws/sub/GEMINI.md", "sub")
    d = gemini(tree, tree / "ws/sub", {"context": {"memoryBoundaryMarkers": []}})
    assert paths(d) == [str(sub)]


def test_file_name_adds_names_in_front_of_gemini_md(tree: Path) -> None:
    """memoryTool.test.ts 'appends to currentGeminiMdFilename when a valid new name is
    provided': AGENTS.md is searched first and GEMINI.md is still searched."""
    (tree / "ws/.git").mkdir()
    agents = write(tree / "ws/AGENTS.md", "agents")
    gem = write(tree / "ws/GEMINI.md", "gemini")
    user = write(tree / "home/.gemini/AGENTS.md", "user agents")
    d = gemini(tree, tree / "ws", {"context": {"fileName": "AGENTS.md"}})
    assert paths(d) == [str(agents), str(gem)]
    assert paths(d, "user") == [str(user)]


def test_workspace_settings_apply_and_comments_are_allowed(tree: Path) -> None:
    (tree / "ws/.git").mkdir()
    write(
        tree / "ws/.gemini/settings.json",
        '{\n  // team file\n  "context": {"fileName": ["TEAM.md"]}\n}\n',
    )
    team = write(tree / "ws/TEAM.md", "team")
    assert paths(gemini(tree, tree / "ws")) == [str(team)]


def test_malformed_settings_are_reported_with_their_line(tree: Path) -> None:
    (tree / "ws/.git").mkdir()
    root = write(tree / "ws/GEMINI.md", "root")
    d = gemini(tree, tree / "ws", '{\n  "context": {\n    "fileName": [,]\n  }\n}\n')
    [problem] = d.problems
    assert (problem.path, problem.line) == (str(tree / "home/.gemini/settings.json"), 3)
    assert "gemini-cli refuses to start" in problem.message
    assert paths(d) == [str(root)], "discovery goes on with the defaults"


def test_a_folder_named_gemini_md_is_skipped(tree: Path) -> None:
    """'readGeminiMdFiles returns null content (without throwing) when path is a directory'."""
    (tree / "ws/.git").mkdir()
    (tree / "ws/GEMINI.md").mkdir()
    d = gemini(tree, tree / "ws")
    assert d.files == ()
    [entry] = [e for e in d.entries if e.path == str(tree / "ws/GEMINI.md")]
    assert entry.status is EntryStatus.SKIPPED


def test_jit_memory_loads_for_a_target_inside_the_root(tree: Path) -> None:
    """'should load JIT memory when target is inside a trusted root' and 'should resolve
    file target to its parent directory for traversal': GEMINI.md below the folder is
    lazy, attached when a tool reads a file there."""
    (tree / "ws/.git").mkdir()
    sub = write(tree / "ws/subdir/GEMINI.md", "Subdir JIT content")
    d = discover(
        tree / "ws", "gemini", home=tree / "home", environ={}, target=tree / "ws/subdir/target.txt"
    )
    assert paths(d) == []
    [entry] = [e for e in d.entries if e.path == str(sub)]
    assert entry.status is EntryStatus.LAZY


def test_jit_uses_the_configured_file_names(tree: Path) -> None:
    (tree / "ws/.git").mkdir()
    nested = write(tree / "ws/pkg/AGENTS.md", "nested agents")
    write(tree / "home/.gemini/settings.json", json.dumps({"context": {"fileName": "AGENTS.md"}}))
    d = discover(tree / "ws", "gemini", home=tree / "home", environ={}, target=tree / "ws/pkg/a.ts")
    assert [e.status for e in d.entries if e.path == str(nested)] == [EntryStatus.LAZY]


def test_should_deduplicate_files_that_point_to_the_same_inode(tree: Path) -> None:
    """'file identity deduplication': a hard link under a second configured name loads
    once, under the first path seen."""
    (tree / "ws/.git").mkdir()
    first = write(tree / "ws/gemini.md", "one file")
    os.link(first, tree / "ws/GEMINI.md")
    d = gemini(tree, tree / "ws", {"context": {"fileName": ["gemini.md"]}})
    assert paths(d) == [str(tree / "ws/GEMINI.md")]
    [entry] = [e for e in d.entries if e.path == str(first)]
    assert entry.status is EntryStatus.SKIPPED
    assert entry.reason == f"skipped: the same file was already loaded as {tree / 'ws/GEMINI.md'}"


def test_jit_falls_back_to_the_root_as_ceiling_without_a_git_root(tree: Path) -> None:
    """'should fall back to trusted root as ceiling when no git root exists'."""
    sub = write(tree / "ws/subdir/GEMINI.md", "sub")
    d = discover(
        tree / "ws", "gemini", home=tree / "home", environ={}, target=tree / "ws/subdir/t.txt"
    )
    assert [e.status for e in d.entries if e.path == str(sub)] == [EntryStatus.LAZY]


def test_include_directories_add_their_own_walk_and_sort_with_the_rest(tree: Path) -> None:
    """memoryDiscovery.ts getEnvironmentMemoryPaths: every workspace folder (the working
    folder plus context.includeDirectories) walks up to its own ceiling; all paths are
    then sorted as strings."""
    (tree / "ws/.git").mkdir()
    own = write(tree / "ws/GEMINI.md", "ws")
    (tree / "lib/.git").mkdir(parents=True)
    lib = write(tree / "lib/GEMINI.md", "lib")
    lib_sub = write(tree / "lib/core/GEMINI.md", "lib core")
    d = gemini(tree, tree / "ws", {"context": {"includeDirectories": ["../lib/core", "missing"]}})
    assert paths(d) == [str(lib), str(lib_sub), str(own)]
    [problem] = d.problems
    assert "includeDirectories: missing is not a folder" in problem.message
