"""Crush's context files and their framing, restated from its source.

Crush cannot be run by the oracle (its npm package downloads the program from GitHub at
install), so these are its loader read from charmbracelet/crush @ 37f36e93 (after
v0.90.0), read 2026-12-06: ``internal/config/config.go`` ``defaultContextPaths``,
``internal/config/load.go`` ``setDefaults`` and ``lookupConfigs``,
``internal/agent/prompt/prompt.go`` ``loadContextFiles`` / ``processContextPath`` and
``internal/agent/templates/coder.md.tpl``. Crush ships no test of these paths beyond
``load_test.go`` "default context paths are all present" (restated in the first test).
"""

from __future__ import annotations

from pathlib import Path

from promptls.agents.crush import DEFAULT_PATHS
from promptls.assembly.agents import render_agent
from promptls.context import Discovery, EntryStatus, discover
from tests.core.helpers import write


def crush(tree: Path, cwd: Path, **env: str) -> Discovery:
    """Discover as Crush with ``tree/home`` as home."""
    environ = {"HOME": str(tree / "home"), **env}
    return discover(cwd, "crush", home=tree / "home", environ=environ)


def sent(found: Discovery, tree: Path) -> list[str]:
    return [str(Path(f.path).relative_to(tree)) for f in found.files]


def repo(tree: Path) -> Path:
    root = tree / "ws"
    (root / ".git").mkdir(parents=True)
    return root


def test_every_default_context_name_is_read_in_the_working_folder(tmp_path: Path) -> None:
    """load_test.go "default context paths are all present": each built-in name that
    survives the case-folded lookup loads from the working folder."""
    root = repo(tmp_path)
    for name in ("CRUSH.md", "CRUSH.local.md", "AGENTS.md", "CLAUDE.md", "CLAUDE.local.md"):
        write(root / name, f"{name}\n")
    write(root / "GEMINI.md", "gemini\n")
    write(root / ".cursorrules", "cursor\n")
    write(root / ".github/copilot-instructions.md", "copilot\n")
    assert sent(crush(tmp_path, root), tmp_path) == [
        "ws/.cursorrules",
        "ws/.github/copilot-instructions.md",
        "ws/AGENTS.md",
        "ws/CLAUDE.local.md",
        "ws/CLAUDE.md",
        "ws/CRUSH.local.md",
        "ws/CRUSH.md",
        "ws/GEMINI.md",
    ]
    assert "CRUSH.md" in DEFAULT_PATHS and ".cursor/rules/" in DEFAULT_PATHS


def test_only_the_working_folder_is_read_not_its_parents_or_children(tmp_path: Path) -> None:
    root = repo(tmp_path)
    write(root / "AGENTS.md", "root\n")
    write(root / "pkg/AGENTS.md", "pkg\n")
    write(root / "pkg/sub/AGENTS.md", "below\n")
    assert sent(crush(tmp_path, root / "pkg"), tmp_path) == ["ws/pkg/AGENTS.md"]


def test_a_lower_case_spelling_is_never_read_even_alone(tmp_path: Path) -> None:
    """prompt.go keys each path by its lower-cased text and the sorted list puts
    CRUSH.md first: crush.md is looked up under a key CRUSH.md already took."""
    root = repo(tmp_path)
    write(root / "crush.md", "lower\n")
    write(root / "agents.md", "lower agents\n")
    found = crush(tmp_path, root)
    assert found.files == ()
    shadowed = {Path(e.path).name: e for e in found.entries if e.status is EntryStatus.SHADOWED}
    assert set(shadowed) == {"crush.md", "agents.md"}
    assert "lower-cased" in shadowed["crush.md"].reason
    assert "'CRUSH.md' took first" in shadowed["crush.md"].reason


def test_a_context_folder_sends_every_file_below_it_in_lexical_order(tmp_path: Path) -> None:
    """processContextPath walks a folder with filepath.WalkDir: every file, any name."""
    root = repo(tmp_path)
    write(root / ".cursor/rules/b.mdc", "b\n")
    write(root / ".cursor/rules/a/z.txt", "z\n")
    write(root / ".cursor/rules/c.md", "c\n")
    assert sent(crush(tmp_path, root), tmp_path) == [
        "ws/.cursor/rules/a/z.txt",
        "ws/.cursor/rules/b.mdc",
        "ws/.cursor/rules/c.md",
    ]


def test_crush_json_adds_context_paths_from_the_repository_down(tmp_path: Path) -> None:
    root = repo(tmp_path)
    write(root / "crush.json", '{"options": {"context_paths": ["docs/a.md"]}}')
    write(root / "pkg/.crush.json", '{"options": {"context_paths": ["$NOTES/n.md"]}}')
    write(root / "pkg/docs/a.md", "a\n")
    write(tmp_path / "notes/n.md", "n\n")
    found = crush(tmp_path, root / "pkg", NOTES=str(tmp_path / "notes"))
    assert sent(found, tmp_path) == ["notes/n.md", "ws/pkg/docs/a.md"]
    assert [(s.key, Path(s.source).name) for s in found.settings] == [
        ("options.context_paths", "crush.json"),
        ("options.context_paths", ".crush.json"),
    ]


def test_global_files_come_after_the_project_and_follow_xdg(tmp_path: Path) -> None:
    root = repo(tmp_path)
    write(root / "AGENTS.md", "project\n")
    write(tmp_path / "xdg/crush/CRUSH.md", "crush global\n")
    write(tmp_path / "xdg/AGENTS.md", "shared global\n")
    write(tmp_path / "home/.config/crush/CRUSH.md", "not read with XDG set\n")
    found = crush(tmp_path, root, XDG_CONFIG_HOME=str(tmp_path / "xdg"))
    assert sent(found, tmp_path) == ["ws/AGENTS.md", "xdg/AGENTS.md", "xdg/crush/CRUSH.md"]


def test_global_context_paths_replace_the_default_global_files(tmp_path: Path) -> None:
    root = repo(tmp_path)
    write(tmp_path / "home/.config/crush/CRUSH.md", "default global\n")
    write(tmp_path / "home/.config/crush/crush.json",
          '{"options": {"global_context_paths": ["~/mine.md"]}}')  # fmt: skip
    write(tmp_path / "home/mine.md", "mine\n")
    assert sent(crush(tmp_path, root), tmp_path) == ["home/mine.md"]


def test_a_broken_crush_json_is_a_settings_problem(tmp_path: Path) -> None:
    root = repo(tmp_path)
    write(root / "crush.json", "{not json")
    write(root / "AGENTS.md", "still read by promptls\n")
    found = crush(tmp_path, root)
    assert [Path(p.path).name for p in found.problems] == ["crush.json"]
    assert "Crush refuses to start" in found.problems[0].message


def test_the_wire_has_a_project_section_then_a_user_section(tmp_path: Path) -> None:
    """coder.md.tpl: a <file path="..."> element per file inside <project_context>,
    the global files inside <user_preferences> after it."""
    root = repo(tmp_path)
    write(root / "AGENTS.md", "project\n")
    write(tmp_path / "home/.config/AGENTS.md", "global\n")
    wire = render_agent(crush(tmp_path, root)).wire
    project = f'<project_context>\n\n<file path="{root / "AGENTS.md"}">\nproject\n\n</file>\n'
    user = f'<user_preferences>\n\n<file path="{tmp_path / "home/.config/AGENTS.md"}">\nglobal\n'
    assert wire.startswith("# Project-Specific Context\n")
    assert project in wire
    assert "</project_context>\n\n\n\n# User context\n" in wire
    assert user in wire
    assert wire.endswith("\n</file>\n\n</user_preferences>\n")
