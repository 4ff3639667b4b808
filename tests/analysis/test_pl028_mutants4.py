"""PL028 after its early return was reordered (no hole first, then the path, then the
symlink check): the finding underlines the file's first line, and a text with holes but
no path (the library called without one, as an instruction file) gets no finding and no crash.

Written from the mutation run of session 5's speed branch (docs/mutation.md).
"""

from __future__ import annotations

from pathlib import Path

from promptls.analysis import analyze
from promptls.analysis.agents import holes_for
from promptls.analysis.coverage import Hole
from promptls.analysis.model import DocumentKind
from promptls.analysis.settings import Settings
from promptls.discovery import Discovery, discover

from .test_pl027_pl028_mutants import _repo

ONLY = Settings(select=("PL028",))


def _holes(root: Path, home: Path) -> tuple[Hole, ...]:
    def found(folder: str, agent: str) -> Discovery:
        return discover(folder, agent, home=str(home), environ={})

    return holes_for(str(root), ONLY, found)


def test_the_finding_underlines_the_first_line_of_the_shared_file(tmp_path: Path) -> None:
    root, home = _repo(tmp_path)
    holes = _holes(root, home)
    text = (root / "AGENTS.md").read_text(encoding="utf-8")
    found = analyze(text, path=str(root / "AGENTS.md"), settings=ONLY, coverage=holes)
    assert [(f.code, text[f.start : f.end]) for f in found.findings] == [("PL028", "# Rules")]


def test_holes_without_a_path_give_no_finding(tmp_path: Path) -> None:
    root, home = _repo(tmp_path)
    holes = _holes(root, home)
    assert holes  # gemini is set up and loads nothing
    text = (root / "AGENTS.md").read_text(encoding="utf-8")
    untitled = analyze(text, settings=ONLY, kind=DocumentKind.INSTRUCTION, coverage=holes)
    assert untitled.findings == ()
