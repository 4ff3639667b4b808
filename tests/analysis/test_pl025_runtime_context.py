"""PL025 beyond the fixtures: what it must never print, and what its fix must never take."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from promptls.analysis import analyze, fix_all
from promptls.analysis.settings import Settings
from promptls.cli import main

ONLY = Settings(select=("PL025",))
EMAIL = "jo.private+work@example.org"
PASTED = (
    f"# userEmail\nThe user's email address is {EMAIL}.\n"
    "# currentDate\nToday's date is 2031-04-17.\n"
)


def test_the_email_address_is_in_no_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "CLAUDE.md"
    path.write_text("Be brief.\n\n" + PASTED, encoding="utf-8")
    for output in ("text", "json", "github", "sarif"):
        main(["check", "--format", output, str(path)])
        out = capsys.readouterr().out
        assert "PL025" in out
        assert EMAIL not in out and "example.org" not in out, output
    main(["check", "--format", "json", str(path)])
    findings = json.loads(capsys.readouterr().out)
    assert "an email address" in findings[0]["message"]


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("", ""),
        ("Intro.\n\n", "\nOutro.\n"),
        ("Intro.\n", "Outro.\n"),
        ("# Heading\n", "\n# Next\n"),
        ("Intro.\n\n", ""),
    ],
)
def test_the_fix_takes_the_block_and_at_most_one_blank_line(before: str, after: str) -> None:
    text = before + PASTED + after
    fixed = fix_all(text, path="CLAUDE.md", settings=ONLY)
    assert fixed.replace("\n", "") == (before + after).replace("\n", "")
    assert len(before + after) - len(fixed) <= 1
    assert "\n\n\n" not in fixed
    assert analyze(fixed, path="CLAUDE.md", settings=ONLY).findings == ()


def test_text_sharing_a_line_with_a_reminder_stays() -> None:
    text = (
        "Keep it short. <system-reminder>\n# currentDate\nToday's date is 2031-04-17.\n"
        "</system-reminder> Then test.\n"
    )
    fixed = fix_all(text, path="CLAUDE.md", settings=ONLY)
    assert fixed == "Keep it short.  Then test.\n"
