"""Claude Code's ``paths:`` dialect, from the memory page's "Path-specific rules"
(code.claude.com/docs/en/memory, crawl of 2026-08-22): globs relative to the project
folder (``*.md`` is "Markdown files in the project root"), ``**`` any depth, braces
(``src/**/*.{ts,tsx}``, ``{src,lib}/**/*.ts``), a string (comma-separated) or, since
2.1.84, a YAML list.
"""

from __future__ import annotations

import pytest

from promptls.agents.registry import agent
from promptls.discovery.globs import split_patterns

CLAUDE = agent("claude").globs

CASES = [
    ("**/*.ts", "src/a.ts", True),
    ("**/*.ts", "a.ts", True),
    ("src/**/*", "src/x/y.py", True),
    ("*.md", "README.md", True),
    ("*.md", "docs/guide.md", False),  # the project root only
    ("src/components/*.tsx", "src/components/Button.tsx", True),
    ("src/components/*.tsx", "src/components/ui/Button.tsx", False),
    ("src/**/*.{ts,tsx}", "src/ui/App.tsx", True),
    ("{src,lib}/**/*.ts", "lib/util/x.ts", True),
    ("{src,lib}/**/*.ts", "test/x.ts", False),
    ("src/**/*.ts", "packages/src/x.ts", False),  # anchored at the project folder
    ("**/*.TS", "a.ts", False),  # case-sensitive
    ("**/*.yml", ".github/ci.yml", True),
    ("./src/*.ts", "src/a.ts", True),
]


@pytest.mark.parametrize(("pattern", "relative", "expected"), CASES)
def test_paths_cases(pattern: str, relative: str, expected: bool) -> None:
    """Each documented pattern matches the files the memory page says it does."""
    assert CLAUDE.match(pattern, relative) is expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("{src,lib}/**/*.ts, tests/**/*.test.ts", ("{src,lib}/**/*.ts", "tests/**/*.test.ts")),
        (["src/api/**/*.ts", " lib/** "], ("src/api/**/*.ts", "lib/**")),
        (["a", 3], None),
        ({"src": None}, None),
    ],
)
def test_paths_values(value: object, expected: tuple[str, ...] | None) -> None:
    """A string is comma-separated (commas inside braces stay); a list is one glob each."""
    assert split_patterns(CLAUDE, value) == expected


def test_a_path_outside_the_folder_never_matches() -> None:
    """Globs are resolved against the project folder: a file outside it is not covered."""
    assert CLAUDE.match_path("**/*.ts", "/w/src/a.ts", "/w")
    assert not CLAUDE.match_path("**/*.ts", "/elsewhere/a.ts", "/w")


def test_leading_slash_is_explained() -> None:
    """A leading / names no file relative to the project folder."""
    assert not CLAUDE.match("/src/*.ts", "src/a.ts")
    problem = CLAUDE.problem("/src/*.ts")
    assert problem is not None
    assert "project folder" in problem
