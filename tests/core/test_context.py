"""Discovery per profile on temporary trees with a fake home: order, scopes, shadowing,
codex's byte budget, the name helpers and the cache."""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.context import (
    PROFILES,
    Discovery,
    DiscoveryCache,
    EntryStatus,
    discover,
    instruction_file_names,
    is_instruction_path,
    load_context_files,
)
from tests import examples
from tests.core.helpers import write


def run(root: Path, profile: str, home: Path, **kw: object) -> Discovery:
    """Discover with a fake home and an empty environ (no CODEX_HOME leaks in)."""
    environ = kw.pop("environ", {})
    return discover(root, profile, home=home, environ=environ, **kw)  # type: ignore[arg-type]


def loaded(d: Discovery, base: Path) -> list[tuple[str, str]]:
    """Loaded files under ``base`` as (relative path, scope), in order."""
    return [
        (str(Path(f.path).relative_to(base)), f.scope.value)
        for f in d.files
        if f.path.startswith(str(base))
    ]


def status_of(d: Discovery, path: Path) -> list[EntryStatus]:
    """Statuses recorded for one path."""
    return [e.status for e in d.entries if e.path == str(path)]


def test_or_profile_order(tree: Path) -> None:
    home, ws = tree / "home", tree / "ws"
    write(home / ".or/AGENTS.md", "user")
    write(tree / "AGENTS.md", "above the workspace")
    write(ws / "AGENTS.md", "ws")
    write(ws / "a/AGENTS.md", "a")
    write(ws / "a/b/AGENTS.local.md", "local")
    write(ws / "AGENTS.local.md", "not the root's local file")
    d = run(ws / "a/b", "or", home)
    assert loaded(d, tree) == [
        ("home/.or/AGENTS.md", "user"),
        ("AGENTS.md", "project"),
        ("ws/AGENTS.md", "project"),
        ("ws/a/AGENTS.md", "project"),
        ("ws/a/b/AGENTS.local.md", "local"),
    ]
    assert [f.content for f in d.files if f.path.startswith(str(tree))][-1] == "local"
    assert load_context_files(ws / "a/b", home=home) == list(d.files)


def test_claude_profile_order(tree: Path) -> None:
    home, ws, system = tree / "home", tree / "ws", tree / "system"
    write(system / "etc/claude-code/CLAUDE.md", "managed")
    write(home / ".claude/CLAUDE.md", "user")
    write(home / ".claude/rules/b.md", "rule b")
    write(home / ".claude/rules/a.md", "rule a")
    write(home / ".claude/rules/notes.txt", "not a rule")
    write(ws / "CLAUDE.md", "ws")
    write(ws / ".claude/CLAUDE.md", "ws dot")
    write(ws / "sub/CLAUDE.local.md", "local")
    write(ws / "sub/CLAUDE.md", "sub")
    d = run(ws / "sub", "claude", home, system_root=system)
    assert loaded(d, tree) == [
        ("system/etc/claude-code/CLAUDE.md", "user"),
        ("home/.claude/CLAUDE.md", "user"),
        ("home/.claude/rules/a.md", "user"),
        ("home/.claude/rules/b.md", "user"),
        ("ws/CLAUDE.md", "project"),
        ("ws/.claude/CLAUDE.md", "project"),
        ("ws/sub/CLAUDE.md", "project"),
        ("ws/sub/CLAUDE.local.md", "local"),
    ]


def test_gemini_walks_from_git_root_only(tree: Path) -> None:
    home, ws = tree / "home", tree / "ws"
    write(home / ".gemini/GEMINI.md", "user")
    write(tree / "GEMINI.md", "above the repository: not loaded")
    (ws / ".git").mkdir()
    write(ws / "GEMINI.md", "root")
    write(ws / "pkg/GEMINI.md", "pkg")
    d = run(ws / "pkg", "gemini", home)
    assert loaded(d, tree) == [
        ("home/.gemini/GEMINI.md", "user"),
        ("ws/GEMINI.md", "project"),
        ("ws/pkg/GEMINI.md", "project"),
    ]
    assert d.project_root == str(ws)


def test_codex_without_repository_reads_only_the_folder(tree: Path) -> None:
    home, ws = tree / "home", tree / "ws"
    write(ws / "AGENTS.md", "parent")
    write(ws / "sub/AGENTS.md", "sub")
    d = run(ws / "sub", "codex", home)
    assert loaded(d, tree) == [("ws/sub/AGENTS.md", "project")]


def test_codex_user_file_override_and_codex_home(tree: Path) -> None:
    home, ws = tree / "home", tree / "ws"
    write(home / ".codex/AGENTS.md", "default user file")
    write(home / ".codex/AGENTS.override.md", "override user file")
    d = run(ws, "codex", home)
    assert [f.content for f in d.files] == ["override user file"]
    assert status_of(d, home / ".codex/AGENTS.md") == [EntryStatus.SHADOWED]
    custom = write(tree / "custom-codex/AGENTS.md", "from CODEX_HOME")
    d = run(ws, "codex", home, environ={"CODEX_HOME": str(custom.parent)})
    assert [f.content for f in d.files] == ["from CODEX_HOME"]


def test_codex_user_level_uses_first_non_empty_file(tree: Path) -> None:
    home, ws = tree / "home", tree / "ws"
    write(home / ".codex/AGENTS.override.md", "\n  \n")
    write(home / ".codex/AGENTS.md", "the default user file")
    d = run(ws, "codex", home)
    assert [f.content for f in d.files] == ["the default user file"]
    assert status_of(d, home / ".codex/AGENTS.override.md") == [EntryStatus.SKIPPED]


def test_codex_override_shadows_even_when_empty(tree: Path) -> None:
    home, ws = tree / "home", tree / "ws"
    (ws / ".git").mkdir()
    write(ws / "AGENTS.md", "root")
    write(ws / "a/AGENTS.override.md", "")
    write(ws / "a/AGENTS.md", "hidden by the empty override")
    write(ws / "a/b/AGENTS.override.md", "override b")
    write(ws / "a/b/AGENTS.md", "hidden b")
    d = run(ws / "a/b", "codex", home)
    assert loaded(d, tree) == [
        ("ws/AGENTS.md", "project"),
        ("ws/a/b/AGENTS.override.md", "project"),
    ]
    assert status_of(d, ws / "a/AGENTS.override.md") == [EntryStatus.SKIPPED]
    shadowed = [e for e in d.entries if e.status is EntryStatus.SHADOWED]
    assert [e.path for e in shadowed] == [str(ws / "a/AGENTS.md"), str(ws / "a/b/AGENTS.md")]
    assert "AGENTS.override.md" in shadowed[0].reason and "even empty" in shadowed[0].reason
    assert shadowed[0].size == len("hidden by the empty override")


def test_codex_budget_cuts_the_crossing_file_and_drops_the_rest(tree: Path) -> None:
    home, ws = tree / "home", tree / "ws"
    (ws / ".git").mkdir()
    write(home / ".codex/AGENTS.md", "u" * 40_000)
    write(ws / "AGENTS.md", "a" * 20_000)
    write(ws / "x/AGENTS.md", "b" * 20_000)
    write(ws / "x/y/AGENTS.md", "c" * 100)
    d = run(ws / "x/y", "codex", home)
    contents = [f.content for f in d.files]
    assert contents[0] == "u" * 40_000, "the user file is outside codex's project budget"
    assert contents[1:] == ["a" * 20_000, "b" * (32 * 1024 - 20_000)]
    cut = [e for e in d.entries if e.status is EntryStatus.CUT]
    assert [e.path for e in cut] == [str(ws / "x/AGENTS.md")]
    assert f"cut at byte {32 * 1024 - 20_000}" in cut[0].reason and "32 KiB" in cut[0].reason
    assert status_of(d, ws / "x/y/AGENTS.md") == [EntryStatus.DROPPED]
    assert sum(len(f.content.encode()) for f in d.files[1:]) == 32 * 1024


def test_codex_budget_cut_inside_a_multibyte_character(tree: Path) -> None:
    home, ws = tree / "home", tree / "ws"
    (ws / ".git").mkdir()
    write(ws / "AGENTS.md", "a" * (32 * 1024 - 1) + "é and more")
    d = run(ws, "codex", home)
    (only,) = d.files
    assert only.content == "a" * (32 * 1024 - 1) + "\ufffd"
    (entry,) = [e for e in d.entries if e.order == 0]
    assert entry.status is EntryStatus.CUT
    assert "splits a UTF-8 character" in entry.reason and "not valid UTF-8" not in entry.reason


def test_other_profiles_have_no_budget(tree: Path) -> None:
    home, ws = tree / "home", tree / "ws"
    write(ws / "AGENTS.md", "x" * 100_000)
    d = run(ws, "or", home)
    assert [len(f.content) for f in d.files if f.path.startswith(str(tree))] == [100_000]


def test_whitespace_only_files_are_skipped_with_reason(tree: Path) -> None:
    home, ws = tree / "home", tree / "ws"
    write(ws / "AGENTS.md", "  \n\n\t\n")
    d = run(ws, "or", home)
    assert loaded(d, tree) == []
    (entry,) = [e for e in d.entries if e.path == str(ws / "AGENTS.md")]
    assert entry.status is EntryStatus.SKIPPED and "empty" in entry.reason


def test_missing_candidates_leave_no_entry(tree: Path) -> None:
    d = run(tree / "ws", "or", tree / "home")
    assert [e for e in d.entries if e.path.startswith(str(tree))] == []


def test_entries_point_at_files_by_order(tree: Path) -> None:
    home, ws = tree / "home", tree / "ws"
    write(home / ".or/AGENTS.md", "user")
    write(ws / "AGENTS.md", "project")
    d = run(ws, "or", home)
    for entry in d.entries:
        if entry.order is not None:
            assert d.files[entry.order].path == entry.path
            assert entry.size == len(d.files[entry.order].content.encode())


def test_unknown_profile_is_a_key_error(tree: Path) -> None:
    with pytest.raises(KeyError, match="known: or, claude, codex, gemini, copilot, cursor"):
        discover(tree / "ws", "no-such-agent", home=tree / "home", environ={})


def test_every_profile_documents_its_sources() -> None:
    for profile in PROFILES.values():
        assert profile.sources and profile.notes
        assert any(ch.isdigit() for src in profile.sources for ch in src), profile.name


def test_instruction_file_names() -> None:
    everything = instruction_file_names()
    for name in ("AGENTS.md", "AGENTS.local.md", "AGENTS.override.md", "CLAUDE.md"):
        assert name in everything
    assert {"CLAUDE.local.md", "GEMINI.md"} <= everything
    assert "README.md" not in everything
    assert instruction_file_names(["codex"]) == {"AGENTS.md", "AGENTS.override.md"}
    assert instruction_file_names(["or"]) == {"AGENTS.md", "AGENTS.local.md"}


def test_is_instruction_path() -> None:
    assert is_instruction_path("/x/y/AGENTS.md")
    assert is_instruction_path("/x/.claude/CLAUDE.md")
    assert is_instruction_path(Path("/home/u/.claude/rules/style.md"))
    assert not is_instruction_path("/home/u/.claude/rules/style.txt")
    assert not is_instruction_path("/x/README.md")
    assert not is_instruction_path("/x/GEMINI.md", profiles=["codex"])
    assert not is_instruction_path("/home/u/.claude/rules/style.md", profiles=["or"])
    assert not is_instruction_path("")


def test_cache_memoises_and_invalidates_on_new_file(tree: Path) -> None:
    home, ws = tree / "home", tree / "ws"
    write(ws / "AGENTS.md", "one")
    cache = DiscoveryCache()
    first = cache.discover(ws, "or", home=home, environ={})
    assert cache.discover(ws, "or", home=home, environ={}) is first
    assert cache.invalidate(tree / "elsewhere.txt") == 0
    write(ws / "AGENTS.local.md", "new local file")
    assert cache.invalidate(ws / "AGENTS.local.md") == 1
    second = cache.discover(ws, "or", home=home, environ={})
    assert second is not first
    assert loaded(second, tree)[-1] == ("ws/AGENTS.local.md", "local")


def test_cache_invalidates_imports_rules_and_git_markers(tree: Path) -> None:
    home, ws = tree / "home", tree / "ws"
    write(ws / "CLAUDE.md", "see @docs/extra.md")
    cache = DiscoveryCache()
    cache.discover(ws, "claude", home=home, environ={})
    cache.discover(ws / "sub", "codex", home=home, environ={})
    assert cache.invalidate(ws / "docs/extra.md") == 1
    cache.discover(ws, "claude", home=home, environ={})
    assert cache.invalidate(home / ".claude/rules/new.md") == 1
    assert cache.invalidate(ws / ".git") == 1, "a new repository moves codex's project root"
    cache.discover(ws, "claude", home=home, environ={})
    assert cache.invalidate(ws) == 1, "renaming a folder above the candidates"


def test_cache_is_a_bounded_lru(tree: Path) -> None:
    home = tree / "home"
    cache = DiscoveryCache(maxsize=3)
    roots = []
    for i in range(5):
        root = tree / "ws" / str(i)
        root.mkdir()
        roots.append(root)
        cache.discover(root, "or", home=home, environ={})
    assert len(cache) == 3
    kept = cache.discover(roots[4], "or", home=home, environ={})
    assert cache.discover(roots[4], "or", home=home, environ={}) is kept
    cache.clear()
    assert len(cache) == 0


def test_cache_does_not_keep_a_result_raced_by_an_invalidation(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import promptls.discovery.cache as context_module

    home, ws = tree / "home", tree / "ws"
    cache = DiscoveryCache()
    real = context_module.discover

    def slow_discover(*args: object, **kwargs: object) -> Discovery:
        result = real(*args, **kwargs)  # type: ignore[arg-type]
        write(ws / "AGENTS.md", "created while discovery ran")
        cache.invalidate(ws / "AGENTS.md")
        return result

    monkeypatch.setattr(context_module, "discover", slow_discover)
    stale = cache.discover(ws, "or", home=home, environ={})
    monkeypatch.setattr(context_module, "discover", real)
    fresh = cache.discover(ws, "or", home=home, environ={})
    assert stale is not fresh
    assert loaded(fresh, tree) == [("ws/AGENTS.md", "project")]


def test_cache_shared_between_threads(tree: Path) -> None:
    import threading

    home, ws = tree / "home", tree / "ws"
    write(ws / "AGENTS.md", "x")
    cache = DiscoveryCache(maxsize=4)
    failures: list[BaseException] = []

    def hammer(profile: str) -> None:
        try:
            for i in range(examples(200)):
                cache.discover(ws / str(i % 6), profile, home=home, environ={})
                cache.invalidate(ws / str(i % 6) / "AGENTS.md")
        except BaseException as exc:  # pragma: no cover - reported below
            failures.append(exc)

    threads = [threading.Thread(target=hammer, args=(p,)) for p in PROFILES for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert len(cache) <= 4
