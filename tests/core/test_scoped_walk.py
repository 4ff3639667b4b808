"""Rules folders beyond the root's own (``discovery/scoped_walk.py``), pinned by the
entries a user reads.
"""

from __future__ import annotations

from pathlib import Path

from promptls.context import ContextScope, Discovery, EntryStatus, discover
from tests.core.helpers import write

ENV = "COPILOT_CUSTOM_INSTRUCTIONS_DIRS"


def copilot(tree: Path, cwd: Path, **env: str) -> Discovery:
    """Discover as copilot with ``tree/home`` (an empty folder) as home."""
    (tree / "home").mkdir(exist_ok=True)
    environ = {"HOME": str(tree / "home"), **env}
    return discover(cwd, "copilot", home=tree / "home", environ=environ)


def shown(d: Discovery, tree: Path) -> list[tuple[str, ContextScope, EntryStatus, str]]:
    """Every entry below ``tree``: path relative to it, scope, status, reason."""
    return [
        (str(Path(e.path).relative_to(tree)), e.scope, e.status, e.reason.replace(str(tree), "T"))
        for e in d.entries
        if e.path.startswith(str(tree))
    ]


def rule(path: Path) -> Path:
    """An instructions file that applies to every file."""
    return write(path, f"---\napplyTo: '**'\n---\nbody of {path.name}\n")


P, U = ContextScope.PROJECT, ContextScope.USER


LOADED = EntryStatus.LOADED


def test_repository_user_and_working_folder_rules(tmp_path: Path) -> None:
    """Only ``~/.copilot/instructions`` holds user rules, not ``~/.copilot`` itself."""
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    rule(root / ".github/instructions/a.instructions.md")
    rule(tmp_path / "home/.copilot/instructions/u.instructions.md")
    rule(tmp_path / "home/.copilot/top.instructions.md")
    rule(root / "pkg/.github/instructions/p.instructions.md")
    every = " (applyTo **: every file)"
    assert shown(copilot(tmp_path, root / "pkg"), tmp_path) == [
        ("repo/.github/instructions/a.instructions.md", P, LOADED,
         f"loaded as a repository rules file{every}"),
        ("home/.copilot/instructions/u.instructions.md", U, LOADED,
         f"loaded as a user rules file{every}"),
        ("repo/pkg/.github/instructions/p.instructions.md", P, LOADED,
         f"loaded as a project rules file{every}"),
    ]  # fmt: skip


def test_extra_folders_skip_blank_missing_and_the_root_itself(tmp_path: Path) -> None:
    """A blank item, the working folder and a missing folder do not end the list."""
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    write(tmp_path / "a/AGENTS.md", "a\n")
    write(tmp_path / "b/AGENTS.md", "b\n")
    value = f" ,{root},{tmp_path / 'a'},{tmp_path / 'missing'},{tmp_path / 'b'}"
    assert shown(copilot(tmp_path, root, **{ENV: value}), tmp_path) == [
        ("a/AGENTS.md", P, LOADED, f"loaded as a file of T/a (from {ENV})"),
        ("missing", P, EntryStatus.SKIPPED, f"skipped: T/missing (from {ENV}) is not a folder"),
        ("b/AGENTS.md", P, LOADED, f"loaded as a file of T/b (from {ENV})"),
    ]


def test_no_extra_folders_without_the_variable(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    d = copilot(tmp_path, root)
    assert [e for e in d.entries if ENV in e.reason] == []
    assert shown(d, tmp_path) == []


def test_rules_of_an_extra_folder_resolve_their_globs_there(tmp_path: Path) -> None:
    """An extra folder's ``.github/instructions`` (and nothing else below it) loads as "a
    rules file from" the variable, in the project scope."""
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    shared = tmp_path / "shared"
    rule(shared / ".github/instructions/all.instructions.md")
    write(shared / ".github/instructions/py.instructions.md", "---\napplyTo: '*.py'\n---\npy\n")
    rule(shared / "docs/stray.instructions.md")  # outside .github/instructions: not a rule
    d = copilot(tmp_path, root, **{ENV: str(shared)})
    assert shown(d, tmp_path) == [
        ("shared/.github/instructions/all.instructions.md", P, LOADED,
         f"loaded as a rules file from {ENV} (applyTo **: every file)"),
        ("shared/.github/instructions/py.instructions.md", P, EntryStatus.CONDITIONAL,
         "conditional: loaded when copilot reads a file matching *.py"),
    ]  # fmt: skip


def test_nested_cursor_rules_entry_and_watch(tmp_path: Path) -> None:
    """A nested ``.cursor/rules`` folder on the way to the target: its rule is a project
    rule "for the files in" its folder (shown relative to the workspace); the nested rules
    folders on the way are watched even when absent, so creating one is noticed."""
    root = tmp_path / "ws"
    home = tmp_path / "home"
    home.mkdir()
    nested = write(root / "pkg/web/.cursor/rules/a.mdc", "---\nalwaysApply: true\n---\nweb\n")
    target = write(root / "pkg/web/src/x.ts", "x\n")
    d = discover(root, "cursor", home=home, environ={"HOME": str(home)}, target=target)
    [found] = [e for e in d.entries if e.path == str(nested)]
    assert (found.scope, found.status, found.reason) == (
        P,
        LOADED,
        "loaded as a nested rule for the files in pkg/web/ (alwaysApply: true)",
    )
    assert str(root / "pkg/.cursor/rules") in d.watched
