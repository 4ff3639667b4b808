"""opencode's ``instructions`` glob dialect: globs expanded from each folder between the
working folder and the worktree (``globUp`` in ``instruction.ts``, anomalyco/opencode @
1565a419, read 2026-12-01) with a Bun-style glob: ``**``, braces, and ``*`` not matching
dot files (Bun's ``Glob`` default); the config schema accepts only a list of strings.
"""

from __future__ import annotations

import pytest

from promptls.agents.registry import agent
from promptls.discovery.globs import split_patterns

OPENCODE = agent("opencode").globs


@pytest.mark.parametrize(
    ("pattern", "relative", "expected"),
    [
        ("docs/*.md", "docs/a.md", True),
        ("docs/*.md", "docs/x/a.md", False),
        ("docs/**/*.md", "docs/x/a.md", True),
        ("{docs,rules}/*.md", "rules/a.md", True),
        ("*.md", ".hidden.md", True),  # oracle scenario "opencode: instructions globs"
        (".cursor/rules/*.md", ".cursor/rules/a.md", True),
        ("STYLE.md", "style.md", False),
    ],
)
def test_instruction_glob_cases(pattern: str, relative: str, expected: bool) -> None:
    """Each glob against a path relative to the folder it is expanded in."""
    assert OPENCODE.match(pattern, relative) is expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (["a.md", " docs/*.md "], ("a.md", "docs/*.md")),
        ("a.md", None),
        (["a.md", 1], None),
    ],
)
def test_instructions_values(value: object, expected: tuple[str, ...] | None) -> None:
    """Only a list of strings is an ``instructions`` value."""
    assert split_patterns(OPENCODE, value) == expected


def test_other_profiles_get_the_default_dialect() -> None:
    """Agents without path scoping (or, codex, gemini) share a plain dialect."""
    assert agent("codex").globs.name == agent("gemini").globs.name == "default"
    assert agent("codex").globs.match("src/**/*.py", "src/a/b.py")
