"""PL011 and PL014 through the library: ``analyze`` with the discovery of a folder judges
what that discovery reads, and a cut starts at the entry's ``cut_at`` byte."""

from __future__ import annotations

from pathlib import Path

from promptls.analysis import analyze
from promptls.analysis.settings import Settings
from promptls.discovery import discover

BIG = "# Notes\n" + "Keep each change small; say why it is needed, ñ.\n" * 3200


def _codes(path: Path, text: str, profile: str) -> list[tuple[str, int]]:
    """(code, start) of the size findings for ``text`` saved at ``path``."""
    found = discover(path.parent, profile, home=path.parent / "no-home")
    result = analyze(text, path=str(path), settings=Settings(profile=profile), discovery=found)
    return [(f.code, f.start) for f in result.findings if f.code in ("PL011", "PL014")]


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


def test_without_a_discovery_pl011_still_marks_codexs_limit(tmp_path: Path) -> None:
    """stdin and library calls without a folder: the 32 KiB limit is all there is to say."""
    result = analyze(BIG, path="AGENTS.md", settings=Settings(profile="codex"))
    (finding,) = [f for f in result.findings if f.code == "PL011"]
    assert len(BIG[: finding.start].encode()) <= 32 * 1024 < len(BIG[: finding.start + 1].encode())


def test_a_file_the_discovery_does_not_read_gets_no_size_finding(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    other = tmp_path / "GEMINI.md"
    other.write_text(BIG * 2)
    assert _codes(other, BIG * 2, "claude") == []
    claude = tmp_path / "CLAUDE.md"
    claude.write_text(BIG * 2)
    assert _codes(claude, BIG * 2, "claude") == [("PL011", 150_000)]
