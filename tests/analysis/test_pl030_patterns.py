"""PL030's module-level patterns, pinned by the fence a user sees reported.

``_OPENER`` (how long an opening run is), ``_ITEM`` (which markers start a list item and
its content column), the fence lines blanked before imports are read, the line breaks,
and the shortcuts' patterns (``_RELEVANT``, ``_RESET``, ``_RUN``), each on the text a
variant answered differently. Written against the variants of
``scripts/mutation --patterns`` (docs/mutation.md, "Module-level patterns").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.analysis import analyze
from promptls.analysis.model import Severity
from promptls.analysis.rules.pl030_unclosed_fence import closing_edit, open_fence
from promptls.analysis.settings import Settings
from promptls.discovery import discover


def _never_closed(run: str, lines: int) -> str:
    what = f"the {lines} line(s) after it"
    return (
        f"this {run} fence is never closed: it runs to the end of the file, so {what} read "
        f"as code, not instructions; close it with {run} on its own line (or, if it was "
        "meant to close an earlier block, give that block its opening fence)"
    )


def _pl030(text: str) -> list[tuple[str, str]]:
    """(marked text, message) of each PL030 finding; both ways of reading agree."""
    found = analyze(text, path="AGENTS.md", settings=Settings(select=("PL030",))).findings
    shown = [(text[f.start : f.end], f.message) for f in found]
    fences = {open_fence(text, every_line=every) for every in (False, True)}
    assert len(fences) == 1
    return shown


@pytest.mark.parametrize("two", ["``", "~~"])
def test_two_backticks_or_tildes_open_no_fence_inside_a_block_quote(two: str) -> None:
    text = f"> {two} marks a span\n> ```sh\n> make\n"
    assert _pl030(text) == [("```sh", _never_closed("```", 1))]


def test_two_backticks_open_no_fence_with_lone_cr_breaks() -> None:
    text = "``\rx\r```sh\rmake\r"
    assert _pl030(text) == [("```sh", _never_closed("```", 1))]


@pytest.mark.parametrize("marker", ["-", "+", "*", "1.", "1)"])
def test_every_list_marker_holds_a_fence(marker: str) -> None:
    indent = " " * (len(marker) + 1)
    text = f"{marker} ```sh\n{indent}make\n"
    assert _pl030(text) == [("```sh", _never_closed("```", 1))]
    assert _pl030(text + f"{indent}```\n") == []


@pytest.mark.parametrize("marker", [".", ")", "x.", "-1."])
def test_a_marker_without_its_digits_starts_no_item(marker: str) -> None:
    assert _pl030(f"{marker} ```sh\n   make\n") == []


def test_a_ten_digit_number_starts_no_item() -> None:
    assert _pl030("1234567890. ```\n            x\n") == []
    assert _pl030("123456789. ```\n           x\n") == [("```", _never_closed("```", 1))]


@pytest.mark.parametrize(
    "text",
    [
        "-   \n  ```\nprose\n",  # a marker with only blanks after it: content column 2
        "-\n  ```\nprose\n",  # a bare marker
    ],
)
def test_a_fence_in_an_empty_item_ends_with_it(text: str) -> None:
    assert _pl030(text) == []


@pytest.mark.parametrize("text", ["-x```sh\n  make\n", "1.5 ```sh\n    make\n"])
def test_a_marker_glued_to_text_starts_no_item(text: str) -> None:
    assert _pl030(text) == []


def _swallowed(tmp_path: Path, text: str, profile: str) -> tuple[Severity, str]:
    """PL030's severity and message for ``text`` as the profile's instruction file, in a
    repository where docs/a.md exists."""
    (tmp_path / ".git").mkdir(parents=True, exist_ok=True)
    (tmp_path / "docs").mkdir(exist_ok=True)
    (tmp_path / "docs" / "a.md").write_text("x\n", encoding="utf-8")
    name = "CLAUDE.md" if profile == "claude" else "GEMINI.md"
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    home = tmp_path / "home"
    home.mkdir()
    found = discover(str(tmp_path), profile, home=home, environ={})
    settings = Settings(select=("PL030",))
    [finding] = analyze(text, path=str(path), settings=settings, discovery=found).findings
    return finding.severity, finding.message


SWALLOWED = "; the agent does not import @docs/a.md from inside it"


@pytest.mark.parametrize(
    ("text", "profile"),
    [
        # A second opening line (the author forgot the closer) and fence lines of either
        # kind, bare or with an info string, indented or quoted, are blanked before the
        # agent's import parser reads the swallowed text: none of them hides the import.
        ("```\nx\n```sh\n@docs/a.md\n", "claude"),
        ("```\nx\n~~~\n@docs/a.md\n", "claude"),
        ("```\nx\n  ~~~\n@docs/a.md\n", "claude"),
        ("```\nx\n> ```\n@docs/a.md\n> ```\n", "claude"),
        ("```\nx\n\t```\n@docs/a.md\n\t```\n", "claude"),
    ],
)
def test_fence_lines_after_the_open_fence_hide_no_import(
    tmp_path: Path, text: str, profile: str
) -> None:
    severity, message = _swallowed(tmp_path, text, profile)
    assert severity is Severity.ERROR
    assert message == _never_closed("```", text.count("\n") - 1) + SWALLOWED


def test_gemini_still_imports_from_inside_an_unclosed_fence(tmp_path: Path) -> None:
    """gemini-cli's code regions are pairs of backtick runs, not fences: the import after
    an unclosed fence is still made (PL013 reports it when it fails), so PL030 says so
    and stays a warning, where Claude Code's parser skips it (an error)."""
    text = "```\nx\n\nFollow @docs/a.md\n"
    severity, message = _swallowed(tmp_path, text, "gemini")
    assert severity is Severity.WARNING
    assert message == _never_closed("```", 3) + (
        "; gemini-cli still imports @docs/a.md from inside it (its import parser sees no "
        "fence there), into what the model reads as code"
    )
    severity, message = _swallowed(tmp_path / "claude", text, "claude")
    assert (severity, message) == (Severity.ERROR, _never_closed("```", 3) + SWALLOWED)


def test_gemini_skips_an_import_up_to_the_backtick_the_open_run_pairs_with(
    tmp_path: Path,
) -> None:
    """The dangling run's last backtick pairs with the next one in the file (`make`'s),
    so gemini-cli skips the import between them and reads the one after."""
    text = "```\nx\n\nFollow @docs/a.md, then `make`.\nSee @docs/b.md\n"
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "b.md").write_text("y\n", encoding="utf-8")
    severity, message = _swallowed(tmp_path, text, "gemini")
    assert severity is Severity.ERROR
    assert message == _never_closed("```", 4) + (
        "; the agent does not import @docs/a.md, from inside it; gemini-cli still imports "
        "@docs/b.md from inside it (its import parser sees no fence there), into what the "
        "model reads as code"
    )


@pytest.mark.parametrize(
    "line",
    [
        "Run ```make``` with @docs/a.md",  # a run inside the line
        "``make`` reads @docs/a.md",  # two backticks: a code span
        "~~old~~ see @docs/a.md",  # two tildes: strikethrough
    ],
)
def test_a_line_that_is_no_fence_line_keeps_its_import(tmp_path: Path, line: str) -> None:
    severity, message = _swallowed(tmp_path, f"```\nx\n{line}\n", "claude")
    assert severity is Severity.ERROR
    assert message == _never_closed("```", 2) + SWALLOWED


def test_the_closing_fix_keeps_a_lone_cr_as_the_final_break() -> None:
    edit = closing_edit("```\rx\r")
    assert edit is not None and (edit.start, edit.end, edit.new_text) == (5, 5, "\r```")
