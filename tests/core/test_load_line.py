"""The one-line verdict of an instruction file per agent (the inlay hint's text), from
discovery results built by hand: position among the files sent, the budget spent, why a
file is not read."""

from __future__ import annotations

from promptls.discovery.agent_settings import AgentSetting
from promptls.discovery.model import ContextFile, ContextScope, Discovery, Entry, EntryStatus
from promptls.views.load_line import load_line, profile_state

P = ContextScope.PROJECT


def _discovery(
    entries: tuple[Entry, ...],
    files: tuple[ContextFile, ...],
    settings: tuple[AgentSetting, ...] = (),
) -> Discovery:
    return Discovery(profile="codex", root="/r", files=files, entries=entries, settings=settings)


def test_loaded_file_says_its_place_and_the_budget_spent() -> None:
    files = (
        ContextFile("/r/AGENTS.md", "x" * 2048, P),
        ContextFile("/r/a/AGENTS.md", "y" * 10547, P),
        ContextFile("/home/u/.codex/AGENTS.md", "z" * 500, ContextScope.USER),
    )
    entries = (
        Entry("/r/AGENTS.md", P, EntryStatus.LOADED, "", order=0),
        Entry("/r/a/AGENTS.md", P, EntryStatus.LOADED, "", order=1),
    )
    found = _discovery(entries, files)
    # The user's file does not count against the project budget.
    assert profile_state("/r/a/AGENTS.md", "codex", found) == (
        "loaded 2 of 3 · 12.3 KiB of the 32 KiB budget"
    )
    raised = _discovery(
        entries,
        files,
        settings=(AgentSetting("project_doc_max_bytes", "65536", "/r/.codex/config.toml"),),
    )
    assert profile_state("/r/AGENTS.md", "codex", raised).endswith("of the 64 KiB budget")


def test_why_a_file_is_not_read() -> None:
    entries = (
        Entry("/r/AGENTS.override.md", P, EntryStatus.LOADED, "", order=0),
        Entry("/r/AGENTS.md", P, EntryStatus.SHADOWED, ""),
        Entry("/r/b/AGENTS.md", P, EntryStatus.DROPPED, ""),
        Entry("/r/c/CLAUDE.md", P, EntryStatus.LAZY, ""),
    )
    found = _discovery(entries, (ContextFile("/r/AGENTS.override.md", "o", P),))
    assert profile_state("/r/AGENTS.md", "codex", found) == "shadowed by AGENTS.override.md"
    assert profile_state("/r/b/AGENTS.md", "codex", found) == "dropped: the 32 KiB budget is spent"
    assert profile_state("/r/c/CLAUDE.md", "codex", found) == "lazy"
    assert profile_state("/r/d/AGENTS.md", "codex", found) == "not loaded for this folder"
    line = load_line("/r/AGENTS.md", [("codex", found), ("claude", found)])
    assert line == "codex: shadowed by AGENTS.override.md; claude: shadowed by AGENTS.override.md"
