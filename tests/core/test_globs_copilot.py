"""VS Code Copilot's ``applyTo`` dialect, case by case.

Restates microsoft/vscode ``computeAutomaticInstructions.ts`` ``_matches`` (read
2026-12-01): the value is split on commas outside braces (``splitGlobAware``); ``**``,
``**/*`` and ``*`` apply to every file; any other pattern not starting with ``/`` or
``**/`` gets a ``**/`` prefix and is matched against the file's absolute path with
``base/common/glob.ts`` ``match(..., {ignoreCase: true})``.
"""

from __future__ import annotations

import pytest

from promptls.agents.registry import agent
from promptls.discovery.globs import split_patterns

COPILOT = agent("copilot").globs

CASES = [
    # pattern, workspace-relative path, matches
    ("**/*.ts", "src/a.ts", True),
    ("**/*.ts", "a.ts", True),
    ("*.ts", "src/deep/a.ts", True),  # the **/ prefix: a bare name matches at any depth
    ("src/**/*.js", "src/a/b.js", True),
    ("src/**/*.js", "packages/x/src/b.js", True),  # **/ prefix: any folder named src
    ("src/*.js", "src/a/b.js", False),
    ("**/*.{ts,tsx}", "ui/App.tsx", True),
    ("**/*.{ts,tsx}", "ui/App.jsx", False),
    ("**/*.PY", "tools/run.py", True),  # ignoreCase
    ("**/*.py", "tools/RUN.PY", True),
    ("**/.github/**", ".github/workflows/ci.yml", True),  # dotfiles are plain names
    ("*", "anything/at/all.bin", True),
    ("**", "x", True),
    ("**/*", "a/b", True),
    ("/src/*.ts", "src/a.ts", False),  # a leading / is an absolute path
    ("./src/*.ts", "src/a.ts", False),  # ./ is kept: **/./src never matches
    ("docs/[a-c]*.md", "docs/b1.md", True),
    ("docs/[a-c]*.md", "docs/d1.md", False),
    ("src/?.ts", "src/ab.ts", False),
]


@pytest.mark.parametrize(("pattern", "relative", "expected"), CASES)
def test_apply_to_cases(pattern: str, relative: str, expected: bool) -> None:
    """Each pattern matches exactly the files VS Code attaches it for."""
    assert COPILOT.match(pattern, relative) is expected


def test_absolute_pattern_matches_the_absolute_path() -> None:
    """A leading / is matched against the absolute path: it works only as a full path."""
    assert COPILOT.match_path("/w/src/*.ts", "/w/src/a.ts", "/w")
    assert not COPILOT.match_path("/src/*.ts", "/w/src/a.ts", "/w")
    # The **/ prefix runs over the absolute path: a parent folder's name matches too.
    assert COPILOT.match_path("w/src/*.ts", "/w/src/a.ts", "/w")


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("**/*.ts", ("**/*.ts",)),
        ("**/*.ts, **/*.tsx", ("**/*.ts", "**/*.tsx")),
        ("**/*.{ts,tsx},docs/**", ("**/*.{ts,tsx}", "docs/**")),
        ("src/[a,b]/*.ts", ("src/[a,b]/*.ts",)),
        (" , **/*.md ,", ("**/*.md",)),
        (["**/*.ts"], None),  # a YAML list: VS Code drops applyTo
        (True, None),
        (None, None),
    ],
)
def test_apply_to_values(value: object, expected: tuple[str, ...] | None) -> None:
    """applyTo is read as a comma-separated string; other YAML types are dropped."""
    assert split_patterns(COPILOT, value) == expected


@pytest.mark.parametrize(
    ("pattern", "words"),
    [
        ("/src/**", "absolute path"),
        ("./src/**", "drop the ./"),
        ("src\\*.ts", "backslash"),
        ("!**/*.test.ts", "negation"),
        ("**/*.{ts,tsx", "unclosed {"),
        ("src/[ab.ts", "unclosed ["),
        ("**/+(a|b).ts", "extended glob"),
        ("", "empty"),
    ],
)
def test_problems_name_the_syntax(pattern: str, words: str) -> None:
    """Syntax VS Code reads differently from what its author meant is explained."""
    problem = COPILOT.problem(pattern)
    assert problem is not None
    assert words in problem


@pytest.mark.parametrize("pattern", ["**", "*", "**/*.ts", "src/**/*.{ts,tsx}", "docs/[a-c]*.md"])
def test_ordinary_patterns_have_no_problem(pattern: str) -> None:
    """Patterns VS Code reads as written draw no problem."""
    assert COPILOT.problem(pattern) is None
