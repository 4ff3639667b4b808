"""PL013 (broken-import) beyond its fixtures: exact messages, spans and fixes at
the edges of what it reports.

Its positive and negative cases are files in ``tests/analysis/testdata/PL013/``
(run by ``tests/analysis/test_fixtures.py``); ``scripts/test --rule PL013`` runs
this module, those fixtures and its docs check.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

import pytest

from promptls.analysis import DocumentKind, analyze
from promptls.analysis.model import Finding, Severity
from promptls.analysis.rules.discovered import first_line_span, line_span
from promptls.config import Settings
from promptls.discovery import discover
from promptls.discovery.model import EntryStatus
from promptls.text.paths import same_path
from tests.core.helpers import write

# The rules that read a discovery (PL013, PL017) on real trees: where each finding is
# shown and which file it belongs to.
#
# Written against mutation testing (docs/mutation.md). Each tree is a repository root with
# an empty home, discovered the way ``promptls check`` does.


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
    assert not same_path(None, str(root / "AGENTS.md"))
    assert not same_path(str(root / "AGENTS.md"), "")
    assert same_path(str(root / "AGENTS.md"), str(root / "x" / ".." / "AGENTS.md"))


# PL013 stays quiet, without crashing, where no agent parses imports.
#
# Written from the mutation run of 2026-12-01 (docs/mutation.md, "Rules changed on
# 2026-12-01 (second run)").


ONLY = Settings(select=("PL013",))


TEXT = "Style: @import docs/style.md\n"


def test_an_import_like_line_without_a_discovery_is_not_reported() -> None:
    assert analyze(TEXT, path="CLAUDE.md", settings=ONLY).findings == ()


def test_an_import_like_line_for_a_profile_without_imports_is_not_reported(
    tmp_path: Path,
) -> None:
    root = tmp_path / "ws"
    (root / ".git").mkdir(parents=True)
    (root / "AGENTS.md").write_text(TEXT, encoding="utf-8")
    home = tmp_path / "home"
    home.mkdir()
    discovery = discover(root, "codex", home=home, environ={})
    found = analyze(TEXT, path=str(root / "AGENTS.md"), settings=ONLY, discovery=discovery)
    assert found.findings == ()


# PL013 where an import error, an ``@import path`` line and a home-relative import meet:
# which finding each gets, its span, and that one finding never hides the next.
#
# Written from the mutation run of PL013 (docs/mutation.md, "Fourth round").


def _pl013(
    tmp_path: Path, files: dict[str, str], profile: str, name: str, *, home: bool = True
) -> list[tuple[Severity, str, str]]:
    """(severity, marked text, message) of each PL013 finding in ``name``, with the
    workspace's own path written as ``WS``."""
    root = tmp_path / "ws"
    (root / ".git").mkdir(parents=True)
    for rel, content in files.items():
        write(root / rel, content)
    user = tmp_path / "home"
    user.mkdir()
    discovery = discover(root, profile, home=user if home else None, environ={})
    text = (root / name).read_text(encoding="utf-8")
    settings = Settings(profile=profile, select=("PL013",))
    found = analyze(text, path=str(root / name), settings=settings, discovery=discovery)
    return [
        (f.severity, text[f.start : f.end], f.message.replace(str(root), "WS"))
        for f in found.findings
    ]


def _ignored_by_gemini(verb: str, path: str) -> str:
    return (
        f"import-like line ignored: gemini-cli reads `@path`, not `@{verb} path`, so {path} "
        f"is never imported (`@{verb}` names a file called {verb!r}); write `@{path}`"
    )


def _failed(token: str, line: int, name: str) -> str:
    return (
        f"@{token} on line {line} of GEMINI.md: WS/{name} does not exist; "
        f"gemini-cli writes <!-- Import failed: {name} - … --> in its place"
    )


def test_an_import_error_sharing_a_line_with_an_import_directive_is_its_own_finding(
    tmp_path: Path,
) -> None:
    # The directive is on line 2 (the file starts with a blank line); a broken import
    # shares its line and another follows two lines below: three findings, each its own.
    text = "\n@import AGENTS.md and @missing.md\n\n@gone.md\n"
    found = _pl013(tmp_path, {"GEMINI.md": text, "AGENTS.md": "x\n"}, "gemini", "GEMINI.md")
    assert found == [
        (
            Severity.WARNING,
            "@import AGENTS.md",
            f"{_ignored_by_gemini('import', 'AGENTS.md')} ({_failed('import', 2, 'import')})",
        ),
        (
            Severity.WARNING,
            "@missing.md",
            f"broken import: {_failed('missing.md', 2, 'missing.md')}",
        ),
        (Severity.WARNING, "@gone.md", f"broken import: {_failed('gone.md', 4, 'gone.md')}"),
    ]


def test_each_import_directive_gemini_fails_on_is_reported_once(tmp_path: Path) -> None:
    text = "@import AGENTS.md\n\n@import b.md\n"
    found = _pl013(tmp_path, {"GEMINI.md": text, "AGENTS.md": "x\n"}, "gemini", "GEMINI.md")
    assert [(marked, message) for _, marked, message in found] == [
        (
            "@import AGENTS.md",
            f"{_ignored_by_gemini('import', 'AGENTS.md')} ({_failed('import', 1, 'import')})",
        ),
        (
            "@import b.md",
            f"{_ignored_by_gemini('import', 'b.md')} ({_failed('import', 3, 'import')})",
        ),
    ]


def test_an_explained_directive_is_not_reported_again_and_one_in_code_not_at_all(
    tmp_path: Path,
) -> None:
    text = "@import AGENTS.md\n\n```\n@import b.md\n```\n"
    found = _pl013(tmp_path, {"GEMINI.md": text, "AGENTS.md": "x\n"}, "gemini", "GEMINI.md")
    assert [marked for _, marked, _ in found] == ["@import AGENTS.md"]


def test_claude_directives_are_marked_whole_and_not_in_code(tmp_path: Path) -> None:
    text = "@import AGENTS.md\n\n```\n@import x.md\n```\n`@import y.md`\n"
    found = _pl013(tmp_path, {"CLAUDE.md": text}, "claude", "CLAUDE.md")
    assert [(severity, marked) for severity, marked, _ in found] == [
        (Severity.WARNING, "@import AGENTS.md")
    ]


def test_a_file_the_agent_does_not_load_is_not_reported(tmp_path: Path) -> None:
    # gemini reads GEMINI.md here, not AGENTS.md: nothing parses AGENTS.md's imports.
    files = {"GEMINI.md": "Rules.\n", "AGENTS.md": "@import docs/x.md\n"}
    assert _pl013(tmp_path, files, "gemini", "AGENTS.md") == []


def test_a_home_relative_import_without_a_home_is_info_and_the_next_import_is_checked(
    tmp_path: Path,
) -> None:
    text = "Rules: @~/.claude/shared.md\n@gone.md\n"
    found = _pl013(tmp_path, {"CLAUDE.md": text}, "claude", "CLAUDE.md", home=False)
    assert found == [
        (
            Severity.INFO,
            "@~/.claude/shared.md",
            "not verified: @~/.claude/shared.md is relative to the user's home, and this run "
            "has none to check it against (CI without --home or PROMPTLS_HOME); pass --home "
            "DIR to verify it",
        ),
        (
            Severity.WARNING,
            "@gone.md",
            "broken import: @gone.md on line 2 of CLAUDE.md: WS/gone.md does not exist",
        ),
    ]


# PL013's two module-level patterns, pinned by the span and message a user sees.
#
# ``_DIRECTIVE``: which ``@import path`` / ``@include "path"`` lines are import-like (at a
# line start or after whitespace, a space or tab before the path, optional quotes and
# ``url(``, the path up to a quote, parenthesis, ``;`` or whitespace). ``_IMPORT``: the
# broken token a finding narrows its line to. Written against the variants of
# ``scripts/mutation --patterns`` (docs/mutation.md, "Module-level patterns").


AGENT = {"claude": "Claude Code", "gemini": "gemini-cli"}


FILE = {"claude": "CLAUDE.md", "gemini": "GEMINI.md"}


def _ignored(agent: str, verb: str, path: str) -> str:
    return (
        f"import-like line ignored: {AGENT[agent]} reads `@path`, not `@{verb} path`, so "
        f"{path} is never imported (`@{verb}` names a file called {verb!r}); write `@{path}`"
    )


def _directives(tmp_path: Path, text: str) -> list[tuple[str, str]]:
    """(marked text, message) of each PL013 finding of ``text`` as Claude Code's
    CLAUDE.md (Claude reads ``@import`` as a token it cannot resolve, and no file is
    called ``import``, so only the directive finding is reported)."""
    found = _pl013(tmp_path, {"CLAUDE.md": text, "AGENTS.md": "x\n"}, "claude", "CLAUDE.md")
    assert all(severity == Severity.WARNING for severity, _, _ in found)
    return [(marked, message) for _, marked, message in found]


@pytest.mark.parametrize(
    ("text", "marked", "verb", "path"),
    [
        ("Rules: @import AGENTS.md\n", "@import AGENTS.md", "import", "AGENTS.md"),
        ("@import\tAGENTS.md\n", "@import\tAGENTS.md", "import", "AGENTS.md"),
        ('@include "docs/x.md"\n', '@include "docs/x.md', "include", "docs/x.md"),
        ("@include 'docs/x.md'\n", "@include 'docs/x.md", "include", "docs/x.md"),
        ("@import url(docs/x.md);\n", "@import url(docs/x.md", "import", "docs/x.md"),
        ("@import docs/x.md;\n", "@import docs/x.md", "import", "docs/x.md"),
        ("See\n@include docs/x.md\n", "@include docs/x.md", "include", "docs/x.md"),
    ],
)
def test_each_directive_shape_is_marked_with_its_path(
    tmp_path: Path, text: str, marked: str, verb: str, path: str
) -> None:
    assert _directives(tmp_path, text) == [(marked, _ignored("claude", verb, path))]


def test_an_import_word_glued_to_a_word_is_no_directive(tmp_path: Path) -> None:
    assert _directives(tmp_path, "Write to team@import ./notes.md for access.\n") == []


def test_an_import_word_glued_to_its_path_is_a_plain_broken_import(tmp_path: Path) -> None:
    assert _directives(tmp_path, "@importdocs/x.md\n") == [
        (
            "@importdocs/x.md",
            "broken import: @importdocs/x.md on line 1 of CLAUDE.md: WS/importdocs/x.md "
            "does not exist",
        )
    ]


def test_a_folder_named_includes_is_an_import_not_a_directive(tmp_path: Path) -> None:
    files = {"CLAUDE.md": "Rules: @includes/rules.md\n", "includes/rules.md": "y\n"}
    assert _pl013(tmp_path, files, "claude", "CLAUDE.md") == []


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("(read @gone.md)\n", "gone.md)"),
        ("[read @gone.md]\n", "gone.md]"),
        ("'read @gone.md'\n", "gone.md'"),
        ('"read @gone.md"\n', 'gone.md"'),
        ("read @gone.md`s` rules\n", "gone.md"),  # a code span glued after it
        ("read @gone.md, then\n", "gone.md,"),
        ("read @gone.md\u00a0now\n", "gone.md"),  # a no-break space ends Claude's token
        ("read @gone.md\\n as text\n", "gone.md"),  # so does a backslash
    ],
)
def test_a_claude_token_is_marked_as_claude_reads_it(tmp_path: Path, text: str, token: str) -> None:
    """Punctuation after the path is part of Claude's token (oracle scenario "claude:
    punctuation after an import", Claude Code 2.1.332), and the message says so."""
    found = _pl013(tmp_path, {"CLAUDE.md": text}, "claude", "CLAUDE.md")
    stripped = token.rstrip(".,;:!?)]}'\"")
    note = f" (the trailing {token[len(stripped) :]!r} is part of the path for Claude Code)"
    assert found == [
        (
            Severity.WARNING,
            f"@{token}",
            f"broken import: @{token} on line 1 of CLAUDE.md: WS/{token} does not exist"
            + (note if stripped != token else ""),
        )
    ]


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("(see @./gone.md)\n", "./gone.md)"),
        ("[see @gone.md]\n", "gone.md]"),
        ("'see @gone.md'\n", "gone.md'"),
        ('"see @gone.md"\n', 'gone.md"'),
        ("see @gone.md`s` rules\n", "gone.md`s`"),
        ("see @gone.md<br> next\n", "gone.md<br>"),
        ("see @gone.md, then\n", "gone.md,"),
        ("see @gone.md,\tthen\n", "gone.md,"),
    ],
)
def test_a_gemini_token_is_marked_whole(tmp_path: Path, text: str, token: str) -> None:
    """gemini-cli reads a token up to the next space, closing bracket or quote included:
    the finding marks that token, not the whole line."""
    found = _pl013(tmp_path, {"GEMINI.md": text}, "gemini", "GEMINI.md")
    assert [(severity, marked) for severity, marked, _ in found] == [
        (Severity.WARNING, "@" + token)
    ]
    (_, _, message) = found[0]
    name = token.removeprefix("./")
    assert message.startswith(
        f"broken import: @{token} on line 1 of GEMINI.md: WS/{name} does not exist; "
        f"gemini-cli writes <!-- Import failed: {token} - … --> in its place"
    )


def test_a_parenthesised_path_after_import_is_not_read_as_one(tmp_path: Path) -> None:
    """The directive's path stops at a parenthesis (CSS's ``url(…)`` aside), so
    ``@import (docs/x.md)`` is not offered the garbled ``@(docs/x.md``."""
    assert _directives(tmp_path, "@import (docs/x.md)\n") == []


def test_a_lone_carriage_return_ends_a_gemini_token(tmp_path: Path) -> None:
    """Read as bytes (no newline translation): gemini-cli's token stops at a ``\\r``."""
    root = tmp_path / "ws"
    (root / ".git").mkdir(parents=True)
    text = "see @gone.md,\rthen\n"
    (root / "GEMINI.md").write_bytes(text.encode())
    discovery = discover(root, "gemini", home=tmp_path, environ={})
    settings = Settings(profile="gemini", select=("PL013",))
    found = analyze(text, path=str(root / "GEMINI.md"), settings=settings, discovery=discovery)
    assert [text[f.start : f.end] for f in found.findings] == ["@gone.md,"]
