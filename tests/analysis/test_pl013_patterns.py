"""PL013's two module-level patterns, pinned by the span and message a user sees.

``_DIRECTIVE``: which ``@import path`` / ``@include "path"`` lines are import-like (at a
line start or after whitespace, a space or tab before the path, optional quotes and
``url(``, the path up to a quote, parenthesis, ``;`` or whitespace). ``_IMPORT``: the
broken token a finding narrows its line to. Written against the variants of
``scripts/mutation --patterns`` (docs/mutation.md, "Module-level patterns").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.analysis import analyze
from promptls.analysis.model import Severity
from promptls.config import Settings
from promptls.discovery import discover

from .test_pl013_mutants3 import _pl013

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
