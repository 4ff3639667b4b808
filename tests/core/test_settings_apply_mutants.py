"""How the agents' own settings show in ``promptls context``: the reason of an AGENTS.md
Claude Code passes over, the machine-wide ``managed-settings.json`` found under the
system root, the source named in codex's budget note and in its untrusted-project reason.

Written against the mutants of ``discovery/settings_apply.py`` that survived the rest of
the suite (docs/mutation.md).
"""

from __future__ import annotations

import json
from pathlib import Path

from promptls.context import Discovery, Entry, EntryStatus, discover
from tests.core.helpers import write


def entry(d: Discovery, path: Path) -> Entry:
    [found] = [e for e in d.entries if e.path == str(path)]
    return found


def claude(tree: Path) -> Discovery:
    (tree / "ws/.git").mkdir(parents=True, exist_ok=True)
    return discover(tree / "ws", "claude", home=tree / "home", environ={}, system_root=tree / "sys")


def codex(tree: Path, config: str = "", cwd: str = "ws") -> Discovery:
    (tree / "h").mkdir(exist_ok=True)
    if config:
        write(tree / "h/config.toml", config + "\n")
    return discover(
        tree / cwd, "codex", home=tree / "home", environ={"CODEX_HOME": str(tree / "h")}
    )


def test_agents_md_beside_whitespace_claude_md_loads(tree: Path) -> None:
    """Oracle scenario "claude: whitespace-only CLAUDE.md falls back to AGENTS.md"."""
    write(tree / "ws/CLAUDE.md", "  \n\n")
    agents = write(tree / "ws/AGENTS.md", "agents")
    assert entry(claude(tree), agents).status is EntryStatus.LOADED


def test_agents_md_beside_claude_md_is_skipped_with_the_default_mode_named(tree: Path) -> None:
    write(tree / "ws/CLAUDE.md", "claude")
    agents = write(tree / "ws/AGENTS.md", "agents")
    assert entry(claude(tree), agents).reason == (
        "skipped: a CLAUDE file with text exists in a folder of the walk, and Claude Code "
        "reads AGENTS.md only where none does (instructionFiles = claude-md-or-agents-md, "
        "the default since 2.1.277)"
    )


def test_managed_settings_are_read_under_the_system_root(tree: Path) -> None:
    managed = write(
        tree / "sys/etc/claude-code/managed-settings.json",
        json.dumps({"claudeMdExcludes": ["**/ws/CLAUDE.md"]}),
    )
    own = write(tree / "ws/CLAUDE.md", "own")
    d = claude(tree)
    [shown] = [s for s in d.settings if s.key == "claudeMdExcludes"]
    assert shown.source == str(managed)
    assert entry(d, own).status is EntryStatus.SKIPPED


def test_a_cut_by_the_default_budget_names_no_source(tree: Path) -> None:
    doc = write(tree / "ws/AGENTS.md", "x" * 40_000)
    assert entry(codex(tree), doc).reason == (
        "cut at byte 32768: codex's 32 KiB budget for all project instruction files "
        "runs out in this file"
    )


def test_an_untrusted_project_names_the_file_that_says_so(tree: Path) -> None:
    doc = write(tree / "ws/AGENTS.md", "project doc")
    config = f'[projects."{tree / "ws"}"]\ntrust_level = "untrusted"'
    assert entry(codex(tree, config), doc).reason == (
        f"dropped: {tree / 'h/config.toml'} marks this project untrusted, and codex loads "
        "no project files for an untrusted project"
    )


def test_trust_is_looked_up_for_the_project_root_and_for_the_folder(tree: Path) -> None:
    write(tree / "ws/.git", "")
    doc = write(tree / "ws/sub/AGENTS.md", "project doc")
    for trusted in ("ws", "ws/sub"):
        config = f'[projects."{tree / trusted}"]\ntrust_level = "untrusted"'
        assert entry(codex(tree, config, "ws/sub"), doc).status is EntryStatus.DROPPED, trusted


def test_gemini_in_the_home_folder_reads_its_user_settings_once(tree: Path) -> None:
    write(tree / "home/.gemini/settings.json", "{broken")
    d = discover(tree / "home", "gemini", home=tree / "home", environ={})
    assert [p.path for p in d.problems] == [str(tree / "home/.gemini/settings.json")]
