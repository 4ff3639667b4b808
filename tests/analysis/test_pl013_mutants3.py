"""PL013 where an import error, an ``@import path`` line and a home-relative import meet:
which finding each gets, its span, and that one finding never hides the next.

Written from the mutation run of PL013 (docs/mutation.md, "Fourth round").
"""

from __future__ import annotations

from pathlib import Path

from promptls.analysis import analyze
from promptls.analysis.model import Severity
from promptls.config import Settings
from promptls.discovery import discover
from tests.core.helpers import write


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


def _ignored(verb: str, path: str) -> str:
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
            f"{_ignored('import', 'AGENTS.md')} ({_failed('import', 2, 'import')})",
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
            f"{_ignored('import', 'AGENTS.md')} ({_failed('import', 1, 'import')})",
        ),
        ("@import b.md", f"{_ignored('import', 'b.md')} ({_failed('import', 3, 'import')})"),
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
