"""PL011 (instruction-file-too-large) beyond its fixtures: exact messages, spans and fixes at
the edges of what it reports.

Its positive and negative cases are files in ``tests/analysis/testdata/PL011/``
(run by ``tests/analysis/test_fixtures.py``); ``scripts/test --rule PL011`` runs
this module, those fixtures and its docs check.
"""

from __future__ import annotations

from pathlib import Path

from promptls.analysis import analyze
from promptls.analysis.model import Finding
from promptls.config import Settings
from promptls.discovery import discover
from tests.analysis.conftest import codes

# Rule behaviour that is not one fixture: exact spans, settings, kinds, ordering.
#
# Each rule's positive and negative cases are fixtures in ``testdata/`` (test_fixtures.py).


def test_pl011_size_budget_for_codex() -> None:
    big = "x" * (33 * 1024)
    found = analyze(big, path="AGENTS.md", settings=Settings(profile="codex")).findings
    (finding,) = [f for f in found if f.code == "PL011"]
    assert finding.start == 32 * 1024
    assert "PL011" not in codes(big, "AGENTS.md", settings=Settings(profile="or"))


# PL011 and PL014 through the library: ``analyze`` with the discovery of a folder judges
# what that discovery reads, and a cut starts at the entry's ``cut_at`` byte.


BIG = "# Notes\n" + "Keep each change small; say why it is needed, ñ.\n" * 3200


def _codes(path: Path, text: str, profile: str) -> list[tuple[str, int]]:
    """(code, start) of the size findings for ``text`` saved at ``path``."""
    found = discover(path.parent, profile, home=path.parent / "no-home")
    result = analyze(text, path=str(path), settings=Settings(profile=profile), discovery=found)
    return [(f.code, f.start) for f in result.findings if f.code in ("PL011", "PL014")]


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


# The size rules at their boundaries: PL009's cache minimum, PL011's per-profile limits
# and PL014's cut, which starts at the byte discovery cuts (PL011 leaves codex's budget to
# it when there is a discovery).
#
# Written against mutation testing (docs/mutation.md): each case sits one unit either side
# of a limit, or counts in the unit the profile counts (codex: UTF-8 bytes, Claude Code:
# characters), where a small slip in the rule would move or drop a finding.


def _found(text: str, code: str, path: str = "x.prompt", **settings: object) -> list[Finding]:
    chosen = Settings(select=(code,), **settings)  # type: ignore[arg-type]
    return list(analyze(text, path=path, settings=chosen).findings)


# PL011: codex counts UTF-8 bytes, Claude Code characters
def test_pl011_codex_counts_bytes_and_marks_the_first_character_past_the_limit() -> None:
    over = "é" * 16385  # 32770 bytes, 16385 characters
    (finding,) = _found(over, "PL011", "AGENTS.md", profile="codex")
    assert (finding.start, finding.end) == (16384, 16385)
    assert finding.message == (
        "file is 32770 bytes, over the codex profile's limit of 32768 bytes: codex cuts its "
        "instruction files at 32 KiB in total (from here on)"
    )
    assert _found("é" * 16384, "PL011", "AGENTS.md", profile="codex") == []  # 32768 bytes
    (mixed,) = _found("a" + "é" * 16384, "PL011", "AGENTS.md", profile="codex")
    assert mixed.start == 16384  # bytes 32767-32768 are the character that crosses


def test_pl011_claude_counts_characters() -> None:
    assert _found("é" * 150000, "PL011", "CLAUDE.md", profile="claude") == []  # 300000 bytes
    (finding,) = _found("é" * 150001, "PL011", "CLAUDE.md", profile="claude")
    assert (finding.start, finding.end) == (150000, 150001)
    assert finding.message == (
        "file is 150001 characters, over the claude profile's limit of 150000 characters: "
        "Claude Code warns at start-up that a CLAUDE.md over 150k characters uses up "
        "context (from here on)"
    )
