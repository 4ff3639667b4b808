"""Which ``@path`` tokens each agent reads as imports, at the edges users meet: code spans
around a token after a space (Claude), escaped spaces, the line each import is reported
on (gemini), the first letters gemini accepts, which unresolved tokens are worth an
import error and which are a mention left alone, and a bare ``@~``.

Written against the mutants of ``discovery/imports.py`` that survived the rest of the
suite (docs/mutation.md).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.context import Discovery, EntryStatus, discover
from promptls.discovery.imports import find_imports
from tests.core.helpers import write


def targets(text: str, style: str) -> list[str]:
    return [ref.target for ref in find_imports(text, style)]


@pytest.mark.parametrize(
    ("line", "imported"),
    [
        ("x ` @a.md` @b.md", ["b.md"]),
        ("ab ` @a.md` @b.md", ["b.md"]),  # the span starts at an odd offset
        ("`` @a.md `` @b.md", ["b.md"]),
        ("`` ` @a.md `` @b.md", ["b.md"]),  # a single backtick inside a double span
        ("` @a.md `` @b.md", ["a.md", "b.md"]),  # runs of different lengths close nothing
        ("`` x ` @a.md ` @b.md", ["b.md"]),  # an unclosed run, then a span
        ("x ` @a.md", ["a.md"]),  # an unclosed run at the end
        ("@a.md `", ["a.md"]),
        ("@a.md ``", ["a.md"]),
        ("` x ` @a.md ` @b.md `", ["a.md"]),  # two spans, the import between them
    ],
)
def test_claude_skips_tokens_inside_code_spans(line: str, imported: list[str]) -> None:
    assert targets(line, "claude") == imported
    assert targets(f"intro\n{line}\n", "claude") == imported


def test_claude_reads_an_escaped_space_as_part_of_the_path() -> None:
    [ref] = find_imports("see @docs/my\\ notes.md now", "claude")
    assert ref.target == "docs/my notes.md"
    assert (ref.start, ref.end) == (4, 22)


def test_gemini_reports_each_import_on_its_own_line() -> None:
    text = "\n@./a.md\n\ntext @./b.md\n`\n`\n@./c.md @./d.md\n"
    refs = find_imports(text, "gemini")
    assert [(r.target, r.line) for r in refs] == [
        ("./a.md", 2),
        ("./b.md", 4),
        ("./c.md", 7),
        ("./d.md", 7),
    ]


def test_gemini_goes_on_after_a_token_that_is_no_import() -> None:
    assert targets("@123 @-x @./a.md", "gemini") == ["./a.md"]


@pytest.mark.parametrize("name", ["a", "z", "A", "Z", "Y"])
def test_gemini_accepts_every_ascii_letter_first(name: str) -> None:
    assert targets(f"@{name}b.md", "gemini") == [f"{name}b.md"]


@pytest.mark.parametrize("name", ["@", "[", "`", "{", "_"])
def test_gemini_refuses_a_first_character_next_to_the_letters(name: str) -> None:
    assert targets(f"@{name}b.md", "gemini") == []


# -- what Claude reports when a token resolves to no file -------------------------------


def claude(tree: Path, text: str) -> Discovery:
    write(tree / "ws/CLAUDE.md", text)
    (tree / "ws/.git").mkdir(parents=True, exist_ok=True)
    return discover(tree / "ws", "claude", home=tree / "home", environ={})


def import_errors(d: Discovery) -> list[str]:
    return [
        e.reason.split(" on line")[0] for e in d.entries if e.status is EntryStatus.IMPORT_ERROR
    ]


@pytest.mark.parametrize(
    "token",
    ["@../shared/notes", "@~/notes", "@/etc/promptls-none", "@missing.md", "@config/X.yml"],
)
def test_an_explicit_path_that_names_no_file_is_reported(tree: Path, token: str) -> None:
    assert import_errors(claude(tree, f"rules\n{token}\n")) == [token]


@pytest.mark.parametrize(
    "token", ["@example.com/team", "@docs/v1.2/intro", "@team/.profile", "@alice"]
)
def test_a_mention_that_names_no_file_is_left_alone(tree: Path, token: str) -> None:
    d = claude(tree, f"ask {token} first\n")
    assert import_errors(d) == []
    assert [f.path for f in d.files] == [str(tree / "ws/CLAUDE.md")]


def test_a_bare_tilde_is_the_home_folder_not_a_file_named_tilde(tree: Path) -> None:
    write(tree / "ws/~", "a file literally named ~")
    d = claude(tree, "home is @~ here\n")
    assert [f.path for f in d.files] == [str(tree / "ws/CLAUDE.md")]
    assert import_errors(d) == []


def test_claude_reads_crlf_fences_and_tokens() -> None:
    text = "@a.md\r\n```\r\n @b.md\r\n```\r\n@c.md\r\n"
    assert [(r.target, r.line) for r in find_imports(text, "claude")] == [("a.md", 1), ("c.md", 5)]
