"""Gemini CLI's wire rendering against its sourced framing.

Upstream, google-gemini/gemini-cli @ 5411f113 (2026-08-21, read 2026-12-01), with
``packages/core/src/utils/memoryImportProcessor.test.ts`` for imports:
``packages/core/src/utils/memoryDiscovery.ts`` ``concatenateInstructions`` and
``packages/core/src/prompts/snippets.ts`` ``renderUserMemory``; the upstream test
``packages/core/src/core/prompts.test.ts`` "should render hierarchical memory with
XML tags" expects ``<global_context>\\nglobal context\\n</global_context>`` and
``<project_context>\\nproject context\\n</project_context>``, restated below with the
per-file blocks ``concatenateInstructions`` puts inside them.
"""

from __future__ import annotations

from pathlib import Path

from promptls.assembly.agents import measure, render_agent
from promptls.context import discover
from tests.core.helpers import write


def _gemini(tree: Path, cwd: Path) -> str:
    return render_agent(discover(cwd, "gemini", home=tree / "home", environ={})).wire


def _block(path: Path, text: str) -> str:
    return f"--- Context from: {path} ---\n{text}\n--- End of Context from: {path} ---"


def test_hierarchical_memory_as_the_pinned_release_sends_it(tree: Path) -> None:
    """prompts.test.ts "should render hierarchical memory with XML tags" (@ 5411f113) put
    both groups in one ``<loaded_context>``; Gemini CLI 0.61.0, run by the oracle
    (tests/oracle/test_restated.py), sends the user file at the end of the system
    instruction with no group tag and the project file in the session context."""
    write(tree / "home/.gemini/GEMINI.md", "global context\n")
    write(tree / "ws/.git/HEAD", "ref: refs/heads/main\n")
    write(tree / "ws/GEMINI.md", "\n  project context  \n")
    g, p = tree / "home/.gemini/GEMINI.md", tree / "ws/GEMINI.md"
    expected = (
        f"<loaded_context>\n{_block(g, 'global context')}\n</loaded_context>"
        f"\n<loaded_context>\n<project_context>\n{_block(p, 'project context')}\n"
        "</project_context>\n</loaded_context>"
    )
    assert _gemini(tree, tree / "ws") == expected


def test_project_files_join_with_a_blank_line(tree: Path) -> None:
    """concatenateInstructions: ``.join('\\n\\n')`` between the per-file blocks."""
    write(tree / "ws/.git/HEAD", "ref: refs/heads/main\n")
    write(tree / "ws/GEMINI.md", "root")
    write(tree / "ws/sub/GEMINI.md", "sub")
    wire = _gemini(tree, tree / "ws/sub")
    inner = (
        _block(tree / "ws/GEMINI.md", "root") + "\n\n" + _block(tree / "ws/sub/GEMINI.md", "sub")
    )
    assert f"<project_context>\n{inner}\n</project_context>" in wire
    assert "<global_context>" not in wire


def test_nothing_loaded_renders_nothing(tree: Path) -> None:
    """renderUserMemory returns '' when no section has text."""
    assert _gemini(tree, tree / "ws") == ""


def _project(tree: Path) -> Path:
    write(tree / "ws/.git/HEAD", "ref: refs/heads/main\n")
    return tree / "ws/GEMINI.md"


def test_basic_import_is_inlined_between_comments(tree: Path) -> None:
    """memoryImportProcessor.test.ts "should process basic md file imports": the
    imported text replaces the @path between Imported from / End of import from."""
    main = _project(tree)
    write(main, "Some content @./test.md more content")
    write(tree / "ws/test.md", "# Imported Content\nThis is imported.")
    body = (
        "Some content <!-- Imported from: ./test.md -->\n# Imported Content\nThis is "
        "imported.\n<!-- End of import from: ./test.md --> more content"
    )
    assert f"<project_context>\n{_block(main, body)}\n</project_context>" in _gemini(
        tree, tree / "ws"
    )


def test_nested_imports_are_inlined_recursively(tree: Path) -> None:
    """memoryImportProcessor.test.ts "should handle nested imports recursively"."""
    main = _project(tree)
    write(main, "Main @./nested.md content")
    write(tree / "ws/nested.md", "Nested @./inner.md content")
    write(tree / "ws/inner.md", "Inner content")
    wire = _gemini(tree, tree / "ws")
    inner = (
        "<!-- Imported from: ./inner.md -->\nInner content\n<!-- End of import from: ./inner.md -->"
    )
    nested = (
        f"<!-- Imported from: ./nested.md -->\nNested {inner} content\n"
        "<!-- End of import from: ./nested.md -->"
    )
    assert _block(main, f"Main {nested} content") in wire
    assert wire.count("--- Context from:") == 1  # imported files get no block of their own


def test_an_import_back_on_the_chain_is_already_processed(tree: Path) -> None:
    """memoryImportProcessor.test.ts "should handle circular imports": a file already on
    the chain becomes <!-- File already processed: X -->."""
    main = _project(tree)
    write(main, "Top @./a.md")
    write(tree / "ws/a.md", "A @./b.md")
    write(tree / "ws/b.md", "B @./a.md")
    wire = _gemini(tree, tree / "ws")
    assert "B <!-- File already processed: ./a.md -->" in wire


def test_imported_file_positions_point_at_its_text(tree: Path) -> None:
    main = _project(tree)
    write(main, "see @./extra.md now")
    write(tree / "ws/extra.md", "extra rules ✓")
    measured = measure(
        render_agent(discover(tree / "ws", "gemini", home=tree / "home", environ={}))
    )
    wire = measured.rendering.wire.encode("utf-8")
    spans = {f.path: f for f in measured.files}
    extra = spans[str(tree / "ws/extra.md")]
    assert wire[extra.position : extra.position + extra.bytes].decode("utf-8") == "extra rules ✓"
    assert spans[str(main)].bytes == len(b"see ") + len(b" now")


def test_file_spans_are_the_trimmed_content(tree: Path) -> None:
    write(tree / "ws/.git/HEAD", "ref: refs/heads/main\n")
    write(tree / "ws/GEMINI.md", "\n\nbody ✓\n\n")
    measured = measure(
        render_agent(discover(tree / "ws", "gemini", home=tree / "home", environ={}))
    )
    [span] = measured.files
    wire = measured.rendering.wire.encode("utf-8")
    assert wire[span.position : span.position + span.bytes].decode("utf-8") == "body ✓"


def test_a_missing_import_becomes_geminis_failure_comment(tree: Path) -> None:
    """Oracle scenario "gemini: a missing import" (Gemini CLI 0.61.0): a token naming no
    file is replaced by ``<!-- Import failed: TOKEN - ENOENT: … -->`` with node's message,
    trailing punctuation part of the path."""
    write(tree / "ws/.git/HEAD", "ref: refs/heads/main\n")
    write(tree / "ws/imp.md", "x")
    write(tree / "ws/GEMINI.md", "see @./imp.md, ok")
    missing = tree / "ws/imp.md,"
    assert (
        f"see <!-- Import failed: ./imp.md, - ENOENT: no such file or directory, access "
        f"'{missing}' --> ok"
    ) in _gemini(tree, tree / "ws")
