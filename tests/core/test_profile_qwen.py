"""Qwen Code's context files, restated from its bundled sources.

Upstream: ``@qwen-code/qwen-code`` 0.24.4, its bundle's
``packages/core/src/memory/memoryDiscovery.ts`` (``getMemoryFilePathsInternalForEachDir``,
``loadServerHierarchicalMemory``), ``utils/memory-constants.ts``
(``setMemoryFilename``), ``utils/projectRoot.ts``, ``config/rulesDiscovery.ts`` and
``packages/cli/src/config/settings.ts`` / ``config.ts``, read 2026-12-06. The oracle
runs the same behaviours against the release (tests/oracle, "qwen: ..."); these tests
pin the edges the oracle's trees do not reach (the home folder, ``$QWEN_HOME``, a
symlinked ``.git``, settings problems, conditional rules).
"""

from __future__ import annotations

import os
from pathlib import Path

from promptls.context import Discovery, EntryStatus, discover
from promptls.discovery.setup import active_profiles, detect_setups
from tests.core.helpers import write


def qwen(tree: Path, cwd: Path, *, target: Path | None = None, **env: str) -> Discovery:
    """Discover as Qwen Code with ``tree/home`` as home."""
    environ = {"HOME": str(tree / "home"), **env}
    return discover(cwd, "qwen", home=tree / "home", environ=environ, target=target)


def sent(d: Discovery, tree: Path) -> list[str]:
    """Loaded paths in launch order, relative to the tree."""
    return [os.path.relpath(f.path, tree) for f in d.files]


def repo(tree: Path) -> Path:
    root = tree / "proj"
    (root / ".git").mkdir(parents=True)
    return root


def test_each_name_in_turn_from_above_the_git_root_down(tmp_path: Path) -> None:
    """``for (const memoryFilename of memoryFilenames)``: every QWEN.md (user, then from
    the git root's parent down) before every AGENTS.md."""
    root = repo(tmp_path)
    write(tmp_path / "home/.qwen/AGENTS.md", "user agents")
    write(tmp_path / "home/.qwen/QWEN.md", "user qwen")
    write(tmp_path / "QWEN.md", "above")
    write(root / "AGENTS.md", "root agents")
    write(root / "QWEN.md", "root qwen")
    write(root / "a/QWEN.md", "a qwen")
    write(root / "a/b/QWEN.md", "below the working folder")
    assert sent(qwen(tmp_path, root / "a"), tmp_path) == [
        "home/.qwen/QWEN.md",
        "QWEN.md",
        "proj/QWEN.md",
        "proj/a/QWEN.md",
        "home/.qwen/AGENTS.md",
        "proj/AGENTS.md",
    ]


def test_a_linked_git_is_no_root_so_the_walk_ends_at_the_home_folders_parent(
    tmp_path: Path,
) -> None:
    """``findProjectRoot`` takes a ``.git`` that ``lstat`` calls a folder or a file;
    without a root the walk stops at ``dirname(home)``."""
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    root = tmp_path / "proj"
    root.mkdir()
    (root / ".git").symlink_to(outside)
    write(tmp_path / "QWEN.md", "home's parent")
    write(root / "QWEN.md", "folder")
    found = qwen(tmp_path, root)
    assert sent(found, tmp_path) == ["QWEN.md", "proj/QWEN.md"]
    assert found.project_root == str(root)


def test_in_the_home_folder_only_the_home_files_load(tmp_path: Path) -> None:
    """``isHomeDirectory``: the user file and ``~/<name>``, no walk."""
    home = tmp_path / "home"
    write(home / ".qwen/QWEN.md", "user")
    write(home / "QWEN.md", "home")
    write(tmp_path / "QWEN.md", "above home")
    assert sent(qwen(tmp_path, home), tmp_path) == ["home/.qwen/QWEN.md", "home/QWEN.md"]


def test_qwen_home_moves_the_user_folder(tmp_path: Path) -> None:
    """``Storage.getGlobalQwenDir``: ``$QWEN_HOME`` replaces ``~/.qwen``."""
    root = repo(tmp_path)
    write(tmp_path / "home/.qwen/QWEN.md", "default folder")
    write(tmp_path / "cfg/QWEN.md", "moved")
    write(root / "QWEN.md", "root")
    found = qwen(tmp_path, root, QWEN_HOME=str(tmp_path / "cfg"))
    assert sent(found, tmp_path) == ["cfg/QWEN.md", "proj/QWEN.md"]


def test_context_file_name_replaces_both_default_names(tmp_path: Path) -> None:
    """``setMemoryFilename``: the setting is the whole list, not added to it."""
    root = repo(tmp_path)
    write(root / ".qwen/settings.json", '{"context": {"fileName": "NOTES.md"}}')
    for name in ("QWEN.md", "AGENTS.md", "NOTES.md"):
        write(root / name, name)
    found = qwen(tmp_path, root)
    assert sent(found, tmp_path) == ["proj/NOTES.md"]
    shown = {s.key: s.value for s in found.settings}
    assert shown["context.fileName"] == '["NOTES.md"]'


def test_include_directories_load_only_when_switched_on(tmp_path: Path) -> None:
    """``getMemoryDiscoveryDirectories`` is empty unless
    ``context.loadFromIncludeDirectories``; then the folders come after the working one."""
    root = repo(tmp_path)
    other = repo(tmp_path / "x")
    write(other / "QWEN.md", "other")
    write(root / "QWEN.md", "root")
    settings = root / ".qwen/settings.json"
    write(settings, f'{{"context": {{"includeDirectories": ["{other}"]}}}}')
    assert sent(qwen(tmp_path, root), tmp_path) == ["proj/QWEN.md"]
    write(
        settings,
        f'{{"context": {{"includeDirectories": ["{other}"], "loadFromIncludeDirectories": true}}}}',
    )
    assert sent(qwen(tmp_path, root), tmp_path) == ["proj/QWEN.md", "x/proj/QWEN.md"]


def test_the_flat_import_format_is_shown_and_reported(tmp_path: Path) -> None:
    root = repo(tmp_path)
    write(tmp_path / "home/.qwen/settings.json", '{"context": {"importFormat": "flat"}}')
    found = qwen(tmp_path, root)
    assert any(s.key == "context.importFormat" for s in found.settings)
    assert any("flat" in p.message for p in found.problems)


def test_the_local_file_needs_a_git_root(tmp_path: Path) -> None:
    """``QWEN.local.md`` is read from ``<git root>/.qwen/`` only when there is a root."""
    root = repo(tmp_path)
    write(root / ".qwen/QWEN.local.md", "local")
    write(root / "QWEN.md", "root")
    (root / "a").mkdir()
    assert sent(qwen(tmp_path, root / "a"), tmp_path) == [
        "proj/QWEN.md",
        "proj/.qwen/QWEN.local.md",
    ]
    plain = tmp_path / "plain"
    write(plain / ".qwen/QWEN.local.md", "not read")
    assert sent(qwen(tmp_path, plain), tmp_path) == []


def test_a_rule_with_paths_is_conditional_and_loads_for_a_matching_file(tmp_path: Path) -> None:
    """``parseRuleFile``: ``paths:`` makes a rule conditional; the registry matches
    paths relative to the project root."""
    root = repo(tmp_path)
    write(root / ".qwen/rules/always.md", "always")
    write(root / ".qwen/rules/py.md", '---\npaths: "**/*.py"\n---\npython')
    write(tmp_path / "home/.qwen/rules/mine.md", "mine")
    found = qwen(tmp_path, root)
    assert sent(found, tmp_path) == ["home/.qwen/rules/mine.md", "proj/.qwen/rules/always.md"]
    statuses = {os.path.relpath(e.path, tmp_path): e.status for e in found.entries}
    assert statuses["proj/.qwen/rules/py.md"] is EntryStatus.CONDITIONAL
    write(root / "src/x.py", "")
    hit = qwen(tmp_path, root, target=root / "src/x.py")
    loaded = {os.path.relpath(e.path, tmp_path): e for e in hit.entries}
    assert loaded["proj/.qwen/rules/py.md"].status is EntryStatus.LOADED
    assert "src/x.py" in loaded["proj/.qwen/rules/py.md"].reason


def test_an_import_back_to_the_top_level_file_is_a_cycle(tmp_path: Path) -> None:
    """``processImports`` starts with ``processedFiles = {the file itself}``."""
    root = repo(tmp_path)
    write(root / "QWEN.md", "top @./a.md\n")
    write(root / "a.md", "a @./QWEN.md\n")
    found = qwen(tmp_path, root)
    cycle = [e for e in found.entries if e.status is EntryStatus.IMPORT_ERROR]
    assert [os.path.relpath(e.path, tmp_path) for e in cycle] == ["proj/QWEN.md"]
    assert "File already processed" in cycle[0].reason


def test_a_missing_import_is_sent_as_written_and_a_package_name_is_no_import(
    tmp_path: Path,
) -> None:
    """A missing file leaves the token as written, with no comment (oracle: "qwen: imports
    inlined, ..., a missing import left as written"), so ``# @scope/pkg`` (a heading
    naming a package, no file) is nothing at all and a missing explicit path says so."""
    root = repo(tmp_path)
    write(root / "QWEN.md", "# @acme/core\n\nSee @docs/guide.md for more.\n")
    found = qwen(tmp_path, root)
    errors = [e for e in found.entries if e.status is EntryStatus.IMPORT_ERROR]
    assert [os.path.relpath(e.path, root) for e in errors] == ["docs/guide.md"]
    assert errors[0].reason.endswith("Qwen Code sends the @docs/guide.md as written")
    assert "Import failed" not in errors[0].reason


def test_a_qwen_folder_or_qwen_md_sets_a_repository_up_for_qwen(tmp_path: Path) -> None:
    """``setup_markers``: the default ``check`` and ``context`` answer for Qwen Code."""
    folder = repo(tmp_path)
    (folder / ".qwen").mkdir()
    assert "qwen" in active_profiles(str(folder), None)
    other = repo(tmp_path / "b")
    write(other / "QWEN.md", "rules")
    assert [s.profile for s in detect_setups(str(other))] == ["qwen"]
