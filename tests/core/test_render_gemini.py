"""Gemini CLI's wire rendering against its sourced framing.

Upstream, google-gemini/gemini-cli @ 5411f113 (2026-08-21, read 2026-12-01):
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


def test_hierarchical_memory_with_xml_tags(tree: Path) -> None:
    """prompts.test.ts "should render hierarchical memory with XML tags", with files."""
    write(tree / "home/.gemini/GEMINI.md", "global context\n")
    write(tree / "ws/.git/HEAD", "ref: refs/heads/main\n")
    write(tree / "ws/GEMINI.md", "\n  project context  \n")
    g, p = tree / "home/.gemini/GEMINI.md", tree / "ws/GEMINI.md"
    expected = (
        "\n---\n\n<loaded_context>\n"
        f"<global_context>\n{_block(g, 'global context')}\n</global_context>\n"
        f"<project_context>\n{_block(p, 'project context')}\n</project_context>\n"
        "</loaded_context>"
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


def test_imports_are_said_to_be_approximated(tree: Path) -> None:
    write(tree / "ws/.git/HEAD", "ref: refs/heads/main\n")
    write(tree / "ws/GEMINI.md", "see @extra.md\n")
    write(tree / "ws/extra.md", "extra rules\n")
    rendering = render_agent(discover(tree / "ws", "gemini", home=tree / "home", environ={}))
    assert any("imports approximated" in note for note in rendering.notes)
    assert "extra rules" in rendering.wire


def test_file_spans_are_the_trimmed_content(tree: Path) -> None:
    write(tree / "ws/.git/HEAD", "ref: refs/heads/main\n")
    write(tree / "ws/GEMINI.md", "\n\nbody ✓\n\n")
    measured = measure(
        render_agent(discover(tree / "ws", "gemini", home=tree / "home", environ={}))
    )
    [span] = measured.files
    wire = measured.rendering.wire.encode("utf-8")
    assert wire[span.position : span.position + span.bytes].decode("utf-8") == "body ✓"
