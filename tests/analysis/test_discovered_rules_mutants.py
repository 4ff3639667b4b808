"""The rules that read a discovery (PL013, PL017) on real trees: where each finding is
shown and which file it belongs to.

Written against mutation testing (docs/mutation.md). Each tree is a repository root with
an empty home, discovered the way ``promptls check`` does.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

import pytest

from promptls.analysis import DocumentKind, analyze
from promptls.analysis.model import Finding
from promptls.analysis.rules.discovered import first_line_span, line_span, same_file
from promptls.config import Settings
from promptls.discovery import discover
from promptls.discovery.model import EntryStatus


def _check(
    tmp_path: Path,
    files: Mapping[str, str | bytes],
    profile: str,
    name: str,
    code: str,
    text: str | None = None,
) -> tuple[str, list[Finding]]:
    """Write the tree under ``ws/``, discover from the folder of ``name``, analyse it.

    ``text`` is the editor's buffer when it differs from the file on disk.
    """
    root = tmp_path / "ws"
    (root / ".git").mkdir(parents=True)
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    home = tmp_path / "home"
    home.mkdir()
    target = root / name
    discovery = discover(target.parent, profile, home=home, environ={})
    if text is None:
        text = target.read_bytes().decode("utf-8", errors="replace")
    settings = Settings(profile=profile, select=(code,))
    found = analyze(text, path=str(target), settings=settings, discovery=discovery).findings
    return text, list(found)


def _spans(text: str, found: list[Finding]) -> list[str]:
    return [text[f.start : f.end] for f in found]


# PL013: the finding marks the @path of the broken import, else its whole line


def test_pl013_marks_each_broken_token_on_a_shared_line(tmp_path: Path) -> None:
    files = {"CLAUDE.md": "# R\n\nSee @ok.md and @missing.md here.\n", "ok.md": "ok"}
    text, found = _check(tmp_path, files, "claude", "CLAUDE.md", "PL013")
    assert _spans(text, found) == ["@missing.md"]
    assert found[0].message.startswith("broken import: @missing.md on line 3 of CLAUDE.md: ")


def test_pl013_keeps_claudes_trailing_punctuation_in_the_span(tmp_path: Path) -> None:
    """Claude Code 2.1.332 reads it as part of the path (oracle scenario "claude:
    punctuation after an import")."""
    files = {"CLAUDE.md": "# R\n\nRead @a.md. Then @./LATEX, and @b.md!\n"}
    text, found = _check(tmp_path, files, "claude", "CLAUDE.md", "PL013")
    assert _spans(text, found) == ["@a.md.", "@./LATEX,", "@b.md!"]


def test_pl013_keeps_geminis_trailing_punctuation_in_the_span(tmp_path: Path) -> None:
    files = {"GEMINI.md": "# R\n\nRead @./a.md, then stop.\n"}
    text, found = _check(tmp_path, files, "gemini", "GEMINI.md", "PL013")
    assert _spans(text, found) == ["@./a.md,"]


def test_pl013_marks_the_whole_line_when_no_token_names_the_target(tmp_path: Path) -> None:
    # gemini resolves `@./sub/..` to the root folder "ws"; a later line mentions "ws"
    files = {"GEMINI.md": "# R\n\n  See @./sub/.. here  \nThen @x/ws too\n", "sub/x.md": "x"}
    text, found = _check(tmp_path, files, "gemini", "GEMINI.md", "PL013")
    assert _spans(text, found) == ["See @./sub/.. here", "@x/ws"]
    files = {"CLAUDE.md": '# R\n\nA @"q.md" B\n'}  # Claude reads the quote as part of the path
    text, found = _check(tmp_path / "claude", files, "claude", "CLAUDE.md", "PL013")
    assert _spans(text, found) == ['@"q.md"']  # the closing one too (Claude Code 2.1.332)


def test_pl013_reports_only_the_imports_this_file_makes(tmp_path: Path) -> None:
    files = {
        "CLAUDE.md": "# Root\n\n@a.md\n@gone-root.md\n",
        "a.md": "@gone-a.md\n",  # its broken import is recorded before the root's
    }
    text, found = _check(tmp_path, files, "claude", "CLAUDE.md", "PL013")
    assert _spans(text, found) == ["@gone-root.md"]


def test_pl013_an_import_error_without_a_line_is_shown_on_the_first_line(
    tmp_path: Path,
) -> None:
    """A discovery built by a library caller may leave ``line`` out."""
    root = tmp_path / "ws"
    (root / ".git").mkdir(parents=True)
    text = "\n  # Rules\n\nSee @gone.md.\n"
    (root / "CLAUDE.md").write_text(text, encoding="utf-8")
    home = tmp_path / "home"
    home.mkdir()
    found = discover(root, "claude", home=home, environ={})
    entries = tuple(
        replace(e, line=None) if e.status is EntryStatus.IMPORT_ERROR else e for e in found.entries
    )
    lineless = replace(found, entries=entries)
    settings = Settings(profile="claude", select=("PL013",))
    result = analyze(text, path=str(root / "CLAUDE.md"), settings=settings, discovery=lineless)
    assert [text[f.start : f.end] for f in result.findings] == ["# Rules"]


# PL014: a file the budget leaves out entirely


def test_pl014_reports_a_dropped_file_after_another_files_cut(tmp_path: Path) -> None:
    files = {
        "AGENTS.md": "# Root\n" + "r" * 40000 + "\n",  # cut: over the 32 KiB budget alone
        "pkg/AGENTS.md": "# Pkg\nUse tabs.\n",
    }
    text, found = _check(tmp_path, files, "codex", "pkg/AGENTS.md", "PL014")
    assert _spans(text, found) == ["# Pkg"]
    assert found[0].message.startswith("dropped by the codex profile: ")


# PL015: a shadowed file is marked on its first line with the reason


def test_pl015_marks_the_shadowed_file_with_the_reason(tmp_path: Path) -> None:
    files = {
        "AGENTS.md": "\n\n# Rules\nUse tabs.\n",
        "AGENTS.override.md": "# Override\n",
    }
    text, found = _check(tmp_path, files, "codex", "AGENTS.md", "PL015")
    assert _spans(text, found) == ["# Rules"]
    assert found[0].message.startswith("shadowed: ")
    assert "AGENTS.override.md" in found[0].message


# PL017: the first replacement character of this file, or its first line


def test_pl017_marks_the_replacement_character_of_a_stray_byte(tmp_path: Path) -> None:
    files = {"AGENTS.md": b"# Root\n\nab\xffcd\n"}
    _, found = _check(tmp_path, files, "codex", "AGENTS.md", "PL017")
    assert [(f.start, f.end) for f in found] == [(10, 11)]
    assert found[0].message == (
        "not valid UTF-8 at byte 10: codex reads the file as UTF-8 and sends replacement "
        "characters in its place"
    )


def test_pl017_a_bad_first_byte_is_marked_alone(tmp_path: Path) -> None:
    files = {"AGENTS.md": b"\xff Root rules\n"}
    _, found = _check(tmp_path, files, "codex", "AGENTS.md", "PL017")
    assert [(f.start, f.end) for f in found] == [(0, 1)]


def test_pl017_an_editor_buffer_without_the_bad_byte_is_marked_on_its_first_line(
    tmp_path: Path,
) -> None:
    files = {"AGENTS.md": b"# Root\n\nab\xffcd\n"}
    buffer = "\n# Root fixed\n\nabcd\n"
    _, found = _check(tmp_path, files, "codex", "AGENTS.md", "PL017", text=buffer)
    assert [(f.start, f.end) for f in found] == [(1, 13)]


def test_pl017_belongs_to_the_file_with_the_bad_byte_only(tmp_path: Path) -> None:
    bad: dict[str, str | bytes] = {"AGENTS.md": "# Root\n", "pkg/AGENTS.md": b"# Pkg \xff\n"}
    text, found = _check(tmp_path, bad, "codex", "pkg/AGENTS.md", "PL017")
    assert _spans(text, found) == ["\ufffd"]  # found after the root's clean entry
    clean: dict[str, str | bytes] = {"AGENTS.md": b"# Root \xff\n", "pkg/AGENTS.md": "# Pkg\n"}
    _, found = _check(tmp_path / "other", clean, "codex", "pkg/AGENTS.md", "PL017")
    assert found == []


# where file-level and line-level findings are shown (discovered.py)


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("abc", (0, 3)),  # no newline: to the end
        ("\n\n  # Title\r\nbody", (4, 11)),  # the first non-empty line, without its \r
        ("# A\r\nb", (0, 3)),
        ("  \n \t", (0, 1)),  # only whitespace: the first character
        ("", (0, 0)),
    ],
)
def test_first_line_span(text: str, span: tuple[int, int]) -> None:
    assert first_line_span(text) == span


@pytest.mark.parametrize(
    ("text", "line", "span"),
    [
        ("  one  \ntwo", 1, (2, 5)),  # trimmed
        ("one\n  two", 2, (6, 9)),  # the last line, no newline after it
        ("one\ntwo\n", 2, (4, 7)),
        ("\nA\nB", 3, (3, 4)),  # a text starting with a newline
        ("\nabc", 1, (0, 0)),  # an empty line 1
        ("  a\nb", 5, (2, 3)),  # past the end: the first non-empty line
    ],
)
def test_line_span(text: str, line: int, span: tuple[int, int]) -> None:
    assert line_span(text, line) == span


def test_a_buffer_without_a_path_gets_no_file_findings(tmp_path: Path) -> None:
    files = {"AGENTS.md": "# Rules\n", "AGENTS.override.md": "# Override\n"}
    root = tmp_path / "ws"
    (root / ".git").mkdir(parents=True)
    for rel, content in files.items():
        (root / rel).write_text(content, encoding="utf-8")
    (tmp_path / "home").mkdir()
    found = discover(root, "codex", home=tmp_path / "home", environ={})
    settings = Settings(profile="codex")
    result = analyze("# Rules\n", settings=settings, discovery=found, kind=DocumentKind.INSTRUCTION)
    assert result.findings == ()
    assert not same_file(None, str(root / "AGENTS.md"))
    assert not same_file(str(root / "AGENTS.md"), "")
    assert same_file(str(root / "AGENTS.md"), str(root / "x" / ".." / "AGENTS.md"))
