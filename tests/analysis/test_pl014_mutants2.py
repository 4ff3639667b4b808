"""PL014 on a buffer that no longer reaches the byte discovery cut on disk.

Written from the mutation run of 2026-12-01 (docs/mutation.md, "Rules changed on
2026-12-01 (second run)"): the editor's buffer was shortened after discovery read the
file; the finding falls back to the first line rather than an empty range at the end.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.analysis import analyze
from promptls.analysis.settings import Settings
from promptls.discovery import discover

from .test_size_rules_mutants import _codex_tree

FILE = "# Pkg\n" + "p" * (32 * 1024 - 7) + "\n"  # 32768 bytes; the 100-byte root leaves 32668


@pytest.mark.parametrize("kept", [32 * 1024 - 100, 10])
def test_a_buffer_ending_at_or_before_the_cut_marks_its_first_line(
    tmp_path: Path, kept: int
) -> None:
    target, _ = _codex_tree(tmp_path, FILE)
    discovery = discover(target.parent, "codex", home=tmp_path / "home", environ={})
    buffer = FILE[:kept]
    settings = Settings(profile="codex", select=("PL014",))
    found = analyze(buffer, path=str(target), settings=settings, discovery=discovery).findings
    assert [(f.code, f.start, f.end) for f in found] == [("PL014", 0, len("# Pkg"))]
    assert found[0].message.startswith("cut by the codex profile: cut at byte 32668: ")
