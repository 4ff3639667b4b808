"""Cursor's rules and AGENTS.md, as scenarios from its documentation.

Cursor is closed source. Source: cursor.com/docs/context/rules (read 2026-12-01):
project rules in ``.cursor/rules`` as ``.mdc`` files whose front matter picks one of
four rule types (Always: ``alwaysApply: true``; Auto Attached: ``globs``; Agent
Requested: ``description``; Manual: none, @-mentioned), nested ``.cursor/rules``
folders that apply to the files in their folder, ``AGENTS.md`` at the root and in
subfolders, and the legacy ``.cursorrules``.
"""

from __future__ import annotations

from pathlib import Path

from promptls.context import Discovery, EntryStatus, discover
from promptls.discovery.api import is_instruction_path
from tests.core.helpers import write


def cursor(root: Path, *, target: Path | None = None) -> Discovery:
    """Discover as cursor with an empty home next to the workspace."""
    home = root.parent / "home"
    home.mkdir(exist_ok=True)
    return discover(root, "cursor", home=home, environ={"HOME": str(home)}, target=target)


def entry(d: Discovery, path: Path) -> tuple[EntryStatus, str]:
    """The one entry recorded for ``path``."""
    [found] = [e for e in d.entries if e.path == str(path)]
    return found.status, found.reason


def rule(root: Path, name: str, front: str) -> Path:
    """A rule file with the given front matter lines."""
    return write(root / ".cursor/rules" / name, f"---\n{front}\n---\nbody of {name}\n")


def test_the_four_rule_types(tmp_path: Path) -> None:
    """Always loads; Auto Attached is conditional; Agent Requested and Manual are on request."""
    root = tmp_path / "ws"
    always = rule(root, "always.mdc", "alwaysApply: true")
    auto = rule(root, "auto.mdc", "globs: src/**/*.ts\nalwaysApply: false")
    requested = rule(root, "requested.mdc", "description: Database migrations")
    manual = rule(root, "manual.mdc", "alwaysApply: false")
    d = cursor(root)
    assert entry(d, always)[0] is EntryStatus.LOADED
    status, reason = entry(d, auto)
    assert status is EntryStatus.CONDITIONAL and "src/**/*.ts" in reason
    status, reason = entry(d, requested)
    assert status is EntryStatus.ON_REQUEST and "agent-requested" in reason
    status, reason = entry(d, manual)
    assert status is EntryStatus.ON_REQUEST and "manual" in reason and "@-mentioned" in reason


def test_auto_attached_rule_loads_for_a_matching_file(tmp_path: Path) -> None:
    """A file matching the globs attaches the rule; the reason names the glob."""
    root = tmp_path / "ws"
    auto = rule(root, "ts.mdc", "globs: src/**/*.ts, lib/*.ts")
    status, reason = entry(cursor(root, target=root / "lib/a.ts"), auto)
    assert status is EntryStatus.LOADED
    assert "(matches lib/*.ts)" in reason
    assert entry(cursor(root, target=root / "test/a.ts"), auto)[0] is EntryStatus.CONDITIONAL


def test_always_apply_as_a_string_is_not_true(tmp_path: Path) -> None:
    """alwaysApply: "true" is a string, not a boolean: the rule is not always applied."""
    root = tmp_path / "ws"
    quoted = rule(root, "q.mdc", 'alwaysApply: "true"\ndescription: style')
    status, reason = entry(cursor(root), quoted)
    assert status is EntryStatus.ON_REQUEST
    assert "not a boolean" in reason


def test_globs_as_a_list(tmp_path: Path) -> None:
    """globs may be a YAML list of strings."""
    root = tmp_path / "ws"
    listed = rule(root, "l.mdc", "globs:\n  - '**/*.py'\n  - '**/*.pyi'")
    assert entry(cursor(root, target=root / "a/b.pyi"), listed)[0] is EntryStatus.LOADED


def test_only_mdc_files_below_cursor_rules(tmp_path: Path) -> None:
    """Rules are .mdc files, in subfolders too; other files are not rules."""
    root = tmp_path / "ws"
    deep = rule(root, "team/deep.mdc", "alwaysApply: true")
    write(root / ".cursor/rules/readme.txt", "not a rule\n")
    d = cursor(root)
    assert entry(d, deep)[0] is EntryStatus.LOADED
    assert not [e for e in d.entries if e.path.endswith("readme.txt")]


def test_a_folder_with_rule_md_is_a_rule_and_a_plain_md_file_is_not(tmp_path: Path) -> None:
    """Rules page (as quoted by public guides, read 2026-12-06): ``<name>/RULE.md`` is a
    rule, read with the same front matter; a plain ``.md`` file there is ignored."""
    root = tmp_path / "ws"
    folder = rule(root, "python/RULE.md", "alwaysApply: true")
    scoped = rule(root, "web/ts/RULE.md", "globs: src/**/*.ts")
    plain = rule(root, "plain.md", "alwaysApply: true")
    top = rule(root, "RULE.md", "alwaysApply: true")
    d = cursor(root)
    assert [f.path for f in d.files] == [str(folder)]
    assert entry(d, scoped)[0] is EntryStatus.CONDITIONAL
    assert not [e for e in d.entries if e.path in (str(plain), str(top))]
    assert is_instruction_path(folder, ["cursor"])
    assert not is_instruction_path(plain, ["cursor"])
    assert not is_instruction_path(top, ["cursor"])


def test_agents_md_and_legacy_cursorrules(tmp_path: Path) -> None:
    """AGENTS.md at the root loads; .cursorrules still loads, marked legacy."""
    root = tmp_path / "ws"
    write(root / "AGENTS.md", "agents\n")
    legacy = write(root / ".cursorrules", "old rules\n")
    d = cursor(root)
    assert [Path(f.path).name for f in d.files] == ["AGENTS.md", ".cursorrules"]
    assert "legacy" in entry(d, legacy)[1]


def test_only_the_workspace_root_not_its_parents(tmp_path: Path) -> None:
    """Cursor reads the workspace's files, not AGENTS.md in folders above it."""
    write(tmp_path / "AGENTS.md", "parent\n")
    root = tmp_path / "ws"
    write(root / "AGENTS.md", "ws\n")
    assert [f.path for f in cursor(root).files] == [str(root / "AGENTS.md")]


def test_nested_rules_apply_to_files_in_their_folder(tmp_path: Path) -> None:
    """A nested .cursor/rules folder applies to the files below its folder, with globs
    relative to that folder; nested AGENTS.md on the way is lazy."""
    root = tmp_path / "ws"
    pkg = root / "packages/web"
    always = rule(pkg, "web.mdc", "alwaysApply: true")
    auto = rule(pkg, "tsx.mdc", "globs: src/*.tsx")
    nested_agents = write(pkg / "AGENTS.md", "web agents\n")
    d = cursor(root)
    assert not [e for e in d.entries if e.path in (str(always), str(auto))]
    d = cursor(root, target=pkg / "src/App.tsx")
    status, reason = entry(d, always)
    assert status is EntryStatus.LOADED and "packages/web/" in reason
    status, reason = entry(d, auto)
    assert status is EntryStatus.LOADED and "(matches src/*.tsx)" in reason
    assert entry(d, nested_agents)[0] is EntryStatus.LAZY
    d = cursor(root, target=root / "src/App.tsx")
    assert not [e for e in d.entries if e.path == str(always)]
