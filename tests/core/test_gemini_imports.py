"""gemini-cli's own import tests, restated as promptls scenarios on real files.

Upstream: google-gemini/gemini-cli ``packages/core/src/utils/memoryImportProcessor.test.ts``
at 5411f113 (2026-08-21), ``describe('memoryImportProcessor')`` with its
``describe('processImports')`` and ``describe('validateImportPath')``; each test names
the ``it(...)`` it restates. Upstream mocks the file system and calls the processor
directly; here every case is a tree on disk discovered with the gemini profile, so the
top-level file is a ``GEMINI.md`` and the "allowed directory" is its project root.
The cases marked "memo §4.x" are the edge cases /work/research/gemini.md checked
against a port of the processor (no upstream test pins them).

Not restated, with why: the three ``'flat'`` format tests ("should produce flat output
in Claude-style…", "should not duplicate files in flat output…", "should handle nested
imports in flat output"): promptls models the default ``tree`` format and does not read
``context.importFormat``. "should handle multiple allowed directories": gemini-cli
passes exactly one allowed directory (the project root), so no discovery can reach it.
"should respect max depth limit" starts the processor at depth 1 of 1, which no
discovery does; its rule (a file at the depth limit is kept as written) is
``test_should_respect_max_depth_limit`` at the real limit of 5.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from promptls.agents.gemini.imports import backtick_regions
from promptls.cli import main
from promptls.context import Discovery, Entry, EntryStatus, discover
from promptls.discovery.imports import find_imports
from tests.core.helpers import write


@pytest.fixture
def ws(tree: Path) -> Path:
    """The workspace, its own Git repository (so the project root is ``ws``)."""
    (tree / "ws/.git").mkdir()
    return tree / "ws"


def gemini(tree: Path, cwd: Path | None = None) -> Discovery:
    """Discover ``cwd`` (default the workspace) as gemini with the fake home."""
    return discover(cwd or tree / "ws", "gemini", home=tree / "home", environ={})


def names(d: Discovery, tree: Path) -> list[str]:
    """Files sent, relative to the tree, in order."""
    return [os.path.relpath(f.path, tree) for f in d.files]


def errors(d: Discovery) -> list[Entry]:
    """Import errors, in order."""
    return [e for e in d.entries if e.status is EntryStatus.IMPORT_ERROR]


def lay(base: Path, files: dict[str, str]) -> None:
    """Write several files below ``base`` at once."""
    for name, text in files.items():
        write(base / name, text)


def entry(d: Discovery, path: Path) -> Entry:
    """The first entry for a path."""
    return next(e for e in d.entries if e.path == str(path))


# -- describe('processImports') ---------------------------------------------------------


def test_should_process_basic_md_file_imports(tree: Path, ws: Path) -> None:
    write(ws / "GEMINI.md", "Some content @./test.md more content")
    write(ws / "test.md", "# Imported Content\nThis is imported.")
    d = gemini(tree)
    assert names(d, tree) == ["ws/GEMINI.md", "ws/test.md"]
    e = entry(d, ws / "test.md")
    assert e.status is EntryStatus.IMPORTED and e.order == 1
    assert e.imported_from == str(ws / "GEMINI.md") and e.line == 1
    assert d.files[1].content == "# Imported Content\nThis is imported."
    assert errors(d) == []


def test_should_import_non_md_files_just_like_md_files(tree: Path, ws: Path) -> None:
    write(ws / "GEMINI.md", "Some content @./instructions.txt more content")
    write(ws / "instructions.txt", "# Instructions\nThis is a text file with markdown.")
    d = gemini(tree)
    assert names(d, tree) == ["ws/GEMINI.md", "ws/instructions.txt"]
    assert ";" not in entry(d, ws / "instructions.txt").reason, "no warning note"


def test_should_handle_circular_imports(tree: Path, ws: Path) -> None:
    """Upstream's mock returns the same text for every read, so its marker names
    ``./main.md``; on real files the loop closes one step later, at ``./circular.md``
    inside the second copy of the top-level file (memo §4.5: R → C → R)."""
    top = write(ws / "GEMINI.md", "Content @./circular.md more content")
    write(ws / "circular.md", "Circular @./GEMINI.md content")
    d = gemini(tree)
    assert names(d, tree) == ["ws/GEMINI.md", "ws/circular.md"]
    again = [e for e in d.entries if e.path == str(top) and e.imported_from]
    assert [e.status for e in again] == [EntryStatus.SKIPPED]
    assert again[0].imported_from == str(ws / "circular.md")
    assert "inline GEMINI.md again" in again[0].reason and "position 1" in again[0].reason
    (loop,) = errors(d)
    assert loop.path == str(ws / "circular.md") and loop.imported_from == str(top)
    assert "GEMINI.md → circular.md → GEMINI.md → circular.md" in loop.reason
    assert "<!-- File already processed: ./circular.md -->" in loop.reason


def test_should_handle_file_not_found_errors(tree: Path, ws: Path) -> None:
    write(ws / "GEMINI.md", "Content @./nonexistent.md more content")
    (e,) = errors(gemini(tree))
    assert e.path == str(ws / "nonexistent.md") and e.line == 1
    assert "does not exist" in e.reason
    assert "<!-- Import failed: ./nonexistent.md - … -->" in e.reason


def test_should_respect_max_depth_limit(tree: Path, ws: Path) -> None:
    """Depth 5: the top-level file is level 0, levels 1–5 are inlined, and the level-5
    file is inlined as written, its ``@./L6.md`` left as text (memo §4.5)."""
    write(ws / "GEMINI.md", "D @./L1.md")
    for i in range(1, 8):
        write(ws / f"L{i}.md", f"level {i} @./L{i + 1}.md")
    d = gemini(tree)
    assert names(d, tree) == ["ws/GEMINI.md"] + [f"ws/L{i}.md" for i in range(1, 6)]
    (e,) = errors(d)
    assert e.imported_from == str(ws / "L5.md") and e.path == str(ws / "L6.md")
    assert "5 import hops" in e.reason and "leaves the @path in the text" in e.reason
    assert "hop 5 of at most 5" in entry(d, ws / "L5.md").reason


def test_should_handle_nested_imports_recursively(tree: Path, ws: Path) -> None:
    lay(
        ws,
        {
            "GEMINI.md": "Main @./nested.md content",
            "nested.md": "Nested @./inner.md content",
            "inner.md": "Inner content",
        },
    )
    d = gemini(tree)
    assert names(d, tree) == ["ws/GEMINI.md", "ws/nested.md", "ws/inner.md"]
    assert entry(d, ws / "inner.md").imported_from == str(ws / "nested.md")


def test_should_handle_absolute_paths_in_imports(tree: Path, ws: Path) -> None:
    outside = write(tree / "absolute/path/file.md", "Absolute path content")
    inside = write(ws / "docs/file.md", "inside")
    write(ws / "GEMINI.md", f"Content @{outside} more\nand @{inside}")
    d = gemini(tree)
    assert names(d, tree) == ["ws/GEMINI.md", "ws/docs/file.md"]
    (e,) = errors(d)
    assert e.path == str(outside) and "is refused" in e.reason
    assert f"<!-- Import failed: {outside} - Path traversal attempt -->" in e.reason


def test_should_handle_multiple_imports_in_same_content(tree: Path, ws: Path) -> None:
    write(ws / "GEMINI.md", "Start @./first.md middle @./second.md end")
    write(ws / "first.md", "First content")
    write(ws / "second.md", "Second content")
    assert names(gemini(tree), tree) == ["ws/GEMINI.md", "ws/first.md", "ws/second.md"]


@pytest.mark.parametrize(
    "middle",
    [
        pytest.param(
            "```\ncode block with @./should-not-import.md\n```",
            id="should ignore imports inside code blocks",
        ),
        pytest.param(
            "`code with import @./should-not-import.md`",
            id="should ignore imports inside inline code",
        ),
        pytest.param(
            "Paragraph with `inline code @./should-not-import.md` and more text.\n"
            "Another paragraph with the same `inline code @./should-not-import.md` text.",
            id="should handle nested tokens and non-unique content correctly",
        ),
    ],
)
def test_imports_inside_backtick_code_are_text(tree: Path, ws: Path, middle: str) -> None:
    """Three upstream ``it``s (the ids): only the imports outside the code load, and the
    one inside leaves no entry at all (upstream: no import comment for it)."""
    text = f"Normal content @./should-import.md\n{middle}\nMore content @./should-import2.md"
    write(ws / "src/GEMINI.md", text)
    for name in ("should-import", "should-import2", "should-not-import"):
        write(ws / f"src/{name}.md", name)
    d = gemini(tree, ws / "src")
    assert names(d, tree) == [
        "ws/src/GEMINI.md",
        "ws/src/should-import.md",
        "ws/src/should-import2.md",
    ]
    assert not any("should-not-import" in e.path for e in d.entries)


def test_should_not_process_imports_in_repeated_inline_code_blocks(tree: Path, ws: Path) -> None:
    write(ws / "GEMINI.md", "`@noimport` and `@noimport`")
    d = gemini(tree)
    assert names(d, tree) == ["ws/GEMINI.md"] and errors(d) == []
    write(ws / "GEMINI.md", "@noimport and @noimport")
    assert len(errors(gemini(tree))) == 2, "outside code both tokens are (failed) imports"


def test_should_not_import_when_at_is_inside_an_inline_code_block(tree: Path, ws: Path) -> None:
    write(ws / "import", "a file named like the token")
    write(
        ws / "GEMINI.md",
        "We should not ` @import` when the symbol is inside an inline code string.",
    )
    d = gemini(tree)
    assert names(d, tree) == ["ws/GEMINI.md"] and errors(d) == []


def test_should_allow_imports_from_parent_and_subdirectories_within_project_root(
    tree: Path, ws: Path
) -> None:
    write(ws / "src/GEMINI.md", "Parent import: @../parent.md Subdir import: @./components/sub.md")
    write(ws / "parent.md", "Parent file content")
    write(ws / "src/components/sub.md", "Subdir file content")
    d = gemini(tree, ws / "src")
    assert names(d, tree) == ["ws/src/GEMINI.md", "ws/parent.md", "ws/src/components/sub.md"]


def test_should_reject_imports_outside_project_root(tree: Path, ws: Path) -> None:
    write(ws / "src/GEMINI.md", "Outside import: @../../../etc/passwd")
    (e,) = errors(gemini(tree, ws / "src"))
    assert e.path == os.path.normpath(ws / "src/../../../etc/passwd")
    assert f"outside {ws}, the project root of GEMINI.md" in e.reason
    assert "<!-- Import failed: ../../../etc/passwd - Path traversal attempt -->" in e.reason


def test_should_build_import_tree_structure(tree: Path, ws: Path) -> None:
    """The tree upstream builds (nested → inner, then simple) is promptls's order of
    ``files`` and the ``imported_from`` of each entry."""
    top = ws / "src/GEMINI.md"
    lay(
        ws / "src",
        {
            "GEMINI.md": "Main content @./nested.md @./simple.md",
            "nested.md": "Nested @./inner.md content",
            "simple.md": "Simple content",
            "inner.md": "Inner content",
        },
    )
    d = gemini(tree, ws / "src")
    assert names(d, tree) == [
        f"ws/src/{n}" for n in ("GEMINI.md", "nested.md", "inner.md", "simple.md")
    ]
    parents = {Path(e.path).name: e.imported_from for e in d.entries if e.imported_from}
    assert parents == {
        "nested.md": str(top),
        "inner.md": str(ws / "src/nested.md"),
        "simple.md": str(top),
    }


# -- describe('validateImportPath') -----------------------------------------------------


def test_should_reject_urls(tree: Path, ws: Path) -> None:
    urls = ["https://example.com/file.md", "http://example.com/file.md", "file:///path/to/file.md"]
    write(ws / "GEMINI.md", " ".join("@" + u for u in urls))
    found = errors(gemini(tree))
    assert [e.path for e in found] == urls
    assert all("does not import URLs" in e.reason for e in found)


def test_should_allow_paths_within_allowed_directories(tree: Path, ws: Path) -> None:
    write(ws / "base/GEMINI.md", f"@./file.md @../file.md @sub @{ws / 'allowed/nested/file.md'}")
    write(ws / "base/file.md", "here")
    write(ws / "file.md", "parent")
    write(ws / "base/sub", "no extension needed")
    write(ws / "allowed/nested/file.md", "absolute, inside")
    d = gemini(tree, ws / "base")
    assert names(d, tree) == [
        "ws/base/GEMINI.md",
        "ws/base/file.md",
        "ws/file.md",
        "ws/base/sub",
        "ws/allowed/nested/file.md",
    ]
    assert errors(d) == []


def test_should_reject_paths_outside_allowed_directories(tree: Path) -> None:
    """Without a boundary marker the allowed directory is the top file's own folder."""
    base = tree / "ws/base"
    forbidden = write(tree / "ws/forbidden/file.md", "forbidden")
    write(tree / "sensitive/file.md", "sensitive")
    write(base / "GEMINI.md", f"@{forbidden} @../forbidden/file.md @../../sensitive/file.md")
    found = errors(gemini(tree, base))
    assert len(found) == 3 and all(f"outside {base}," in e.reason for e in found)


def test_should_handle_relative_paths_correctly(tree: Path, ws: Path) -> None:
    write(ws / "base/GEMINI.md", "@file.md @./file.md @../parent/file.md @nested/sub/file.md")
    write(ws / "base/file.md", "here")
    write(ws / "parent/file.md", "sibling folder, inside the repository")
    write(ws / "base/nested/sub/file.md", "nested")
    d = gemini(tree, ws / "base")
    second = [e for e in d.entries if e.path == str(ws / "base/file.md") and e.order is None]
    assert names(d, tree) == [
        "ws/base/GEMINI.md",
        "ws/base/file.md",
        "ws/parent/file.md",
        "ws/base/nested/sub/file.md",
    ]
    assert "second copy" in second[0].reason, "gemini inlines base/file.md twice"
    (ws / ".git").rmdir()
    (e,) = errors(gemini(tree, ws / "base"))
    assert e.path == str(ws / "parent/file.md") and "is refused" in e.reason


def test_should_handle_absolute_paths_correctly(tree: Path, ws: Path) -> None:
    allowed = ws / "allowed"
    write(allowed / "file.md", "direct")
    write(allowed / "nested/file.md", "nested")
    forbidden = write(tree / "forbidden/file.md", "forbidden")
    write(
        ws / "base/GEMINI.md",
        f"@{allowed / 'file.md'}\n@{allowed / 'nested/file.md'}\n@{forbidden}\n",
    )
    d = gemini(tree, ws / "base")
    assert names(d, tree)[1:] == ["ws/allowed/file.md", "ws/allowed/nested/file.md"]
    assert [e.path for e in errors(d)] == [str(forbidden)]
    write(ws / "base/GEMINI.md", "@./../allowed/file.md")
    assert names(gemini(tree, ws / "base"), tree)[1:] == ["ws/allowed/file.md"]


def test_should_reject_paths_that_escape_allowed_directories_via_symbolic_links(
    tree: Path, ws: Path
) -> None:
    write(tree / "outside/sensitive.md", "secret")
    try:
        (ws / "sym_outside").symlink_to(tree / "outside", target_is_directory=True)
    except OSError:
        pytest.skip("this system cannot create symbolic links")
    write(ws / "GEMINI.md", "@sym_outside/sensitive.md")
    d = gemini(tree)
    assert names(d, tree) == ["ws/GEMINI.md"]
    (e,) = errors(d)
    assert e.path == str(ws / "sym_outside/sensitive.md")
    assert f"really {tree / 'outside/sensitive.md'}" in e.reason and "real path" in e.reason


# -- the memo's edge cases (/work/research/gemini.md §4.4–4.6) ----------------------------


def test_tokens_need_no_extension_and_keep_trailing_punctuation(tree: Path, ws: Path) -> None:
    """memo §4.4: ``me@x.md.`` and ``(@./x.md)`` are no tokens; ``@README`` imports;
    ``@./x.md,`` and ``@./x.md.`` name files with the punctuation and fail."""
    write(ws / "x.md", "x")
    write(ws / "README", "readme")
    write(ws / "GEMINI.md", "mail me@x.md. See @README and @./x.md, also (@./x.md) and @./x.md.")
    d = gemini(tree)
    assert names(d, tree) == ["ws/GEMINI.md", "ws/README"]
    found = errors(d)
    assert [e.path for e in found] == [str(ws / "x.md,"), str(ws / "x.md.")]
    assert "the trailing ',' is part of the path for gemini-cli" in found[0].reason


def test_quotes_lists_tilde_fences_indented_code_and_unclosed_fences_import(
    tree: Path, ws: Path
) -> None:
    """memo §4.4: only backtick code protects; these all import."""
    for name in ("quote", "item", "tilde", "indented", "unclosed"):
        write(ws / f"{name}.md", name)
    write(
        ws / "GEMINI.md",
        "> @./quote.md\n- @./item.md\n~~~\n@./tilde.md\n~~~\n\n    @./indented.md\n\n"
        "```\n@./unclosed.md\n",
    )
    assert names(gemini(tree), tree)[1:] == [
        "ws/quote.md", "ws/item.md", "ws/tilde.md", "ws/indented.md", "ws/unclosed.md",
    ]  # fmt: skip


def test_stray_backticks_protect_across_lines(tree: Path, ws: Path) -> None:
    write(ws / "x.md", "x")
    write(ws / "GEMINI.md", "a ` b\n@./x.md\nc ` d")
    d = gemini(tree)
    assert names(d, tree) == ["ws/GEMINI.md"] and errors(d) == []


def test_prose_mentions_are_failed_imports(tree: Path, ws: Path) -> None:
    """memo §4.4: gemini replaces ``@param`` and ``@google/genai`` with a failure
    comment, so the words disappear from what the model reads; ``@1x``, ``@_x``, ``@~/x``
    fail the first-character test and stay text."""
    write(ws / "GEMINI.md", "Use @param and @google/genai.\nNot @1x, @_x, @~/x or @-x.")
    d = gemini(tree)
    assert [Path(e.path).name for e in errors(d)] == ["param", "genai."]


def test_a_file_imported_twice_is_sent_twice(tree: Path, ws: Path) -> None:
    """memo §4.5: ``S: @./x.md @./x.md`` inlines x twice in tree format; promptls lists
    its text once and says where the second copy goes. The copy's own imports repeat too,
    but a broken one is reported once."""
    write(ws / "GEMINI.md", "@./x.md @./x.md")
    write(ws / "x.md", "X @./y.md @./gone.md")
    write(ws / "y.md", "Y")
    d = gemini(tree)
    assert names(d, tree) == ["ws/GEMINI.md", "ws/x.md", "ws/y.md"]
    copies = [e for e in d.entries if e.status is EntryStatus.SKIPPED]
    assert [Path(e.path).name for e in copies] == ["x.md", "y.md"]
    assert all("sent twice" in e.reason for e in copies)
    assert "position 2" in copies[0].reason and "position 3" in copies[1].reason
    assert [Path(e.path).name for e in errors(d)] == ["gone.md"]


def test_a_cycle_between_imports_inlines_each_once(tree: Path, ws: Path) -> None:
    """memo §4.5: Root → A → B → A: A and B inline once, B's ``@./A.md`` is the cycle."""
    write(ws / "GEMINI.md", "Root @./A.md")
    write(ws / "A.md", "A body @./B.md")
    write(ws / "B.md", "B body @./A.md")
    d = gemini(tree)
    assert names(d, tree) == ["ws/GEMINI.md", "ws/A.md", "ws/B.md"]
    (e,) = errors(d)
    assert (
        e.imported_from == str(ws / "B.md")
        and "<!-- File already processed: ./A.md -->" in e.reason
    )


def test_without_a_repository_a_nested_file_cannot_import_its_parent(tree: Path) -> None:
    """memo §4.6: no marker anywhere: the root is the top file's own folder."""
    write(tree / "ws/p.md", "parent")
    write(tree / "ws/sub/GEMINI.md", "@../p.md @./here.md")
    write(tree / "ws/sub/here.md", "here")
    d = gemini(tree, tree / "ws/sub")
    assert names(d, tree) == ["ws/sub/GEMINI.md", "ws/sub/here.md"]
    (e,) = errors(d)
    assert e.path == str(tree / "ws/p.md") and f"outside {tree / 'ws/sub'}," in e.reason


def test_the_global_file_is_confined_to_its_own_folder(tree: Path, ws: Path) -> None:
    """memo §4.6: ``~/.gemini/GEMINI.md`` imports only from ``~/.gemini`` unless a
    marker lies above it; then from that folder."""
    home = tree / "home"
    write(home / ".gemini/GEMINI.md", "@./extra.md @../notes.md")
    write(home / ".gemini/extra.md", "extra")
    write(home / "notes.md", "notes")
    d = gemini(tree)
    assert names(d, tree)[:2] == ["home/.gemini/GEMINI.md", "home/.gemini/extra.md"]
    assert [e.path for e in errors(d)] == [str(home / "notes.md")]
    (home / ".git").mkdir()
    d = gemini(tree)
    assert names(d, tree)[:3] == [
        "home/.gemini/GEMINI.md", "home/.gemini/extra.md", "home/notes.md",
    ]  # fmt: skip
    assert errors(d) == []


def test_boundary_markers_from_settings_set_the_import_root(tree: Path, ws: Path) -> None:
    """``context.memoryBoundaryMarkers`` decides the confinement root too; ``[]``
    confines imports to the top file's own folder."""
    write(tree / "package.json", "{}")
    write(tree / "shared.md", "shared")
    write(ws / "GEMINI.md", "@../shared.md")
    settings = tree / "home/.gemini/settings.json"
    write(settings, json.dumps({"context": {"memoryBoundaryMarkers": ["package.json"]}}))
    assert names(gemini(tree), tree)[-1] == "shared.md"
    write(ws / "local.md", "local")
    write(ws / "GEMINI.md", "@./local.md @../shared.md")
    write(settings, json.dumps({"context": {"memoryBoundaryMarkers": []}}))
    d = gemini(tree)
    assert names(d, tree) == ["ws/GEMINI.md", "ws/local.md"]
    assert [e.path for e in errors(d)] == [str(tree / "shared.md")]


_CODE = re.compile(r"(`+)([\s\S]*?)\1")
"""gemini-cli's ``findCodeRegions`` pattern; Python's engine backtracks the same way."""


@given(st.text(alphabet="`a \n", max_size=60))
def test_code_regions_are_what_the_upstream_pattern_matches(text: str) -> None:
    assert backtick_regions(text) == [m.span() for m in _CODE.finditer(text)]


def test_code_regions_stay_linear_on_hostile_backticks() -> None:
    text = "".join("`" * n + "x" for n in range(2000, 0, -1))
    regions = backtick_regions(text)
    assert regions and regions[-1][1] <= len(text)
    assert find_imports("`" * 200_001 + " @./a.md", "gemini")[0].target == "./a.md"


def test_only_space_tab_cr_and_lf_delimit_a_token() -> None:
    """gemini-cli's ``isWhitespace`` is those four characters: a no-break space or a
    form feed neither starts nor ends a token."""
    text = "a\u00a0@./no.md @./a.md\u00a0b\t@./c.md\x0cd\r@./e.md"
    refs = find_imports(text, "gemini")
    assert [r.target for r in refs] == ["./a.md\u00a0b", "./c.md\x0cd", "./e.md"]
    assert [text[r.start : r.end] for r in refs] == ["@" + r.target for r in refs]


def test_pl013_points_at_a_token_with_its_trailing_punctuation(
    tree: Path, ws: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The broken-import warning underlines the whole token gemini reads, comma
    included, not the whole line."""
    write(ws / "x.md", "x")
    top = write(ws / "GEMINI.md", "# Rules\nSee @./x.md, and @./x.md here.\n")
    main(["check", "--format", "json", "--profile", "gemini", str(top)])
    found = [f for f in json.loads(capsys.readouterr().out) if f["code"] == "PL013"]
    assert [(f["line"], f["column"], f["end_column"]) for f in found] == [(2, 5, 13)]
    assert "x.md," in found[0]["message"]
