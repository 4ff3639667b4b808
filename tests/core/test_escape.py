"""Text from files reaches a terminal only as something a reader can see: every control
and invisible character of the one table in ``promptls.text.chars`` becomes an escape."""

from __future__ import annotations

from promptls.analysis import analyze
from promptls.text.chars import CONTROL_RANGES, INVISIBLE_RANGES
from promptls.text.escape import safe_block, safe_line

EVERY_UNSAFE = "".join(
    chr(code)
    for low, high, _ in (*CONTROL_RANGES, *INVISIBLE_RANGES)
    for code in range(low, high + 1)
)


def test_a_line_shows_no_character_of_the_table() -> None:
    shown = safe_line(f"a{EVERY_UNSAFE}b")
    assert shown.isascii() and shown.isprintable()
    assert shown.startswith("a\\x00\\x01") and shown.endswith("\\U000e007fb")


def test_a_block_keeps_its_lines_and_tabs_but_no_lone_carriage_return() -> None:
    assert safe_block("one\r\n\ttwo\rthree\x1b[2J") == "one\n\ttwo\\x0dthree\\x1b[2J"
    assert safe_line("one\n\ttwo") == "one\\x0a\\x09two"


def test_escapes_name_the_character_unambiguously() -> None:
    assert safe_line("\u202e\ufeff\U000e0041") == "\\u202e\\ufeff\\U000e0041"
    assert safe_line("ünïcödé ✓") == "ünïcödé ✓"


def test_pl010_and_the_terminal_agree_on_deprecated_format_characters() -> None:
    text = "Always run the tests.\u206a Never push.\n"
    found = analyze(text, path="AGENTS.md").findings
    assert [f.code for f in found] == ["PL010"]
    assert "\\u206a" in safe_line(text)
