"""Claude's extra sources as a user reads them in ``promptls context`` (``discovery/sources.py``):
the scope, size and exact reason of rules, and a rule's ``paths:`` whatever
``--max-bytes`` says.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from promptls.context import ContextScope, Discovery, Entry, EntryStatus, discover
from tests.core.helpers import write

# Claude's extra sources as a user reads them in ``promptls context``: the scope, size
# and exact reason of rules (unreadable, badly scoped, conditional, matched), of the
# auto memory (unreadable, empty, loaded, cut by promptls's read cap, with a bad byte) and
# of lazy nested files; which rules a folder tree yields (links, cycles, depth, the cap).
#
# Written against the mutants of ``discovery/sources.py`` that survived the rest of the
# suite (docs/mutation.md).


def claude(tree: Path, *, target: Path | None = None, max_bytes: int | None = None) -> Discovery:
    """Discover as claude in ``tree/ws`` (a repository) with ``tree/home`` as home."""
    (tree / "ws/.git").mkdir(parents=True, exist_ok=True)
    extra = {} if max_bytes is None else {"max_bytes": max_bytes}
    return discover(
        tree / "ws",
        "claude",
        home=tree / "home",
        environ={},
        system_root=tree / "sys",
        target=target,
        **extra,
    )


def entry(d: Discovery, path: Path) -> Entry:
    [found] = [e for e in d.entries if e.path == str(path)]
    return found


def memory_path(tree: Path) -> Path:
    key = "".join(c if c.isalnum() else "-" for c in str(tree / "ws"))
    return tree / f"home/.claude/projects/{key}/memory/MEMORY.md"


def refuse_open(monkeypatch: pytest.MonkeyPatch, *refused: Path) -> None:
    """Opening any of ``refused`` fails with 'permission denied' (tests run as root)."""
    real_open = os.open
    names = {str(p) for p in refused}

    def fake(path: str, flags: int, *args: int) -> int:
        if os.fspath(path) in names:
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", fake)


# -- rules ------------------------------------------------------------------------------
def test_an_unreadable_rule_is_skipped_with_its_scope_and_the_next_rule_loads(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bad = write(tree / "ws/.claude/rules/a.md", "secret")
    good = write(tree / "ws/.claude/rules/b.md", "style")
    refuse_open(monkeypatch, bad)
    d = claude(tree)
    e = entry(d, bad)
    assert (e.status, e.scope, e.size) == (EntryStatus.SKIPPED, ContextScope.PROJECT, 6)
    assert e.reason == "skipped: permission denied"
    assert [f.path for f in d.files] == [str(good)]


def test_badly_scoped_rules_keep_scope_and_size_and_do_not_stop_the_folder(tree: Path) -> None:
    first = write(tree / "ws/.claude/rules/a.md", "---\npaths: 5\n---\nx")
    second = write(tree / "ws/.claude/rules/b.md", "---\npaths: {k: v}\n---\ny")
    d = claude(tree)
    for path in (first, second):
        e = entry(d, path)
        assert (e.status, e.scope) == (EntryStatus.SKIPPED, ContextScope.PROJECT)
        assert e.size == path.stat().st_size
        assert e.reason == (
            "skipped: paths: must be a glob string or a list of globs; "
            "claude cannot scope this rule"
        )


@pytest.mark.parametrize(
    ("target", "reason"),
    [
        (None, "conditional: loaded when claude reads a file matching *.py, src/**"),
        ("doc/a.md", "conditional: doc/a.md matches none of *.py, src/**"),
    ],
)
def test_a_scoped_rule_not_matched_is_conditional_with_scope_and_size(
    tree: Path, target: str | None, reason: str
) -> None:
    rule = write(tree / "ws/.claude/rules/py.md", '---\npaths: ["*.py", "src/**"]\n---\nx')
    e = entry(claude(tree, target=None if target is None else tree / "ws" / target), rule)
    assert (e.status, e.scope, e.size) == (
        EntryStatus.CONDITIONAL,
        ContextScope.PROJECT,
        rule.stat().st_size,
    )
    assert e.reason == reason


def test_a_scoped_rule_the_target_matches_loads_with_the_glob_that_matched(tree: Path) -> None:
    rule = write(tree / "ws/.claude/rules/py.md", '---\npaths: ["*.py", "src/**"]\n---\nx')
    d = claude(tree, target=tree / "ws/src/.env")
    e = entry(d, rule)
    assert (e.status, e.scope) == (EntryStatus.LOADED, ContextScope.PROJECT)
    assert e.reason == "loaded as a rule for src/.env (matches src/**)", "globs match dot files"
    assert str(rule) in [f.path for f in d.files]


def test_rules_through_a_link_cycle_load_once(tree: Path) -> None:
    rule = write(tree / "ws/.claude/rules/a.md", "a")
    (tree / "ws/.claude/rules/loop").symlink_to(tree / "ws/.claude/rules")
    d = claude(tree)
    assert [f.path for f in d.files] == [str(rule)]
    assert [e.path for e in d.entries if "/rules/" in e.path] == [str(rule)]


def test_a_link_to_a_listed_folder_does_not_stop_the_listing(tree: Path) -> None:
    rules = tree / "ws/.claude/rules"
    write(rules / "b/x.md", "x")
    last = write(rules / "c/y.md", "y")
    (rules / "a").symlink_to(rules / "b")
    assert [f.path for f in claude(tree).files] == [str(rules / "a/x.md"), str(last)]


def test_an_unlistable_rules_folder_does_not_stop_the_others(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = tree / "ws/.claude/rules"
    write(rules / "a/x.md", "x")
    good = write(rules / "b/y.md", "y")
    real_listdir = os.listdir

    def fake(path: str) -> list[str]:
        if os.fspath(path) == str(rules / "a"):
            raise PermissionError(13, "Permission denied", str(path))
        return real_listdir(path)

    monkeypatch.setattr(os, "listdir", fake)
    assert [f.path for f in claude(tree).files] == [str(good)]


def test_rules_folders_are_watched(tree: Path) -> None:
    rules = tree / "ws/.claude/rules"
    write(rules / "sub/x.md", "x")
    d = claude(tree)
    assert {str(rules), str(rules / "sub")} <= d.watched_dirs
    assert None not in d.watched_dirs


def test_rules_are_listed_sixteen_folders_deep_and_no_deeper(tree: Path) -> None:
    deep = tree / "ws/.claude/rules"
    for n in range(1, 18):
        deep = deep / f"d{n}"
    kept = write(deep.parent / "at16.md", "sixteen")
    write(deep / "at17.md", "seventeen")
    assert [f.path for f in claude(tree).files] == [str(kept)]


def test_the_rule_cap_keeps_the_files_of_the_first_folder_listed(tree: Path) -> None:
    rules = tree / "ws/.claude/rules"
    for n in range(256):
        write(rules / f"z{n:03}.md", f"rule {n}")
    write(rules / "a/x.md", "one too many")
    sent = [f.path for f in claude(tree).files]
    assert sent == [str(rules / f"z{n:03}.md") for n in range(256)]


# -- auto memory ------------------------------------------------------------------------
def test_an_unreadable_memory_is_a_skipped_user_entry_with_its_size(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(memory_path(tree), "remembered")
    refuse_open(monkeypatch, path)
    e = entry(claude(tree), path)
    assert (e.status, e.scope, e.size) == (EntryStatus.SKIPPED, ContextScope.USER, 10)
    assert e.reason == "skipped: permission denied"


def test_an_empty_memory_is_a_skipped_user_entry_with_its_size(tree: Path) -> None:
    path = write(memory_path(tree), " \n\n")
    e = entry(claude(tree), path)
    assert (e.status, e.scope, e.size) == (EntryStatus.SKIPPED, ContextScope.USER, 3)
    assert e.reason == "skipped: empty, nothing to load"


def test_a_short_memory_loads_whole_as_a_user_entry(tree: Path) -> None:
    path = write(memory_path(tree), "remembered\n")
    e = entry(claude(tree), path)
    assert (e.status, e.scope, e.size) == (EntryStatus.LOADED, ContextScope.USER, 11)
    assert e.reason == "loaded as the project's auto memory"


def test_a_memory_with_a_bad_byte_says_so_after_its_role(tree: Path) -> None:
    path = write(memory_path(tree), b"ok \xff here\n")
    e = entry(claude(tree), path)
    assert e.reason == (
        "loaded as the project's auto memory; "
        "not valid UTF-8 at byte 3; decoded with replacement characters"
    )


def test_a_memory_beyond_the_read_cap_is_cut(tree: Path) -> None:
    path = write(memory_path(tree), "x" * 40 + "\n")
    d = claude(tree, max_bytes=10)
    e = entry(d, path)
    assert (e.status, e.size) == (EntryStatus.CUT, 41)
    [sent] = [f for f in d.files if f.path == str(path)]
    assert sent.content == "x" * 10


def test_a_missing_memory_is_watched(tree: Path) -> None:
    d = claude(tree)
    assert str(memory_path(tree)) in d.watched
    assert None not in d.watched


# -- lazy nested files ------------------------------------------------------------------
def test_lazy_entries_are_the_existing_files_with_scope_and_size(tree: Path) -> None:
    ws = tree / "ws"
    local = write(ws / "api/CLAUDE.local.md", "mine")
    (ws / "api/v1/CLAUDE.md").mkdir(parents=True)
    nested = write(ws / "api/v1/deep/CLAUDE.md", "deep rules")
    d = claude(tree, target=ws / "api/v1/deep/h.ts")
    lazy = [(e.path, e.scope, e.size) for e in d.entries if e.status is EntryStatus.LAZY]
    assert lazy == [
        (str(local), ContextScope.LOCAL, 4),
        (str(nested), ContextScope.PROJECT, 10),
    ]
    assert str(ws / "api/CLAUDE.md") in d.watched
    assert None not in d.watched


def test_the_target_itself_is_not_a_lazy_entry(tree: Path) -> None:
    target = write(tree / "ws/api/CLAUDE.md", "api")
    d = claude(tree, target=target)
    assert [e for e in d.entries if e.status is EntryStatus.LAZY] == []


# A rule's ``paths:`` scopes it whatever ``--max-bytes`` says: Claude Code reads the
# whole rule, so a front matter longer than promptls's own read cap still makes the rule
# conditional; what is loaded is still cut at the cap.
#
# Written against the mutant of ``discovery/sources.py`` left open by the first run
# (docs/mutation.md), which read rules without the cap.


FRONT = '---\ndescription: "' + "d" * 60 + '"\npaths: "src/**"\n---\n'


def test_a_rule_whose_front_matter_passes_the_read_cap_stays_conditional(tree: Path) -> None:
    rule = write(tree / "ws/.claude/rules/api.md", FRONT + "use the api client\n")
    d = claude(tree, max_bytes=16)
    e = entry(d, rule)
    assert e.status is EntryStatus.CONDITIONAL
    assert "src/**" in e.reason
    assert str(rule) not in [f.path for f in d.files]


def test_a_matched_rule_is_still_cut_at_the_read_cap(tree: Path) -> None:
    rule = write(tree / "ws/.claude/rules/api.md", FRONT + "use the api client\n")
    d = claude(tree, target=tree / "ws/src/main.py", max_bytes=16)
    e = entry(d, rule)
    assert (e.status, e.size) == (EntryStatus.CUT, len(FRONT) + 19)
    [sent] = [f for f in d.files if f.path == str(rule)]
    assert sent.content == FRONT[:16]


def test_an_unscoped_rule_is_cut_at_the_read_cap(tree: Path) -> None:
    rule = write(tree / "ws/.claude/rules/style.md", "x" * 40)
    d = claude(tree, max_bytes=16)
    assert entry(d, rule).status is EntryStatus.CUT
    [sent] = [f for f in d.files if f.path == str(rule)]
    assert sent.content == "x" * 16


def test_a_read_cap_above_the_default_loads_a_large_rule_whole(tree: Path) -> None:
    size = 1024 * 1024 + 10  # over the default 1 MiB cap, under the one asked for
    rule = write(tree / "ws/.claude/rules/big.md", "y" * size)
    d = claude(tree, max_bytes=2 * 1024 * 1024)
    assert (entry(d, rule).status, entry(d, rule).size) == (EntryStatus.LOADED, size)
    [sent] = [f for f in d.files if f.path == str(rule)]
    assert len(sent.content) == size
