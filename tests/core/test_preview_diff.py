"""``first_difference``: the first byte at which a new rendering departs from an old one.

Each test edits one thing (the static doctrine, the dynamic half, an instruction file)
behind non-ASCII text and checks the byte, line and column against the wire text itself
(where the edited word sits), the piece and file named, and whether the cached prefix
survives.
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date
from pathlib import Path

from promptls.assembly.agents import (
    AgentRendering,
    Framing,
    Piece,
    PieceKind,
    measure,
    render_agent,
    render_prompt,
)
from promptls.assembly.assemble import assemble_prompt
from promptls.assembly.diff import first_difference, relocate, rendering_from_json
from promptls.context import discover
from promptls.prompt import SYSTEM_PROMPT_BOUNDARY
from promptls.views.shapes import rendering_json
from tests.core.helpers import write

TODAY = date(2026, 1, 15)
NOTES = "# Notes\n\nÜber-wichtig: ünïcödé ✓ 日本語 🚀 before the word\nuse ALPHA here\n"


def _or(folder: Path, home: Path, system: str | None = None) -> AgentRendering:
    prompt = assemble_prompt(folder, profile="or", system_text=system, home=home, today=TODAY)
    return render_prompt(prompt)


def _expected_place(wire: str, word: str) -> tuple[int, int, int]:
    """Byte, 0-based line and code-point column of ``word`` in ``wire``."""
    offset = wire.index(word)
    before = wire[:offset]
    return len(before.encode("utf-8")), before.count("\n"), offset - (before.rfind("\n") + 1)


def test_identical_renderings_have_no_difference(tree: Path) -> None:
    write(tree / "ws/AGENTS.md", NOTES)
    assert first_difference(_or(tree / "ws", tree), _or(tree / "ws", tree)) is None


def test_instruction_file_edit_is_found_in_the_dynamic_half(tree: Path) -> None:
    write(tree / "ws/AGENTS.md", NOTES)
    old = _or(tree / "ws", tree)
    write(tree / "ws/AGENTS.md", NOTES.replace("ALPHA", "BRAVO"))
    new = _or(tree / "ws", tree)
    diff = first_difference(old, new)
    assert diff is not None
    assert (diff.byte, diff.line, diff.column) == _expected_place(old.wire, "ALPHA")
    assert diff.byte != old.wire.index("ALPHA")  # non-ASCII before it: bytes != code points
    assert diff.offset == old.wire.index("ALPHA")
    assert new.wire.encode()[diff.byte :].startswith(b"BRAVO")
    agents = str(tree / "ws/AGENTS.md")
    assert (diff.old.kind, diff.old.path) == (PieceKind.FILE, agents)
    assert diff.new.excerpt.startswith("BRAVO here")
    assert diff.changed_files == (agents,)
    assert not diff.in_cached_prefix  # or's doctrine is the cached block; files are after


def test_static_doctrine_edit_is_inside_the_cached_prefix(tree: Path) -> None:
    write(tree / "ws/AGENTS.md", NOTES)
    doctrine = "Du bist höflich ✓ — 日本語.\nRule: ONE thing\n"
    old = _or(tree / "ws", tree, doctrine)
    new = _or(tree / "ws", tree, doctrine.replace("ONE", "TWO"))
    diff = first_difference(old, new)
    assert diff is not None
    assert (diff.byte, diff.line, diff.column) == _expected_place(old.wire, "ONE")
    assert diff.old.kind is PieceKind.STATIC and diff.old.cached
    assert diff.in_cached_prefix
    assert diff.changed_files == ()


def test_dynamic_half_of_the_system_file_is_after_the_cached_prefix(tree: Path) -> None:
    write(tree / "ws/AGENTS.md", NOTES)
    system = f"Static ✓ part\n\n{SYSTEM_PROMPT_BOUNDARY}\n\nDynamisch: ä ö ü KEEP\n"
    old = _or(tree / "ws", tree, system)
    new = _or(tree / "ws", tree, system.replace("KEEP", "DROP"))
    diff = first_difference(old, new)
    assert diff is not None
    assert (diff.byte, diff.line, diff.column) == _expected_place(old.wire, "KEEP")
    assert diff.old.kind is PieceKind.DYNAMIC
    assert diff.byte >= diff.old.cached_prefix_bytes > 0
    assert not diff.in_cached_prefix


def test_codex_agents_md_edit_shifts_the_cached_prefix(tree: Path) -> None:
    write(tree / "ws/AGENTS.md", NOTES)
    old = render_agent(discover(tree / "ws", "codex", home=tree / "home", environ={}))
    write(tree / "ws/AGENTS.md", NOTES.replace("ALPHA", "BRAVO"))
    new = render_agent(discover(tree / "ws", "codex", home=tree / "home", environ={}))
    diff = first_difference(old, new)
    assert diff is not None
    assert (diff.byte, diff.line, diff.column) == _expected_place(old.wire, "ALPHA")
    assert diff.in_cached_prefix
    assert diff.new.path == str(tree / "ws/AGENTS.md")


def test_added_file_is_named_where_its_framing_starts(tree: Path) -> None:
    (tree / "ws/.git").mkdir(parents=True)
    write(tree / "ws/AGENTS.md", NOTES)
    (tree / "ws/pkg").mkdir()
    old = render_agent(discover(tree / "ws/pkg", "codex", home=tree / "home", environ={}))
    write(tree / "ws/pkg/AGENTS.md", "Paket: ä\n")
    new = render_agent(discover(tree / "ws/pkg", "codex", home=tree / "home", environ={}))
    diff = first_difference(old, new)
    assert diff is not None
    added = str(tree / "ws/pkg/AGENTS.md")
    assert diff.new.kind is PieceKind.FRAMING and diff.new.path == added
    assert diff.old.kind is PieceKind.FRAMING and diff.old.path is None  # the closing tag
    assert diff.changed_files == (added,)


def test_relocated_copy_of_a_folder_compares_equal(tree: Path) -> None:
    write(tree / "a/AGENTS.md", NOTES)
    write(tree / "b/AGENTS.md", NOTES)
    old = _or(tree / "b", tree)
    assert first_difference(old, _or(tree / "a", tree)) is not None  # the paths differ
    assert (
        first_difference(relocate(old, str(tree / "b"), str(tree / "a")), _or(tree / "a", tree))
        is None
    )


def test_saved_json_rendering_round_trips(tree: Path) -> None:
    write(tree / "ws/AGENTS.md", NOTES)
    rendering = _or(tree / "ws", tree)
    saved = json.loads(json.dumps({"rendering": rendering_json(measure(rendering))}))
    loaded = rendering_from_json(saved)
    assert loaded is not None
    assert loaded.pieces == rendering.pieces
    assert rendering_from_json({"rendering": {"wire": "x", "blocks": [{"kind": "?"}]}}) is None
    assert rendering_from_json(["not", "a", "preview"]) is None


def test_crlf_and_lone_surrogates_before_the_difference() -> None:
    """Lines break at CRLF as in LSP; a lone surrogate (lenient decoding) counts 3 bytes."""
    head = Piece("intro\r\nzwei ✓\r\n", PieceKind.FRAMING, cached=True)
    body = "bad \udcff byte\r\nthen ALPHA"
    old = AgentRendering(
        "x", "x", (head, Piece(body, PieceKind.FILE, "/f", True)), Framing.SOURCED, "", ""
    )
    new_body = body.replace("ALPHA", "BRAVO")
    new = replace(old, pieces=(head, Piece(new_body, PieceKind.FILE, "/f", True)))
    diff = first_difference(old, new)
    assert diff is not None
    before = old.wire[: old.wire.index("ALPHA")]
    assert diff.byte == len(before.encode("utf-8", "surrogatepass"))
    assert (diff.line, diff.column) == (3, len("then "))
    assert diff.in_cached_prefix and diff.old.path == "/f"
