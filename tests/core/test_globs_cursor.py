"""Cursor's ``globs`` dialect. Cursor is closed source; its rules page
(cursor.com/docs/context/rules, read 2026-12-01) gives globs such as ``src/**/*.ts`` and
says nested rules apply to their folder. promptls resolves a rule's globs against the
folder holding its ``.cursor/rules`` folder, ``**`` for any depth, braces, dot files
matched, case-sensitive, no implicit ``**/`` (docs/profiles.md, decisions).
"""

from __future__ import annotations

import pytest

from promptls.agents.registry import agent
from promptls.discovery.globs import split_patterns

CURSOR = agent("cursor").globs


@pytest.mark.parametrize(
    ("pattern", "relative", "expected"),
    [
        ("src/**/*.ts", "src/a/b.ts", True),
        ("src/**/*.ts", "src/b.ts", True),
        ("src/**/*.ts", "lib/src/b.ts", False),
        ("**/*.{ts,tsx}", "a/b.tsx", True),
        ("*.md", "README.md", True),
        ("*.md", "docs/a.md", False),
        ("**/*.yml", ".github/ci.yml", True),
        ("**/*.TS", "a.ts", False),
    ],
)
def test_globs_cases(pattern: str, relative: str, expected: bool) -> None:
    """Each glob against a path relative to the rules' owner folder."""
    assert CURSOR.match(pattern, relative) is expected


def test_nested_rules_resolve_from_their_folder() -> None:
    """A rule in packages/web/.cursor/rules matches paths below packages/web."""
    assert CURSOR.match_path("src/*.tsx", "/w/packages/web/src/App.tsx", "/w/packages/web")
    assert not CURSOR.match_path("src/*.tsx", "/w/src/App.tsx", "/w/packages/web")


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("src/**/*.ts, lib/*.ts", ("src/**/*.ts", "lib/*.ts")),
        (["**/*.py", "**/*.pyi"], ("**/*.py", "**/*.pyi")),
        ("", ()),
        (3, None),
    ],
)
def test_globs_values(value: object, expected: tuple[str, ...] | None) -> None:
    """A comma-separated string or a list of strings."""
    assert split_patterns(CURSOR, value) == expected
