"""Following imports (``discovery/follow.py``): every import outcome as ``promptls context``
lists it, and gemini-cli's confinement of a URI-decoded path.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.context import ContextScope, Discovery, EntryStatus, discover
from tests.core.helpers import write

# Every import outcome as ``promptls context`` lists it, whole: the path, scope, status,
# exact reason, size, importing file and line of each imported file, second copy, missing,
# unreadable, refused, cut, too deep or over the import cap, for Claude and for gemini.
#
# Written against the mutants of ``discovery/follow.py`` that survived the rest of the
# suite (docs/mutation.md).


Row = tuple[str, EntryStatus, str, int | None, str | None, int | None]


def rows(d: Discovery, tree: Path) -> list[Row]:
    """The entries after the top-level file, paths shown relative to ``tree``."""
    prefix = f"{tree}/"
    out: list[Row] = []
    for e in d.entries[1:]:
        assert e.scope is ContextScope.PROJECT
        importer = None if e.imported_from is None else e.imported_from.removeprefix(prefix)
        out.append((e.path.removeprefix(prefix), e.status, e.reason, e.size, importer, e.line))
    return out


def run(tree: Path, profile: str, **options: object) -> Discovery:
    (tree / "ws/.git").mkdir(parents=True, exist_ok=True)
    return discover(tree / "ws", profile, home=tree / "home", environ={}, **options)  # type: ignore[arg-type]


IMPORTED, SKIPPED, ERROR = EntryStatus.IMPORTED, EntryStatus.SKIPPED, EntryStatus.IMPORT_ERROR


def error(path: str, reason: str, importer: str, line: int) -> Row:
    """An import error's row: no size."""
    return (path, ERROR, reason, None, importer, line)


def test_claude_import_outcomes(tree: Path) -> None:
    write(tree / "ws/CLAUDE.md", "@a.md\n@a.md\n@missing.md\nask @alice\n@big.md\n@../out.md\n")
    write(tree / "ws/a.md", "A\n@b.md\n")
    write(tree / "ws/b.md", b"B \xe2")  # ends inside a character, not cut
    write(tree / "ws/big.md", "x" * 61 + "é" * 3)  # 67 bytes, the cap of 64 splits an é
    write(tree / "out.md", "out")
    d = run(tree, "claude", max_bytes=64)
    external = (
        f"outside the working folder {tree}/ws: Claude Code asks once per project before it "
        "loads such external imports, and never loads them if declined "
        "(code.claude.com/docs/en/memory, 2026-08-22)"
    )
    assert rows(d, tree) == [
        ("ws/a.md", IMPORTED, "imported by @a.md on line 1 of CLAUDE.md (hop 1 of at most 4)",
         8, "ws/CLAUDE.md", 1),
        ("ws/b.md", IMPORTED,
         "imported by @b.md on line 2 of a.md (hop 2 of at most 4, inside CLAUDE.md → a.md); "
         "not valid UTF-8 at byte 2; decoded with replacement characters",
         3, "ws/a.md", 2),
        ("ws/a.md", SKIPPED, "skipped: @a.md on line 2 of CLAUDE.md names a file already loaded",
         8, "ws/CLAUDE.md", 2),
        ("ws/missing.md", ERROR,
         f"@missing.md on line 3 of CLAUDE.md: {tree}/ws/missing.md does not exist",
         None, "ws/CLAUDE.md", 3),
        ("ws/big.md", IMPORTED,
         "imported by @big.md on line 5 of CLAUDE.md (hop 1 of at most 4); "
         "cut at byte 63 by the 64 bytes read cap",
         67, "ws/CLAUDE.md", 5),
        ("out.md", IMPORTED,
         f"imported by @../out.md on line 6 of CLAUDE.md (hop 1 of at most 4); {external}",
         3, "ws/CLAUDE.md", 6),
    ]  # fmt: skip
    sent = {f.path.removeprefix(f"{tree}/"): f.content for f in d.files}
    assert sent["ws/b.md"] == "B \ufffd"
    assert sent["ws/big.md"] == "x" * 61 + "é"


def test_claude_imports_too_deep(tree: Path) -> None:
    write(tree / "ws/CLAUDE.md", "@d1.md")
    for n in range(1, 6):
        write(tree / f"ws/d{n}.md", f"@d{n + 1}.md")
    why = "@d5.md on line 1 of d4.md goes deeper than claude's 4 import hops"
    assert rows(run(tree, "claude"), tree)[-1] == error("ws/d5.md", why, "ws/d4.md", 1)


def test_claude_stops_an_import_cycle(tree: Path) -> None:
    write(tree / "ws/CLAUDE.md", "@a.md\n")
    write(tree / "ws/a.md", "@CLAUDE.md\n")
    why = "@CLAUDE.md on line 1 of a.md is an import cycle (CLAUDE.md → a.md → CLAUDE.md)"
    assert rows(run(tree, "claude"), tree)[-1] == error("ws/CLAUDE.md", why, "ws/a.md", 1)


def test_a_home_import_without_a_home_says_why(tree: Path) -> None:
    write(tree / "ws/CLAUDE.md", "intro\n@~/notes.md\n@a.md\n")
    write(tree / "ws/a.md", "A")
    (tree / "ws/.git").mkdir(parents=True)
    d = discover(tree / "ws", "claude", environ={})
    [error] = [e for e in d.entries if e.status is ERROR]
    assert (error.path, error.scope, error.imported_from, error.line) == (
        "~/notes.md", ContextScope.PROJECT, str(tree / "ws/CLAUDE.md"), 2,
    )  # fmt: skip
    why = "needs a home directory: HOME is not set"
    assert error.reason == f"@~/notes.md on line 2 of CLAUDE.md {why}"
    assert [f.path for f in d.files] == [str(tree / "ws/CLAUDE.md"), str(tree / "ws/a.md")]


def test_the_import_cap_stops_with_one_entry(tree: Path) -> None:
    write(tree / "ws/CLAUDE.md", "".join(f"@./m{n}.md\n" for n in range(257)))
    found = rows(run(tree, "claude"), tree)
    assert len(found) == 257
    why = "@./m256.md on line 257 of CLAUDE.md: stopped, more than 256 imports in one discovery"
    assert found[-1] == error("./m256.md", why, "ws/CLAUDE.md", 257)


def test_a_mention_does_not_stop_the_imports_after_it(tree: Path) -> None:
    write(tree / "ws/CLAUDE.md", "ask @alice\n@a.md\n")
    write(tree / "ws/a.md", "A")
    assert [e.status for e in run(tree, "claude").entries[1:]] == [IMPORTED]


def test_gemini_import_outcomes(tree: Path) -> None:
    write(
        tree / "ws/GEMINI.md",
        "@./a.md\n@./a.md\n@./b.md\n@./missing.md,\n@./gone.md\n@../out.md\n@./%2e%2e/x%ff.md\n",
    )
    write(tree / "ws/a.md", "@./b.md\n")
    write(tree / "ws/b.md", "B\n")
    write(tree / "out.md", "out")
    again = (
        "makes gemini-cli inline {} again here (it tracks imports per chain, without the "
        "top-level file, so a file imported twice is sent twice); files lists its text once, "
        "at position {}"
    )
    ws = f"{tree}/ws"
    assert rows(run(tree, "gemini"), tree) == [
        ("ws/a.md", IMPORTED, "imported by @./a.md on line 1 of GEMINI.md (hop 1 of at most 5)",
         8, "ws/GEMINI.md", 1),
        ("ws/b.md", IMPORTED,
         "imported by @./b.md on line 1 of a.md (hop 2 of at most 5, inside GEMINI.md → a.md)",
         2, "ws/a.md", 1),
        ("ws/a.md", SKIPPED,
         "skipped as a second copy: @./a.md on line 2 of GEMINI.md " + again.format("a.md", 2),
         8, "ws/GEMINI.md", 2),
        ("ws/b.md", SKIPPED,
         "skipped as a second copy: @./b.md on line 1 of a.md (inside GEMINI.md → a.md) "
         + again.format("b.md", 3),
         2, "ws/a.md", 1),
        ("ws/b.md", SKIPPED,
         "skipped as a second copy: @./b.md on line 3 of GEMINI.md " + again.format("b.md", 3),
         2, "ws/GEMINI.md", 3),
        ("ws/missing.md,", ERROR,
         f"@./missing.md, on line 4 of GEMINI.md: {ws}/missing.md, does not exist; gemini-cli "
         "writes <!-- Import failed: ./missing.md, - … --> in its place "
         "(the trailing ',' is part of the path for gemini-cli)",
         None, "ws/GEMINI.md", 4),
        ("ws/gone.md", ERROR,
         f"@./gone.md on line 5 of GEMINI.md: {ws}/gone.md does not exist; gemini-cli "
         "writes <!-- Import failed: ./gone.md - … --> in its place",
         None, "ws/GEMINI.md", 5),
        ("out.md", ERROR,
         f"@../out.md on line 6 of GEMINI.md is refused: {tree}/out.md is outside {ws}, the "
         "project root of GEMINI.md; gemini-cli confines imports to it by real path (symlinks "
         "followed) and writes <!-- Import failed: ../out.md - Path traversal attempt -->",
         None, "ws/GEMINI.md", 6),
        # Escapes that decode to no UTF-8 are checked as written, not as `../x?.md`.
        ("ws/%2e%2e/x%ff.md", ERROR,
         f"@./%2e%2e/x%ff.md on line 7 of GEMINI.md: {ws}/%2e%2e/x%ff.md does not exist; "
         "gemini-cli writes <!-- Import failed: ./%2e%2e/x%ff.md - … --> in its place",
         None, "ws/GEMINI.md", 7),
    ]  # fmt: skip


# gemini-cli's import confinement sees a path URI-decoded, unless an escape is malformed.
#
# gemini decodes an import path with ``decodeURIComponent`` before its real-path check, so
# ``@./%2e%2e/out.md`` is ``../out.md`` and refused; a malformed escape anywhere makes the
# decode throw and the path is checked as written. Python's ``unquote`` decodes the good
# escapes and leaves the bad ones, so follow.py looks for a malformed one first. Found by
# mutating that pattern (scripts/mutation_patterns.py, docs/mutation.md).


def _outcome(tree: Path, target: str) -> tuple[EntryStatus, str]:
    (tree / "ws/.git").mkdir(parents=True)
    write(tree / "ws/GEMINI.md", f"@{target}\n")
    write(tree / "out.md", "outside the project")
    d = discover(tree / "ws", "gemini", home=tree / "home", environ={})
    entry = d.entries[1]
    return entry.status, entry.reason


@pytest.mark.parametrize("target", ["./%2e%2e/out.md", "./%2E%2E/out.md", "./.%2e/out.md"])
def test_an_escaped_way_out_of_the_project_is_refused(tree: Path, target: str) -> None:
    status, reason = _outcome(tree, target)
    assert status is EntryStatus.IMPORT_ERROR
    assert "is refused" in reason and "Path traversal attempt" in reason


@pytest.mark.parametrize("target", ["./%2e%2e/out%2z.md", "./%2e%2e/out.md%", "./%2e%2e/o%g1.md"])
def test_a_malformed_escape_keeps_the_whole_path_as_written(tree: Path, target: str) -> None:
    status, reason = _outcome(tree, target)
    assert status is EntryStatus.IMPORT_ERROR
    assert "does not exist" in reason and "refused" not in reason
