"""opencode's instruction files, restated from its source and tests.

Upstream: anomalyco/opencode (formerly sst/opencode) ``packages/opencode/src/session/
instruction.ts`` (``systemPaths``, ``find``, ``resolve``) and
``packages/opencode/test/session/instruction.test.ts`` at 1565a419, read 2026-12-01;
``packages/opencode/src/config/config.ts`` ``mergeConfigConcatArrays`` for
``instructions``. Each test names the upstream test or code it restates.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from promptls.agents.opencode import walk as module
from promptls.context import Discovery, EntryStatus, discover
from promptls.discovery.agent_settings import AgentSetting
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
    from promptls.agents.opencode import walk as module

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


# opencode's switch that turns Claude Code's files off, as ``promptls context`` shows
# it: both variables, the values that count as on, and the setting named with its source.
#
# Written from the mutation run of ``agents/opencode/walk.py`` (docs/mutation.md, "Fourth
# round"); the rest of that module's survivors are listed there as not yet triaged.


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


# opencode's ``instructions`` globs and lazy files as ``promptls context`` shows them:
# every entry's status, scope and reason, the settings and problems, the glob expansion's
# depth, dot folders and caps. Restates ``instruction.ts`` (``systemPaths``, ``find``,
# ``resolve``; anomalyco/opencode at 1565a419, read 2026-12-01; docs/profiles.md) at the
# edges the mutation run of ``agents/opencode/walk.py`` found unpinned (docs/mutation.md).


def _project(tree: Path, instructions: object) -> Path:
    root = tree / "proj"
    write(root / ".git" / "HEAD", "ref: refs/heads/main\n")
    write(root / "opencode.json", json.dumps({"instructions": instructions}))
    return root


def _run(tree: Path, cwd: Path, *, target: Path | None = None, home: bool = True) -> Discovery:
    environ = {"HOME": str(tree / "home")} if home else {}
    return discover(
        cwd, "opencode", home=tree / "home" if home else None, environ=environ, target=target
    )


def _loaded(found: Discovery, tree: Path) -> list[str]:
    return [str(Path(f.path).relative_to(tree)) for f in found.files]


def test_each_instruction_entry_named_with_its_source(tmp_path: Path) -> None:
    write(tmp_path / "home/.config/opencode/opencode.json", '{"instructions": ["docs/*.md"]}')
    root = _project(tmp_path, ["docs/*.md", "http://example.com/r.md", "none/*.md"])
    write(root / "docs/a.md", "a")
    found = _run(tmp_path, root)
    user = "T/home/.config/opencode/opencode.json"
    assert _entries(found, tmp_path) == [
        (
            "loaded",
            "project",
            "T/proj/docs/a.md",
            f"loaded as a file matching instructions entry 'docs/*.md' in {user}",
        ),
        (
            "skipped",
            "project",
            "http://example.com/r.md",
            "skipped: instructions entry 'http://example.com/r.md' in T/proj/opencode.json "
            "is a URL, "
            "which opencode fetches at launch; not fetched",
        ),
        (
            "skipped",
            "project",
            "T/proj/none/*.md",
            "skipped: instructions entry 'none/*.md' in T/proj/opencode.json matches no file",
        ),
    ]
    assert found.settings == (
        AgentSetting(
            "instructions", '["docs/*.md"]', str(tmp_path / "home/.config/opencode/opencode.json")
        ),
        AgentSetting(
            "instructions",
            '["docs/*.md", "http://example.com/r.md", "none/*.md"]',
            str(root / "opencode.json"),
        ),
    )
    assert str(root / "opencode.jsonc") in found.watched and str(root) in found.watched_dirs
    assert None not in found.watched and None not in found.watched_dirs


def test_an_absolute_instruction_matching_nothing_is_named_by_its_own_path(tmp_path: Path) -> None:
    missing = tmp_path / "elsewhere" / "RULES.md"
    root = _project(tmp_path, [str(missing)])
    [entry] = [e for e in _entries(_run(tmp_path, root), tmp_path) if "elsewhere" in e[2]]
    assert entry[:3] == ("skipped", "project", "T/elsewhere/RULES.md")


def test_a_broken_config_is_a_problem_and_the_next_config_is_still_read(tmp_path: Path) -> None:
    write(tmp_path / "home/.config/opencode/config.json", '{"instructions": "docs/*.md"}')
    write(tmp_path / "home/.config/opencode/opencode.json", "{not json")
    root = _project(tmp_path, ["STYLE.md"])
    write(root / "STYLE.md", "style")
    found = _run(tmp_path, root)
    assert _loaded(found, tmp_path) == ["proj/STYLE.md"]
    assert [p.path for p in found.problems] == [
        str(tmp_path / "home/.config/opencode/config.json"),
        str(tmp_path / "home/.config/opencode/opencode.json"),
    ]
    assert (
        found.problems[0].message
        == "instructions must be a list of strings (opencode rejects the file)"
    )
    assert found.problems[1].message.endswith("(opencode refuses to start with this file)")


def test_instructions_are_read_without_a_home(tmp_path: Path) -> None:
    root = _project(tmp_path, ["STYLE.md"])
    write(root / "STYLE.md", "style")
    assert _loaded(_run(tmp_path, root, home=False), tmp_path) == ["proj/STYLE.md"]


@pytest.mark.parametrize(
    ("pattern", "files", "expected"),
    [
        ("*/rules.md", ["a/rules.md", "a/b/rules.md"], ["a/rules.md"]),
        ("*/*/x.md", ["a/b/x.md", "a/x.md"], ["a/b/x.md"]),
        ("**/*.md", ["a/b/c/deep.md", "top.md"], ["a/b/c/deep.md", "top.md"]),
        ("**/.notes/*.md", ["a/.notes/n.md", "a/notes/n.md"], ["a/.notes/n.md"]),
    ],
)
def test_a_glob_reaches_as_deep_as_it_says(
    tmp_path: Path, pattern: str, files: list[str], expected: list[str]
) -> None:
    root = _project(tmp_path, [f"src/{pattern}"])
    for name in files:
        write(root / "src" / name, name)
    found = _run(tmp_path, root)
    assert _loaded(found, root / "src") == expected
    assert not [e for e in found.entries if e.status.value == "skipped" and "/proj/" in e.path]


def test_a_folder_that_cannot_be_read_or_a_link_loop_leaves_the_rest_listed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _project(tmp_path, ["src/**/*.md"])
    write(root / "src/a/x.md", "x")
    write(root / "src/b/y.md", "y")
    write(root / "src/z.md", "z")
    os.symlink(root / "src/loop", root / "src/loop")
    scandir = os.scandir

    def refusing(path: str) -> object:  # the suite runs as root: simulate an unreadable folder
        if str(path) == str(root / "src/a"):
            raise PermissionError(13, "Permission denied", str(path))
        return scandir(path)

    monkeypatch.setattr(os, "scandir", refusing)
    assert _loaded(_run(tmp_path, root), root / "src") == ["b/y.md", "z.md"]


def test_a_glob_stops_at_the_match_cap_and_says_so(tmp_path: Path) -> None:
    root = _project(tmp_path, ["many/*.md"])
    for i in range(module._MAX_MATCHES + 1):
        write(root / "many" / f"{i:03}.md", "x")
    found = _run(tmp_path, root)
    assert len(found.files) == module._MAX_MATCHES
    assert Path(found.files[-1].path).name == f"{module._MAX_MATCHES - 1:03}.md"
    [stopped] = [e for e in _entries(found, tmp_path) if e[0] == "skipped" and "/proj/" in e[2]]
    assert stopped == (
        "skipped",
        "project",
        "T/proj/many/*.md",
        f"skipped: instructions entry 'many/*.md' in T/proj/opencode.json: promptls stopped "
        f"expanding it in T/proj after {module._MAX_DIRS} folders or {module._MAX_MATCHES} "
        "files; opencode may load more",
    )


def test_a_glob_lists_exactly_the_folder_cap(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(module, "_MAX_DIRS", 4)
    root = _project(tmp_path, ["src/**/x.md"])
    for name in "abc":  # src and its three folders: four listed, none left over
        write(root / "src" / name / "x.md", name)
    found = _run(tmp_path, root)
    assert _loaded(found, root / "src") == ["a/x.md", "b/x.md", "c/x.md"]
    assert not [e for e in found.entries if e.status.value == "skipped" and "/proj/" in e.path]


def test_each_folder_below_the_working_folder_attaches_its_first_instruction_file(
    tmp_path: Path,
) -> None:
    """resolve + find: walking up from the read file to the working folder, each folder
    attaches the first of AGENTS.md, CLAUDE.md, CONTEXT.md it holds."""
    root = tmp_path / "proj"
    write(root / ".git" / "HEAD", "ref: refs/heads/main\n")
    write(root / "a/CLAUDE.md", "claude only")
    write(root / "a/b/AGENTS.md", "agents")
    write(root / "a/b/CLAUDE.md", "not this one")
    found = _run(tmp_path, root, target=root / "a/b/c/file.ts")
    lazy = sorted(e for e in _entries(found, tmp_path) if e[0] == "lazy")
    assert lazy == [
        (
            "lazy",
            "project",
            "T/proj/a/CLAUDE.md",
            "lazy: opencode attaches it when it reads a file in a/ "
            "(such as file.ts), not at launch",
        ),
        (
            "lazy",
            "project",
            "T/proj/a/b/AGENTS.md",
            "lazy: opencode attaches it when it reads a file in a/b/ "
            "(such as file.ts), not at launch",
        ),
    ]
    assert str(root / "a/b/c/AGENTS.md") in found.watched


def test_a_home_instruction_matching_nothing_is_named_in_the_home(tmp_path: Path) -> None:
    root = _project(tmp_path, ["~/missing.md"])
    [entry] = [e for e in _entries(_run(tmp_path, root), tmp_path) if "missing" in e[2]]
    assert entry == (
        "skipped",
        "project",
        "T/home/missing.md",
        "skipped: instructions entry '~/missing.md' in T/proj/opencode.json matches no file",
    )


def test_a_home_that_does_not_exist_skips_the_user_files_and_says_why(tmp_path: Path) -> None:
    root = _project(tmp_path, [])
    home = tmp_path / "gone"
    found = discover(root, "opencode", home=home, environ={"HOME": str(home)})
    assert _entries(found, tmp_path) == [
        (
            "skipped",
            "user",
            "T/gone/.config/opencode/AGENTS.md",
            "no user-level files: the home directory T/gone does not exist",
        )
    ]


def test_xdg_config_home_finds_the_global_file_without_a_home(tmp_path: Path) -> None:
    """Global.Path.config is $XDG_CONFIG_HOME/opencode when set, whatever HOME is."""
    root = _project(tmp_path, [])
    write(tmp_path / "xdg/opencode/AGENTS.md", "global")
    found = discover(root, "opencode", environ={"XDG_CONFIG_HOME": str(tmp_path / "xdg")})
    assert _loaded(found, tmp_path) == ["xdg/opencode/AGENTS.md"]


def test_the_project_root_is_the_worktree_or_the_filesystem_root(tmp_path: Path) -> None:
    """Instance.worktree: the git worktree, or / outside a repository."""
    root = _project(tmp_path, [])
    assert _run(tmp_path, root / "sub").project_root == str(root)
    outside = tmp_path / "plain" / "deeper"
    outside.mkdir(parents=True)
    if any(
        os.path.lexists(os.path.join(p, ".git")) for p in [str(outside), *map(str, outside.parents)]
    ):
        pytest.skip("a folder above the temporary folder is a git worktree")
    assert _run(tmp_path, outside).project_root == os.path.abspath(os.sep)
