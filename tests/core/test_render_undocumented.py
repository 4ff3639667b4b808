"""Copilot and Cursor: content only, and the output says the framing is not documented
(nothing invented). Claude's block-level HTML comments are gone (Claude Code 2.1.72,
CHANGELOG 2026-03-10; ``discovery/comments.py``) from its observed framing."""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.assembly.agents import Framing, PieceKind, measure, render_agent
from promptls.context import discover
from promptls.views.text import rendering_text
from tests.core.helpers import write


@pytest.mark.parametrize("profile", ["cursor"])
def test_content_only_and_said_so(tree: Path, profile: str) -> None:
    write(tree / "ws/.git/HEAD", "ref: refs/heads/main\n")
    write(tree / "ws/AGENTS.md", "shared rules\n")
    write(tree / "ws/CLAUDE.md", "claude rules\n")
    write(tree / "ws/.cursor/rules/always.mdc", "---\nalwaysApply: true\n---\ncursor rule\n")
    write(tree / "ws/.github/copilot-instructions.md", "copilot rules\n")
    found = discover(tree / "ws", profile, home=tree / "home", environ={})
    measured = measure(render_agent(found))
    rendering = measured.rendering
    assert found.files
    assert rendering.framing is Framing.NOT_DOCUMENTED
    assert "framing not documented" in rendering_text(measured)
    framing = [p.piece.text for p in measured.pieces if p.piece.kind is PieceKind.FRAMING]
    assert set(framing) <= {"\n\n"}
    for file in found.files:
        assert file.content in rendering.wire


def test_claude_drops_block_html_comments(tree: Path) -> None:
    write(tree / "ws/.git/HEAD", "ref: refs/heads/main\n")
    write(tree / "ws/CLAUDE.md", "keep\n<!-- note for humans -->\nalso keep\n")
    wire = render_agent(discover(tree / "ws", "claude", home=tree / "home", environ={})).wire
    assert "note for humans" not in wire
    assert "keep" in wire and "also keep" in wire
