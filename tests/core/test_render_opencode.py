"""opencode's wire rendering against its sourced framing.

Upstream, anomalyco/opencode (read 2026-12-01): ``packages/opencode/src/session/
instruction.ts`` ``system()`` builds ``"Instructions from: " + path + "\\n" + content``
for each file with content; ``packages/opencode/src/session/llm.ts`` @ 00badcb8 joins
the system parts with ``"\\n"``.
"""

from __future__ import annotations

from pathlib import Path

from promptls.assembly.agents import Framing, render_agent
from promptls.context import discover
from tests.core.helpers import write


def test_each_file_is_headed_by_its_path_and_joined_by_a_newline(tree: Path) -> None:
    write(tree / "home/.config/opencode/AGENTS.md", "global\n")
    write(tree / "ws/.git/HEAD", "ref: refs/heads/main\n")
    write(tree / "ws/AGENTS.md", "project\n")
    found = discover(tree / "ws", "opencode", home=tree / "home", environ={})
    rendering = render_agent(found)
    paths = [f.path for f in found.files]
    expected = "\n".join(
        f"Instructions from: {path}\n{text}"
        for path, text in zip(paths, ("global\n", "project\n"), strict=True)
    )
    assert rendering.wire == expected
    assert rendering.framing is Framing.SOURCED


def test_no_files_no_text(tree: Path) -> None:
    assert (
        render_agent(discover(tree / "ws", "opencode", home=tree / "home", environ={})).wire == ""
    )
