"""PL014 (cut-by-budget) beyond its fixtures: exact messages, spans and fixes at
the edges of what it reports.

Its positive and negative cases are files in ``tests/analysis/testdata/PL014/``
(run by ``tests/analysis/test_fixtures.py``); ``scripts/test --rule PL014`` runs
this module, those fixtures and its docs check.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.analysis import analyze
from promptls.analysis.model import Finding
from promptls.analysis.settings import Settings
from promptls.discovery import discover
from tests.analysis.rules.test_pl011 import BIG
from tests.analysis.rules.test_pl013 import _check, _spans

# PL011 and PL014 through the library: ``analyze`` with the discovery of a folder judges
# what that discovery reads, and a cut starts at the entry's ``cut_at`` byte.


def test_a_file_cut_by_the_read_cap_is_reported_from_its_cut(tmp_path: Path) -> None:
    """The read cap backs off to a character boundary: the finding starts where the
    entry says, not at the cap."""
    (tmp_path / ".git").mkdir()
    claude = tmp_path / "CLAUDE.md"
    claude.write_text(BIG)
    cap = BIG.encode().index("ñ".encode(), 10_000) + 1  # inside a two-byte character
    found = discover(tmp_path, "claude", home=tmp_path / "no-home", max_bytes=cap)
    (entry,) = [e for e in found.entries if e.path == str(claude)]
    assert entry.status == "cut" and entry.cut_at == cap - 1
    result = analyze(BIG, path=str(claude), settings=Settings(profile="claude"), discovery=found)
    (finding,) = [f for f in result.findings if f.code == "PL014"]
    assert finding.start == len(BIG.encode()[: entry.cut_at].decode("utf-8"))
    assert finding.end == len(BIG)
    assert f"cut at byte {entry.cut_at}: " in finding.message


# The size rules at their boundaries: PL009's cache minimum, PL011's per-profile limits
# and PL014's cut, which starts at the byte discovery cuts (PL011 leaves codex's budget to
# it when there is a discovery).
#
# Written against mutation testing (docs/mutation.md): each case sits one unit either side
# of a limit, or counts in the unit the profile counts (codex: UTF-8 bytes, Claude Code:
# characters), where a small slip in the rule would move or drop a finding.


# PL014 reports every cut from the byte discovery cuts; PL011 leaves codex's budget to it
def _codex_tree(tmp_path: Path, nested: str) -> tuple[Path, list[Finding]]:
    root = tmp_path / "ws"
    (root / ".git").mkdir(parents=True)
    (root / "AGENTS.md").write_text("# Root\n" + "r" * 92 + "\n", encoding="utf-8")  # 100 bytes
    (root / "pkg").mkdir()
    target = root / "pkg" / "AGENTS.md"
    target.write_text(nested, encoding="utf-8")
    home = tmp_path / "home"
    home.mkdir()
    discovery = discover(root / "pkg", "codex", home=home, environ={})
    settings = Settings(profile="codex", select=("PL011", "PL014"))
    found = analyze(nested, path=str(target), settings=settings, discovery=discovery).findings
    return target, list(found)


def test_pl014_reports_a_file_at_the_limit_that_an_earlier_file_pushed_over(
    tmp_path: Path,
) -> None:
    nested = "# Pkg\n" + "p" * (32 * 1024 - 7) + "\n"  # 32768 bytes
    _, found = _codex_tree(tmp_path, nested)
    assert [f.code for f in found] == ["PL014"]
    assert found[0].message.startswith("cut by the codex profile: cut at byte 32668: ")
    assert (found[0].start, found[0].end) == (32 * 1024 - 100, len(nested))


def test_pl014_alone_reports_a_file_over_its_own_byte_limit_at_the_cut(tmp_path: Path) -> None:
    """Changed on purpose (issue 13): PL011 used to mark byte 32768 of this file, though
    the root had already spent 100 bytes of the budget; the cut is at byte 32668."""
    _, found = _codex_tree(tmp_path, "é" * 16500)  # 33000 bytes, 16500 characters
    assert [(f.code, f.start) for f in found] == [("PL014", 16334)]  # 32668 bytes in


def test_pl014_a_cut_inside_a_character_starts_at_that_character(tmp_path: Path) -> None:
    text = "a" + "é" * 16500  # byte 32668 is the second byte of the é at index 16334
    _, found = _codex_tree(tmp_path, text)
    assert [(f.code, f.start, f.end) for f in found] == [("PL014", 16334, len(text))]


# The rules that read a discovery (PL013, PL017) on real trees: where each finding is
# shown and which file it belongs to.
#
# Written against mutation testing (docs/mutation.md). Each tree is a repository root with
# an empty home, discovered the way ``promptls check`` does.


# PL014: a file the budget leaves out entirely
def test_pl014_reports_a_dropped_file_after_another_files_cut(tmp_path: Path) -> None:
    files = {
        "AGENTS.md": "# Root\n" + "r" * 40000 + "\n",  # cut: over the 32 KiB budget alone
        "pkg/AGENTS.md": "# Pkg\nUse tabs.\n",
    }
    text, found = _check(tmp_path, files, "codex", "pkg/AGENTS.md", "PL014")
    assert _spans(text, found) == ["# Pkg"]
    assert found[0].message.startswith("dropped by the codex profile: ")


# PL014 on a buffer that no longer reaches the byte discovery cut on disk.
#
# Written from the mutation run of 2026-12-01 (docs/mutation.md, "Rules changed on
# 2026-12-01 (second run)"): the editor's buffer was shortened after discovery read the
# file; the finding falls back to the first line rather than an empty range at the end.


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
