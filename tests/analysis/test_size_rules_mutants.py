"""The size rules at their boundaries: PL009's cache minimum, PL011's per-profile limits
and PL014's cut, which starts at the byte discovery cuts (PL011 leaves codex's budget to
it when there is a discovery).

Written against mutation testing (docs/mutation.md): each case sits one unit either side
of a limit, or counts in the unit the profile counts (codex: UTF-8 bytes, Claude Code:
characters), where a small slip in the rule would move or drop a finding.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.analysis import analyze
from promptls.analysis.cache_minimums import minimum_for
from promptls.analysis.model import Finding
from promptls.config import Settings
from promptls.discovery import discover

from .conftest import MARKER


def _found(text: str, code: str, path: str = "x.prompt", **settings: object) -> list[Finding]:
    chosen = Settings(select=(code,), **settings)  # type: ignore[arg-type]
    return list(analyze(text, path=path, settings=chosen).findings)


# PL009


@pytest.mark.parametrize(
    ("model", "minimum"),
    [
        ("claude-opus-4.5", 4096),  # dots read as dashes, not as claude-opus-4 (1024)
        (" Claude_Haiku_4_5-20251001 ", 4096),
        ("anthropic/claude-opus-4-5", 4096),  # a provider prefix is dropped
        ("openrouter/anthropic/claude-opus-4.5", 4096),
        ("claude-opus-4-20250514", 1024),
        ("gpt-4o", 1024),
        ("gemini-2.5-pro", 2048),  # dated Google row (analysis/cache_minimums.py)
        ("gemini-9", None),  # a model the table does not know: no finding
    ],
)
def test_pl009_model_names_are_normalised_before_the_table(model: str, minimum: int | None) -> None:
    known = minimum_for(model)
    assert (known[0] if known else None) == minimum


def test_pl009_message_names_the_estimate_the_minimum_and_the_model() -> None:
    text = f"Doctrine.\n\n{MARKER}\n\nTurn."
    (finding,) = _found(text, "PL009", model="claude-sonnet-4-5")
    assert (finding.start, finding.end) == (11, 11 + len(MARKER))
    assert finding.message == (
        "static half is about 3 tokens (estimated at 4 characters a token for ASCII, 2 for "
        "other letters and 1 for CJK and emoji; real counts differ by up to a quarter), "
        "below the 1024-token minimum cacheable prefix of claude-sonnet-4-5 even so: unless "
        "tools or earlier blocks make the prefix long enough, caching silently does nothing"
    )


def test_pl009_reports_only_below_the_minimum_less_the_estimates_error() -> None:
    """1024 tokens, and real counts up to a quarter above the estimate: an estimate of
    820 (×1.25 = 1025) may reach the minimum, 819 (×1.25 = 1023.75) cannot."""
    settings = {"model": "claude-sonnet-4-5"}  # ASCII is 4 characters a token
    assert _found(f"{'w' * 4091}\n\n{MARKER}\n\nTurn.", "PL009", **settings) == []  # 1024
    assert _found(f"{'w' * 4090}\n\n{MARKER}\n\nTurn.", "PL009", **settings) == []  # 1023
    at_margin = "w" * 3277 + "\n\n"  # 3279 characters: 820 tokens
    assert _found(f"{at_margin}{MARKER}\n\nTurn.", "PL009", **settings) == []
    below = "w" * 3274 + "\n\n"  # 3276 characters: 819 tokens
    (finding,) = _found(f"{below}{MARKER}\n\nTurn.", "PL009", **settings)
    assert "about 819 tokens" in finding.message


def test_pl009_a_one_character_static_half_is_still_checked() -> None:
    (finding,) = _found(f"x{MARKER}\n\nTurn.", "PL009", model="claude-sonnet-4-5")
    assert "about 1 tokens" in finding.message
    assert _found(f"{MARKER}\n\nTurn.", "PL009", model="claude-sonnet-4-5") == []
    assert _found(f" \n\n{MARKER}\n\nTurn.", "PL009", model="claude-sonnet-4-5") == []


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
