"""The walker's decisions as a user reads them in ``promptls context --json``
(``discovery/walk.py``): the scope, size and exact reason of every entry, and every kind
of bad candidate in every profile's project slot.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from promptls.context import ContextScope, Discovery, Entry, EntryStatus, discover
from tests.core.helpers import write
from tests.core.test_profile_cursor import cursor

# The walker's decisions as a user reads them in ``promptls context --json``: the scope,
# size and exact reason of every entry that is not loaded, the last byte of a budget, the
# notes about bad UTF-8 around a budget cut, and when a file above the working folder is
# said to have imports Claude Code does not expand.
#
# Written against the mutants that survived the rest of the suite (docs/mutation.md).


def entry(d: Discovery, path: Path, status: EntryStatus | None = None) -> Entry:
    """The one entry for ``path`` (with ``status``, when a path has several)."""
    [found] = [e for e in d.entries if e.path == str(path) and status in (None, e.status)]
    return found


def claude(tree: Path, cwd: Path, mode: str = "") -> Discovery:
    """Discover as claude; ``mode`` sets Claude Code's instructionFiles in user settings."""
    if mode:
        options = {"instructionFiles": mode}
        settings = {"pluginConfigs": {"agents-md@builtin": {"options": options}}}
        write(tree / "home/.claude/settings.json", json.dumps(settings))
    return discover(cwd, "claude", home=tree / "home", environ={}, system_root=tree / "sys")


def codex(tree: Path, cwd: Path, config: str = "") -> Discovery:
    """Discover as codex with ``$CODEX_HOME = tree/h`` and an optional ``config.toml``."""
    (tree / "h").mkdir(exist_ok=True)
    if config:
        write(tree / "h/config.toml", config + "\n")
    return discover(cwd, "codex", home=tree / "home", environ={"CODEX_HOME": str(tree / "h")})


def texts(d: Discovery) -> list[str]:
    """What is sent, in order."""
    return [f.content for f in d.files]


# -- every skipped, dropped and shadowed entry keeps its scope and size --------------------
def test_a_folder_valued_candidate_keeps_its_scope(tree: Path) -> None:
    (tree / "ws/AGENTS.md").mkdir()
    e = entry(discover(tree / "ws", "or", home=tree / "home", environ={}), tree / "ws/AGENTS.md")
    assert (e.status, e.scope, e.size) == (EntryStatus.SKIPPED, ContextScope.PROJECT, None)


def test_a_file_that_cannot_be_opened_shows_its_size(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    secret = write(tree / "ws/AGENTS.md", "secret rules")
    real_open = os.open

    def refuse(path: str, flags: int, *args: int) -> int:
        if os.fspath(path) == str(secret):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", refuse)
    e = entry(discover(tree / "ws", "or", home=tree / "home", environ={}), secret)
    assert (e.status, e.scope, e.size) == (EntryStatus.SKIPPED, ContextScope.PROJECT, 12)
    assert e.reason == "skipped: permission denied"


def test_agents_md_imported_by_claude_md_is_not_loaded_twice(tree: Path) -> None:
    ws = tree / "ws"
    root = write(ws / "CLAUDE.md", "see @AGENTS.md")
    agents = write(ws / "AGENTS.md", "shared")
    d = claude(tree, ws, "claude-md-and-agents-md")
    assert [f.path for f in d.files] == [str(root), str(agents)]
    again = entry(d, agents, EntryStatus.SKIPPED)
    assert (again.scope, again.size) == (ContextScope.PROJECT, 6)
    assert again.reason == "skipped: already loaded earlier"


def test_agents_md_loaded_by_claude_says_so(tree: Path) -> None:
    agents = write(tree / "ws/AGENTS.md", "agents")
    e = entry(claude(tree, tree / "ws", "claude-md-and-agents-md"), agents)
    assert (e.status, e.scope, e.reason) == (
        EntryStatus.LOADED,
        ContextScope.PROJECT,
        "loaded as the project's AGENTS.md",
    )


def test_agents_md_not_read_by_claude_keeps_its_scope(tree: Path) -> None:
    write(tree / "ws/CLAUDE.md", "claude")
    agents = write(tree / "ws/AGENTS.md", "agents")
    e = entry(claude(tree, tree / "ws"), agents)
    assert (e.status, e.scope) == (EntryStatus.SKIPPED, ContextScope.PROJECT)


def test_the_same_file_through_a_link_keeps_scope_and_size(tree: Path) -> None:
    ws = tree / "ws"
    agents = write(ws / "AGENTS.md", "shared")
    os.symlink(agents, ws / "CLAUDE.md")
    e = entry(claude(tree, ws, "claude-md-and-agents-md"), agents)
    assert (e.status, e.scope, e.size) == (EntryStatus.SKIPPED, ContextScope.PROJECT, 6)


def test_an_excluded_file_keeps_scope_and_size(tree: Path) -> None:
    ws = tree / "w/repo"
    (ws / ".git").mkdir(parents=True)
    above = write(tree / "w/CLAUDE.md", "above")
    write(ws / ".claude/settings.json", json.dumps({"claudeMdExcludes": ["**/w/CLAUDE.md"]}))
    e = entry(claude(tree, ws), above)
    assert (e.status, e.scope, e.size) == (EntryStatus.SKIPPED, ContextScope.PROJECT, 5)


def test_an_empty_file_keeps_scope_and_size(tree: Path) -> None:
    blank = write(tree / "ws/CLAUDE.local.md", "  \n")
    e = entry(claude(tree, tree / "ws"), blank)
    assert (e.status, e.scope, e.size) == (EntryStatus.SKIPPED, ContextScope.LOCAL, 3)
    assert e.reason == "skipped: empty, nothing to load"


def test_an_untrusted_project_file_keeps_scope_and_size(tree: Path) -> None:
    doc = write(tree / "ws/AGENTS.md", "project doc")
    d = codex(tree, tree / "ws", f'[projects."{tree / "ws"}"]\ntrust_level = "untrusted"')
    e = entry(d, doc)
    assert (e.status, e.scope, e.size) == (EntryStatus.DROPPED, ContextScope.PROJECT, 11)


# -- codex's budget ---------------------------------------------------------------------
def test_the_default_budget_used_up_names_its_size_and_no_source(tree: Path) -> None:
    write(tree / "ws/.git", "")
    write(tree / "ws/AGENTS.md", "x" * 40_000)
    late = write(tree / "ws/n/AGENTS.md", "late")
    e = entry(codex(tree, tree / "ws/n"), late)
    assert (e.status, e.scope, e.size) == (EntryStatus.DROPPED, ContextScope.PROJECT, 4)
    assert e.reason == "dropped: codex's 32 KiB budget was used up by earlier files"


def test_the_last_byte_of_the_budget_is_still_sent(tree: Path) -> None:
    write(tree / "ws/.git", "")
    write(tree / "ws/AGENTS.md", "x" * 9)
    last = write(tree / "ws/n/AGENTS.md", "yz")
    d = codex(tree, tree / "ws/n", "project_doc_max_bytes = 10")
    assert texts(d) == ["x" * 9, "y"]
    assert entry(d, last).status is EntryStatus.CUT


def test_whitespace_that_fits_is_skipped_with_scope_size_and_reason(tree: Path) -> None:
    write(tree / "ws/.git", "")
    write(tree / "ws/AGENTS.md", "root")
    blank = write(tree / "ws/a/AGENTS.md", "   \n\nlate text")
    d = codex(tree, tree / "ws/a", "project_doc_max_bytes = 7")
    e = entry(d, blank)
    assert (e.status, e.scope, e.size) == (EntryStatus.SKIPPED, ContextScope.PROJECT, 14)
    assert e.reason == (
        "skipped: only whitespace fits in the 3 bytes left of codex's budget, "
        "so nothing is sent and nothing is used"
    )


def test_a_clean_cut_after_a_bad_byte_does_not_claim_a_split_character(tree: Path) -> None:
    doc = write(tree / "ws/AGENTS.md", b"a\xffbcdefgh")
    d = codex(tree, tree / "ws", "project_doc_max_bytes = 5")
    assert texts(d) == ["a\ufffdbcd"]
    reason = entry(d, doc).reason
    assert "not valid UTF-8 at byte 1" in reason
    assert "splits a UTF-8 character" not in reason


def test_a_file_ending_inside_a_character_is_reported(tree: Path) -> None:
    """A save cut short inside its last character: shown as U+FFFD, never silently dropped."""
    doc = write(tree / "ws/AGENTS.md", b"price: 5" + "€".encode()[:2])
    d = discover(tree / "ws", "or", home=tree / "home", environ={})
    assert texts(d) == ["price: 5\ufffd"]
    assert entry(d, doc).bad_byte == 8


# -- which candidate holds a folder's slot ------------------------------------------------
def test_shadowed_entries_name_the_rule_and_keep_their_scope(tree: Path) -> None:
    write(tree / "h/AGENTS.override.md", "user override")
    user = write(tree / "h/AGENTS.md", "user")
    write(tree / "ws/AGENTS.override.md", "project override")
    project = write(tree / "ws/AGENTS.md", "project")
    d = codex(tree, tree / "ws")
    assert texts(d) == ["user override", "project override"]
    u, p = entry(d, user), entry(d, project)
    assert (u.status, u.scope, u.size) == (EntryStatus.SHADOWED, ContextScope.USER, 4)
    assert u.reason == (
        "shadowed by AGENTS.override.md in the same folder "
        "(codex loads the first non-empty file there)"
    )
    assert (p.status, p.scope, p.size) == (EntryStatus.SHADOWED, ContextScope.PROJECT, 7)
    assert p.reason == (
        "shadowed by AGENTS.override.md in the same folder "
        "(codex loads the first file there, even empty)"
    )


def test_a_shadowed_dangling_link_has_no_size(tree: Path) -> None:
    write(tree / "ws/AGENTS.override.md", "override")
    dangling = tree / "ws/AGENTS.md"
    os.symlink(tree / "nowhere.md", dangling)
    e = entry(codex(tree, tree / "ws"), dangling)
    assert (e.status, e.size) == (EntryStatus.SHADOWED, None)


# -- imports in files above the working folder (Claude) -----------------------------------
def above(tree: Path, text: str) -> str:
    """The reason for the workspace's CLAUDE.md seen from its sub-folder."""
    top = write(tree / "ws/CLAUDE.md", text)
    (tree / "ws/sub").mkdir(exist_ok=True)
    return entry(claude(tree, tree / "ws/sub"), top).reason


def test_a_mention_that_names_no_file_is_not_called_an_import(tree: Path) -> None:
    assert above(tree, "ask @alice") == "loaded as the project file for its folder"


def test_a_bare_name_of_an_existing_file_is_an_unexpanded_import(tree: Path) -> None:
    write(tree / "ws/notes", "N")
    assert "its @imports are not expanded" in above(tree, "see @notes")


def test_an_explicit_path_is_an_unexpanded_import_even_when_missing(tree: Path) -> None:
    assert "its @imports are not expanded" in above(tree, "see @./missing.md")


def test_a_lone_override_leaves_no_entry_for_the_absent_name(tree: Path) -> None:
    override = write(tree / "ws/AGENTS.override.md", "override")
    d = codex(tree, tree / "ws")
    assert [e.path for e in d.entries if e.scope is ContextScope.PROJECT] == [str(override)]


# -- where the run looks, and what it says it looked at -----------------------------------
def test_codex_watches_its_user_config_even_when_absent(tree: Path) -> None:
    d = codex(tree, tree / "ws")
    assert d.profile == "codex"
    assert str(tree / "h/config.toml") in d.watched


def test_a_missing_home_is_one_user_entry_at_the_usual_place(tree: Path) -> None:
    d = discover(tree / "ws", "or", environ={})
    [e] = d.entries
    assert (e.path, e.scope) == (os.path.join("~", ".or", "AGENTS.md"), ContextScope.USER)


def test_a_missing_codex_home_is_one_user_entry_inside_it(tree: Path) -> None:
    gone = tree / "gone"
    d = discover(tree / "ws", "codex", home=tree / "home", environ={"CODEX_HOME": str(gone)})
    [e] = [e for e in d.entries if e.scope is ContextScope.USER]
    assert (e.path, e.status) == (str(gone / "AGENTS.override.md"), EntryStatus.SKIPPED)
    assert e.reason == f"no user-level files: CODEX_HOME {gone} does not exist"


def test_rules_files_say_whose_rules_they_are(tree: Path) -> None:
    user = write(tree / "home/.claude/rules/style.md", "user rule")
    project = write(tree / "ws/.claude/rules/style.md", "project rule")
    d = claude(tree, tree / "ws")
    u, p = entry(d, user), entry(d, project)
    assert (u.scope, u.reason) == (ContextScope.USER, "loaded as a user rules file")
    assert (p.scope, p.reason) == (ContextScope.PROJECT, "loaded as a project rules file")


def test_include_directories_stop_at_their_own_marker(tree: Path) -> None:
    """An included folder walks up to the nearest of the configured boundary markers,
    and with none above it, it is its own root (nothing above it loads)."""
    (tree / "ws/.git").mkdir()
    write(tree / "lib/.git", "")
    write(tree / "lib/GEMINI.md", "below .git only")
    (tree / "lib/sub/.boundary").mkdir(parents=True)
    sub = write(tree / "lib/sub/GEMINI.md", "lib sub")
    write(tree / "free/GEMINI.md", "above an unmarked include")
    alone = write(tree / "free/inc/GEMINI.md", "unmarked include")
    settings = {
        "context": {
            "memoryBoundaryMarkers": [".boundary"],
            "includeDirectories": ["../lib/sub", "../free/inc"],
        }
    }
    write(tree / "home/.gemini/settings.json", json.dumps(settings))
    (tree / "ws/.boundary").mkdir()
    d = discover(tree / "ws", "gemini", home=tree / "home", environ={})
    assert [f.path for f in d.files if f.scope == "project"] == [str(alone), str(sub)]


def test_an_empty_user_override_falls_through_without_claiming_the_slot(tree: Path) -> None:
    blank = write(tree / "h/AGENTS.override.md", "\n")
    write(tree / "h/AGENTS.md", "user")
    d = codex(tree, tree / "ws")
    assert texts(d) == ["user"]
    e = entry(d, blank)
    assert (e.status, e.scope) == (EntryStatus.SKIPPED, ContextScope.USER)
    assert e.reason == "skipped: empty, nothing to load"


def test_a_folder_named_like_the_override_passes_the_slot_on(tree: Path) -> None:
    (tree / "ws/AGENTS.override.md").mkdir()
    write(tree / "ws/AGENTS.md", "project")
    d = codex(tree, tree / "ws")
    assert texts(d) == ["project"]
    e = entry(d, tree / "ws/AGENTS.override.md")
    assert (e.status, e.scope) == (EntryStatus.SKIPPED, ContextScope.PROJECT)
    assert e.reason == "skipped: a directory, not a file; the next name takes the folder's slot"


def test_a_file_above_the_folder_is_sent_whole_with_every_note(tree: Path) -> None:
    top = write(tree / "ws/CLAUDE.md", b"caf\xe9 rules, see @./more.md")
    (tree / "ws/sub").mkdir()
    d = claude(tree, tree / "ws/sub")
    assert texts(d) == ["caf\ufffd rules, see @./more.md"]
    e = entry(d, top)
    assert (e.status, e.size, e.bad_byte, e.order) == (EntryStatus.LOADED, 26, 3, 0)
    assert e.reason == (
        "loaded as the project file for its folder; not valid UTF-8 at byte 3; decoded with "
        "replacement characters; its @imports are not expanded: Claude Code expands them only "
        "in files in the working folder and below (observed, anthropics/claude-code#78697, "
        "#87020, 2026-08)"
    )


def test_a_budget_cut_inside_a_character_says_what_the_model_gets(tree: Path) -> None:
    doc = write(tree / "ws/AGENTS.md", "ab€cd")
    d = codex(tree, tree / "ws", "project_doc_max_bytes = 3")
    assert texts(d) == ["ab\ufffd"]
    assert entry(d, doc).reason == (
        f"cut at byte 3: codex's 3 bytes budget (from {tree / 'h/config.toml'}) for all project "
        "instruction files runs out in this file; the cut splits a UTF-8 character, sent as U+FFFD"
    )


# Cursor's legacy ``.cursorrules`` is a project file: what discovery returns says so.
#
# Written from the mutation run of session 5's speed branch (docs/mutation.md): with its
# scope left out (``xǁWalkerǁdirectory__mutmut_48``) the file was still loaded, but as
# belonging to no scope.


def test_the_legacy_cursorrules_loads_as_a_project_file(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    write(root / "AGENTS.md", "agents\n")
    write(root / ".cursorrules", "old rules\n")
    found = cursor(root)
    assert [(Path(f.path).name, f.scope) for f in found.files] == [
        ("AGENTS.md", ContextScope.PROJECT),
        (".cursorrules", ContextScope.PROJECT),
    ]
    [legacy] = [e for e in found.entries if e.path.endswith(".cursorrules")]
    assert legacy.scope == ContextScope.PROJECT


# Every kind of bad candidate in every profile's project slot, with the reason a user
# reads. (Unreadable files need a process without root's override capabilities:
# tests/core/test_context_hostile.py runs that case in a child process.)


SLOTS = {"or": "AGENTS.md", "claude": "CLAUDE.md", "codex": "AGENTS.md", "gemini": "GEMINI.md"}


def outcome(tree: Path, profile: str) -> tuple[EntryStatus, str]:
    """The one entry of the workspace's own slot file."""
    (tree / "ws/.git").mkdir(exist_ok=True)
    d = discover(tree / "ws", profile, home=tree / "home", environ={})
    [entry] = [e for e in d.entries if e.path == str(tree / "ws" / SLOTS[profile])]
    assert all(f.path != entry.path for f in d.files)
    return entry.status, entry.reason


@pytest.mark.parametrize("profile", SLOTS)
def test_an_empty_candidate_is_skipped(tree: Path, profile: str) -> None:
    write(tree / "ws" / SLOTS[profile], " \n\t\n")
    extra = " (it still takes the folder's slot)" if profile == "codex" else ""
    assert outcome(tree, profile) == (
        EntryStatus.SKIPPED,
        f"skipped: empty, nothing to load{extra}",
    )


@pytest.mark.parametrize("profile", SLOTS)
def test_a_folder_valued_candidate_is_skipped(tree: Path, profile: str) -> None:
    (tree / "ws" / SLOTS[profile]).mkdir()
    extra = "; the next name takes the folder's slot" if profile == "codex" else ""
    assert outcome(tree, profile) == (
        EntryStatus.SKIPPED,
        f"skipped: a directory, not a file{extra}",
    )


@pytest.mark.parametrize("profile", SLOTS)
def test_a_binary_candidate_loads_and_says_it_looks_binary(tree: Path, profile: str) -> None:
    path = write(tree / "ws" / SLOTS[profile], b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    (tree / "ws/.git").mkdir(exist_ok=True)
    d = discover(tree / "ws", profile, home=tree / "home", environ={})
    [entry] = [e for e in d.entries if e.path == str(path)]
    assert entry.status is EntryStatus.LOADED
    assert "not valid UTF-8 at byte 0" in entry.reason
    assert "NUL byte at 8: this looks like a binary file" in entry.reason
    assert entry.bad_byte == 0


@pytest.mark.parametrize("profile", SLOTS)
def test_a_utf16_file_is_named_as_such(tree: Path, profile: str) -> None:
    text = "# Rules\nUse tabs.\n"
    path = write(tree / "ws" / SLOTS[profile], b"\xff\xfe" + text.encode("utf-16-le"))
    (tree / "ws/.git").mkdir(exist_ok=True)
    d = discover(tree / "ws", profile, home=tree / "home", environ={})
    [entry] = [e for e in d.entries if e.path == str(path)]
    assert entry.reason.endswith(
        "saved as UTF-16 (little-endian, with a byte order mark): the agent reads UTF-8, so "
        "the model sees garbage; not valid UTF-8 at byte 0; decoded with replacement characters"
    )
    no_bom = write(tree / "ws" / SLOTS[profile], text.encode("utf-16-le"))
    d = discover(no_bom.parent, profile, home=tree / "home", environ={})
    [entry] = [e for e in d.entries if e.path == str(no_bom)]
    assert "saved as UTF-16 (little-endian, no byte order mark)" in entry.reason
    assert "NUL byte" not in entry.reason
