"""The discovery entry points (``discovery/api.py``): which folder owns a file, on POSIX
and Windows paths, and which files count as instruction files for the agents a caller names.
"""

from __future__ import annotations

import ntpath
import os
from collections.abc import Iterator
from pathlib import Path, PureWindowsPath
from types import SimpleNamespace

import pytest

from promptls.analysis.drift_gate import could_drift
from promptls.context import discover, is_instruction_path, load_context_files
from promptls.discovery import api
from promptls.discovery.api import (
    instruction_file_names,
    owning_folder,
    resolve_home,
    workspace_globs,
)
from tests.core.helpers import write

# Edges of the discovery entry points that the mutation run of ``discovery/api.py`` found
# unpinned: which folder owns a rule file, Windows-style paths, the machine-wide Claude
# files watched by default, the profile ``load_context_files`` uses, the home that cannot be
# found, and the order of the globs the editors are asked to watch.


@pytest.mark.parametrize(
    ("path", "owner"),
    [
        ("/p/X/.claude/rules/a/b.md", "/p/X"),
        ("/p/X/.claude/rules/b.md", "/p/X"),
        ("/p/X/.cursor/rules/deep/er/a.mdc", "/p/X"),
        ("/p/X/.github/instructions/py.instructions.md", "/p/X"),
        (".claude/rules/x.md", "."),
        (".cursor/rules/a/x.mdc", "."),
        # The innermost rules folder owns a rule below two of them.
        ("/p/X/.claude/rules/a/.claude/rules/y.md", "/p/X/.claude/rules/a"),
        # Not a rule file: the wrong ending for that folder, or no rules folder.
        ("/p/X/.claude/rules/notes.txt", "/p/X/.claude/rules"),
        ("/p/X/.cursor/rules/a.md", "/p/X/.cursor/rules"),
        ("/p/X/rules/a/b.md", "/p/X/rules/a"),
        ("/p/X/.claude/a/b.md", "/p/X/.claude/a"),
    ],
)
def test_the_folder_that_owns_a_rule_file(path: str, owner: str) -> None:
    assert owning_folder(path) == owner


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("C:\\repo\\AGENTS.md", True),
        ("C:\\repo\\.claude\\rules\\style.md", True),
        ("C:\\repo\\.cursor\\rules\\a\\b.mdc", True),
        ("C:\\repo\\README.md", False),
        ("/x/.claude/rules/deep/style.md", True),
        ("/x/.claude/notes/style.md", False),
        ("/x/rules/style.md", False),
        ("/x/.claude/style.md", False),
        (".claude/rules/a.md", True),
    ],
)
def test_instruction_paths_with_either_separator(path: str, expected: bool) -> None:
    assert is_instruction_path(path) is expected


def test_claude_watches_the_machine_wide_files_under_etc_by_default(tree: Path) -> None:
    result = discover(tree / "ws", "claude", home=tree / "home", environ={})
    assert "/etc/claude-code/CLAUDE.md" in result.watched
    assert "/etc/claude-code/managed-settings.json" in result.watched


def test_load_context_files_follows_the_profile_asked_for(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CODEX_HOME", raising=False)
    home, ws = tree / "home", tree / "ws"
    write(ws / "AGENTS.md", "agents")
    write(ws / "AGENTS.override.md", "override")
    files = load_context_files(ws, "codex", home=home)
    assert [Path(f.path).name for f in files] == ["AGENTS.override.md"]


def test_a_home_the_system_cannot_name_is_said_so(monkeypatch: pytest.MonkeyPatch) -> None:
    # No $HOME and no password entry: expanduser leaves "~" as it is.
    monkeypatch.setattr(os.path, "expanduser", lambda path: path)
    assert resolve_home(None, None) == (
        None,
        "the home directory cannot be determined (HOME is not set)",
    )


def test_watched_globs_keep_each_profiles_files_before_the_next_profiles() -> None:
    # The order docs/settings.md and the editor manifests publish.
    globs = workspace_globs(settings=False)
    assert globs.index("**/.claude/rules/**/*.md") < globs.index("**/AGENTS.override.md")
    assert globs.index("**/.cursorrules") < globs.index("**/.cursor/rules/**/*.mdc")


# ``owning_folder`` after its shortcut for paths holding no marker: the folder is the
# same on the POSIX shortcut and on the general one (taken where ``os.sep`` is not ``/``),
# and the agent subfolders whose files belong to the folder above (``.github``,
# ``.claude``…) still count as such for the drift gate.
#
# Written from the mutation run of session 5's speed branch (docs/mutation.md): the
# general branch's answer (``x__owning_folder__mutmut_15``, ``16``) was never computed on
# this machine, and with the markers' second parts taken as heads
# (``x__marker_heads__mutmut_3``) a folder holding only ``.github`` skipped the drift check.


@pytest.fixture
def fresh() -> Iterator[None]:
    api._owning_folder.cache_clear()
    yield
    api._owning_folder.cache_clear()


@pytest.mark.usefixtures("fresh")
@pytest.mark.parametrize("sep", ["/", "\\"], ids=["posix", "general"])
@pytest.mark.parametrize(
    ("path", "folder"),
    [
        ("/repo/src/AGENTS.md", "/repo/src"),
        ("/repo/.claude/rules/a/b.md", "/repo"),
        ("/repo/.github/copilot-instructions.md", "/repo"),
        ("/AGENTS.md", "/"),
    ],
)
def test_the_owning_folder_on_both_branches(
    monkeypatch: pytest.MonkeyPatch, sep: str, path: str, folder: str
) -> None:
    monkeypatch.setattr(os, "sep", sep)
    assert api.owning_folder(path) == folder


def test_a_folder_holding_only_github_with_two_files_could_drift(tmp_path: Path) -> None:
    write(tmp_path / ".github" / "copilot-instructions.md", "copilot\n")
    write(tmp_path / ".github" / "instructions" / "a.instructions.md", "a\n")
    assert could_drift(str(tmp_path), str(tmp_path / "home"))


# Which files count as instruction files when a caller names agents, one of them
# unknown: the unknown name is passed over and the agents after it still count.
#
# Written from the session 6 mutation run of the memoised functions (docs/mutation.md,
# "Cache-decorated functions"): with ``continue`` turned into ``break`` in ``_names``
# and ``_rules_folders`` (``x__names__mutmut_8``, ``x__rules_folders__mutmut_8``) an
# unknown name ended the list, and Claude's files stopped counting.


def test_an_unknown_agent_name_does_not_hide_the_agents_after_it() -> None:
    names = instruction_file_names(["no-such-agent", "claude"])
    assert {"CLAUDE.md", "CLAUDE.local.md"} <= names
    assert "GEMINI.md" not in names


@pytest.mark.parametrize(
    "path",
    ["p/CLAUDE.md", "p/.claude/rules/style/a.md", "/home/u/.claude/rules/a.md"],
)
def test_claude_files_stay_instruction_files_after_an_unknown_name(path: str) -> None:
    assert is_instruction_path(path, ["no-such-agent", "claude"])
    assert not is_instruction_path(path, ["no-such-agent"])


# Which folder a file belongs to, for a Windows user's paths.
#
# The suite runs on POSIX, where a backslash is an ordinary name character; on Windows it
# is the separator, and a rules file, a skill bundle or ``.github\copilot-instructions.md``
# must still belong to the folder above its marker, or the editor asks discovery from the
# wrong folder and shows the wrong agents' files. These tests run ``owning_folder`` with
# Windows path semantics (``ntpath`` and ``PureWindowsPath`` in place of the host's).


def _clear() -> None:
    clear = getattr(api._owning_folder, "cache_clear", None)
    if clear is not None:
        clear()


@pytest.fixture
def windows(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``api`` sees a Windows host: ``os.path`` is ``ntpath``, ``os.sep`` is a backslash."""
    _clear()
    host = SimpleNamespace(
        path=ntpath, sep="\\", fspath=os.fspath, getcwd=lambda: "C:\\Users\\dev\\work"
    )
    monkeypatch.setattr(api, "os", host)
    monkeypatch.setattr(api, "_pure_path", PureWindowsPath)
    yield
    _clear()


@pytest.mark.usefixtures("windows")
@pytest.mark.parametrize(
    ("path", "owner"),
    [
        ("C:\\repo\\AGENTS.md", "C:\\repo"),
        ("C:\\repo\\.claude\\rules\\style.md", "C:\\repo"),
        ("C:\\repo\\.claude\\rules\\deep\\er\\style.md", "C:\\repo"),
        ("C:\\repo\\.github\\copilot-instructions.md", "C:\\repo"),
        ("C:\\repo\\.claude\\CLAUDE.md", "C:\\repo"),
        ("C:\\repo\\.claude\\skills\\deploy\\AGENTS.md", "C:\\repo"),
        ("C:\\repo\\docs\\notes.md", "C:\\repo\\docs"),
    ],
)
def test_a_windows_file_belongs_to_the_folder_above_its_marker(path: str, owner: str) -> None:
    assert api.owning_folder(path) == owner


@pytest.mark.usefixtures("windows")
def test_a_windows_path_with_forward_slashes_is_read_the_same() -> None:
    assert api.owning_folder("C:/repo/.claude/rules/style.md") == "C:\\repo"


@pytest.mark.usefixtures("windows")
def test_a_relative_windows_rules_path_belongs_to_its_relative_folder() -> None:
    assert api.owning_folder("repo\\.claude\\rules\\style.md") == "repo"
    assert api.owning_folder(".claude\\rules\\style.md") == "."
