"""opencode's ``instructions`` globs and lazy files as ``promptls context`` shows them:
every entry's status, scope and reason, the settings and problems, the glob expansion's
depth, dot folders and caps. Restates ``instruction.ts`` (``systemPaths``, ``find``,
``resolve``; anomalyco/opencode at 1565a419, read 2026-12-01; docs/profiles.md) at the
edges the mutation run of ``discovery/opencode.py`` found unpinned (docs/mutation.md).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from promptls.context import Discovery, discover
from promptls.discovery import opencode as module
from promptls.discovery.agent_settings import AgentSetting
from tests.core.helpers import write
from tests.core.test_opencode_mutants import _entries


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
