"""Windsurf's rules, AGENTS.md and global rules, as scenarios from its documentation.

Windsurf is closed source and ships no headless agent the oracle could run. Sources:
docs.windsurf.com/windsurf/cascade/memories (global_rules.md; ``.windsurf/rules`` in the
workspace, its subfolders and its parents up to the git root; the four ``trigger``
modes; 12,000 characters per workspace rule file) and
docs.windsurf.com/windsurf/cascade/agents-md (a root AGENTS.md is always on, one in a
subfolder applies to the files below it; ``agents.md`` too), read 2026-12-06.
"""

from __future__ import annotations

from pathlib import Path

from promptls.context import Discovery, EntryStatus
from tests.core.helpers import discover_as, entry_of, write


def windsurf(root: Path, *, target: Path | None = None, home: Path | None = None) -> Discovery:
    """Discover as windsurf, with an empty home next to the workspace by default."""
    return discover_as("windsurf", root, target=target, home=home)


def rule(folder: Path, name: str, front: str) -> Path:
    """A rule file in ``folder``'s ``.windsurf/rules`` with the given front matter lines."""
    return write(folder / ".windsurf/rules" / name, f"---\n{front}\n---\nbody of {name}\n")


def test_the_four_trigger_modes(tmp_path: Path) -> None:
    """always_on loads; glob is conditional; model_decision and manual are on request."""
    root = tmp_path / "ws"
    always = rule(root, "always.md", "trigger: always_on")
    scoped = rule(root, "py.md", "trigger: glob\nglobs: src/**/*.py")
    decided = rule(root, "db.md", "trigger: model_decision\ndescription: Database work")
    manual = rule(root, "release.md", "trigger: manual")
    d = windsurf(root)
    assert entry_of(d, always) == (
        EntryStatus.LOADED,
        "loaded as a project rules file (trigger: always_on)",
    )
    status, reason = entry_of(d, scoped)
    assert status is EntryStatus.CONDITIONAL and "src/**/*.py" in reason
    status, reason = entry_of(d, decided)
    assert status is EntryStatus.ON_REQUEST and "Cascade sees its description" in reason
    status, reason = entry_of(d, manual)
    assert status is EntryStatus.ON_REQUEST and "@-mentioned" in reason
    assert d.files[0].path == str(always)


def test_a_glob_rule_loads_for_a_matching_file_only(tmp_path: Path) -> None:
    """The file Cascade reads decides: a match loads the rule, naming the glob."""
    root = tmp_path / "ws"
    scoped = rule(root, "py.md", "trigger: glob\nglobs: src/**/*.py, tools/*.py")
    status, reason = entry_of(windsurf(root, target=root / "tools/run.py"), scoped)
    assert status is EntryStatus.LOADED and "(matches tools/*.py)" in reason
    status, reason = entry_of(windsurf(root, target=root / "docs/run.md"), scoped)
    assert status is EntryStatus.CONDITIONAL and "docs/run.md matches none of" in reason


def test_a_rule_without_a_known_trigger_is_not_counted_as_sent(tmp_path: Path) -> None:
    """The docs say every rule declares a trigger; what Windsurf does otherwise is not
    documented, so neither a missing nor a misspelt one is shown as loaded."""
    root = tmp_path / "ws"
    bare = write(root / ".windsurf/rules/plain.md", "No front matter.\n")
    typo = rule(root, "typo.md", "trigger: always")
    d = windsurf(root)
    status, reason = entry_of(d, bare)
    assert status is EntryStatus.ON_REQUEST and reason.startswith("on-request: no trigger")
    status, reason = entry_of(d, typo)
    assert status is EntryStatus.ON_REQUEST and "'always' is not a documented mode" in reason
    assert d.files == ()


def test_agents_md_at_the_root_is_always_on_and_below_it_lazy(tmp_path: Path) -> None:
    """A root AGENTS.md is an always-on rule; a subfolder's applies when Cascade reads a
    file there, so it is lazy for a file below it."""
    root = tmp_path / "ws"
    top = write(root / "AGENTS.md", "# Everywhere\n")
    nested = write(root / "web/AGENTS.md", "# Web only\n")
    d = windsurf(root, target=root / "web/app.ts")
    assert [f.path for f in d.files] == [str(top)]
    status, reason = entry_of(d, nested)
    assert status is EntryStatus.LAZY and "web/" in reason


def test_lower_case_agents_md_is_read_too(tmp_path: Path) -> None:
    """The AGENTS.md page: both AGENTS.md and agents.md are recognised."""
    root = tmp_path / "ws"
    lower = write(root / "agents.md", "# lower case\n")
    assert [f.path for f in windsurf(root).files] == [str(lower)]


def test_rules_of_parent_folders_up_to_the_git_root(tmp_path: Path) -> None:
    """In a git repository, .windsurf/rules folders from the git root down to the
    workspace are read; one above the git root is not."""
    outside = rule(tmp_path, "outside.md", "trigger: always_on")
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    top = rule(repo, "repo.md", "trigger: always_on")
    root = repo / "packages/app"
    own = rule(root, "app.md", "trigger: always_on")
    d = windsurf(root)
    loaded = [f.path for f in d.files]
    assert loaded == [str(top), str(own)]
    assert str(outside) not in loaded


def test_a_subfolders_rules_apply_to_the_files_below_it(tmp_path: Path) -> None:
    """A .windsurf/rules folder in a subfolder is read for a file below that folder, its
    globs matched from there."""
    root = tmp_path / "ws"
    nested = rule(root / "api", "api.md", "trigger: always_on")
    scoped = rule(root / "api", "handlers.md", "trigger: glob\nglobs: handlers/*.go")
    d = windsurf(root, target=root / "api/handlers/get.go")
    assert entry_of(d, nested)[0] is EntryStatus.LOADED
    status, reason = entry_of(d, scoped)
    assert status is EntryStatus.LOADED and "(matches handlers/*.go)" in reason
    assert str(nested) not in [e.path for e in windsurf(root, target=root / "web/a.ts").entries]


def test_global_rules_and_the_legacy_windsurfrules(tmp_path: Path) -> None:
    """~/.codeium/windsurf/memories/global_rules.md comes first; the legacy .windsurfrules
    at the workspace root still loads, said to be deprecated."""
    root = tmp_path / "ws"
    home = tmp_path / "home"
    global_rules = write(home / ".codeium/windsurf/memories/global_rules.md", "Be brief.\n")
    legacy = write(root / ".windsurfrules", "Use pnpm.\n")
    d = windsurf(root, home=home)
    assert [f.path for f in d.files] == [str(global_rules), str(legacy)]
    status, reason = entry_of(d, legacy)
    assert status is EntryStatus.LOADED and "legacy .windsurfrules" in reason
