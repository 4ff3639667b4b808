"""Codex's wire rendering against its sourced framing, restating upstream tests.

Upstream, read 2026-12-01: ``codex-rs/core/src/agents_md_tests.rs`` at 04393ff9 and
``codex-rs/core/src/agents_md.rs`` at 0cf644af (``AGENTS_MD_SEPARATOR``,
``legacy_text``); the wrapper is ``UserInstructions::serialize_to_text``. Each test
names the upstream test whose expectation it restates; no code was copied.
"""

from __future__ import annotations

from pathlib import Path

from promptls.assembly.agents import Framing, PieceKind, measure, render_agent
from promptls.context import discover
from tests.core.helpers import write

SEP = "\n\n--- project-doc ---\n\n"


def _codex(tree: Path, cwd: Path, *, limit: int | None = None) -> str:
    home = tree / "h"
    home.mkdir(exist_ok=True)
    if limit is not None:
        write(home / "config.toml", f"project_doc_max_bytes = {limit}\n")
    found = discover(cwd, "codex", home=tree / "home", environ={"CODEX_HOME": str(home)})
    return render_agent(found).wire


def _wrapped(cwd: Path, inner: str) -> str:
    return f"# AGENTS.md instructions for {cwd}\n\n<INSTRUCTIONS>\n{inner}\n</INSTRUCTIONS>"


def test_merges_existing_instructions_with_agents_md(tree: Path) -> None:
    """Upstream ``merges_existing_instructions_with_agents_md``: user text, the
    project-doc separator, then the project doc."""
    write(tree / "h/AGENTS.md", "base instructions")
    write(tree / "ws/AGENTS.md", "proj doc")
    assert _codex(tree, tree / "ws") == _wrapped(tree / "ws", f"base instructions{SEP}proj doc")


def test_the_user_file_alone_names_no_folder(tree: Path) -> None:
    """Oracle scenario "codex: the user file alone" (Codex CLI 0.171.0): the title has
    no ``for CWD`` when no project file is sent; the user text is trimmed."""
    write(tree / "h/AGENTS.md", "\n  base instructions  \n")
    expected = "# AGENTS.md instructions\n\n<INSTRUCTIONS>\nbase instructions\n</INSTRUCTIONS>"
    assert _codex(tree, tree / "ws") == expected


def test_concatenates_root_and_cwd_docs(tree: Path) -> None:
    """Upstream ``concatenates_root_and_cwd_docs``: root then cwd, one blank line."""
    write(tree / "repo/.git", "gitdir: elsewhere\n")
    write(tree / "repo/AGENTS.md", "root doc")
    write(tree / "repo/workspace/crate_a/AGENTS.md", "crate doc")
    cwd = tree / "repo/workspace/crate_a"
    assert _codex(tree, cwd) == _wrapped(cwd, "root doc\n\ncrate doc")


def test_total_byte_limit_truncates_later_project_docs(tree: Path) -> None:
    """Upstream ``total_byte_limit_truncates_later_project_docs``: the budget cuts the
    last doc and nothing is inserted at the cut."""
    write(tree / "repo/.git", "")
    write(tree / "repo/AGENTS.md", "root")
    write(tree / "repo/nested/AGENTS.md", "abcdef")
    cwd = tree / "repo/nested"
    assert _codex(tree, cwd, limit=7) == _wrapped(cwd, "root\n\nabc")


def test_primary_only_project_doc_preserves_legacy_layout(tree: Path) -> None:
    """Upstream ``primary_only_project_doc_preserves_legacy_layout_with_multiple_bound_
    environments``: the whole fragment, header through closing tag."""
    write(tree / "h/AGENTS.md", "global instructions")
    write(tree / "ws/AGENTS.md", "primary doc")
    expected = (
        f"# AGENTS.md instructions for {tree / 'ws'}\n\n<INSTRUCTIONS>\n"
        f"global instructions{SEP}primary doc\n</INSTRUCTIONS>"
    )
    assert _codex(tree, tree / "ws") == expected


def test_user_file_is_trimmed_and_project_text_is_not(tree: Path) -> None:
    """``Config::load_instructions`` trims the user-level file; project docs are sent
    as read, trailing newline included."""
    write(tree / "h/AGENTS.md", "\n  mine  \n\n")
    write(tree / "ws/AGENTS.md", "proj\n")
    assert _codex(tree, tree / "ws") == _wrapped(tree / "ws", f"mine{SEP}proj\n")


def test_no_docs_means_no_message(tree: Path) -> None:
    """Upstream ``no_doc_file_returns_none``: nothing at all is sent."""
    assert _codex(tree, tree / "ws") == ""


def test_positions_point_at_each_file_in_the_wire(tree: Path) -> None:
    write(tree / "h/AGENTS.md", "é global")
    write(tree / "ws/AGENTS.md", "project ünïcode")
    home = tree / "h"
    found = discover(tree / "ws", "codex", home=tree / "home", environ={"CODEX_HOME": str(home)})
    measured = measure(render_agent(found))
    wire = measured.rendering.wire.encode("utf-8")
    assert measured.rendering.framing is Framing.SOURCED
    assert [f.path for f in measured.files] == [str(home / "AGENTS.md"), str(tree / "ws/AGENTS.md")]
    for span, text in zip(measured.files, ("é global", "project ünïcode"), strict=True):
        assert wire[span.position : span.position + span.bytes].decode("utf-8") == text
    kinds = [p.piece.kind for p in measured.pieces]
    assert kinds == [
        PieceKind.FRAMING,
        PieceKind.FILE,
        PieceKind.FRAMING,
        PieceKind.FILE,
        PieceKind.FRAMING,
    ]
    assert measured.bytes == len(wire)
