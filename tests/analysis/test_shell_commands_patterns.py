"""The commands PL034 judges are split and started where a shell would split and start them.

Written against the pattern mutation of ``shell_commands.py`` (docs/mutation.md,
"Module-level patterns"): each case is a line an instruction file shows in a shell fence,
and the commands are the words PL034 then looks up in the repository's manifests.
"""

from __future__ import annotations

import pytest

from promptls.analysis.code import Code
from promptls.analysis.shell_commands import commands


def words(text: str) -> list[list[str]]:
    return [[w.text for w in c.words] for c in commands(text, Code(text))]


@pytest.mark.parametrize(
    ("line", "split"),
    [
        ("npm start&", [["npm", "start"]]),
        ("npm start & npm test", [["npm", "start"], ["npm", "test"]]),
        ("npm test&&npm run lint", [["npm", "test"], ["npm", "run", "lint"]]),
        ("npm test||npm run lint", [["npm", "test"], ["npm", "run", "lint"]]),
        ("npm test|tee log", [["npm", "test"], ["tee", "log"]]),
        ("npm ci;npm test", [["npm", "ci"], ["npm", "test"]]),
    ],
    ids=["background", "background-spaced", "and", "or", "pipe", "semicolon"],
)
def test_a_line_is_split_at_shell_operators_even_without_spaces(
    line: str, split: list[list[str]]
) -> None:
    assert words(f"```sh\n{line}\n```\n") == split


@pytest.mark.parametrize(
    "assignment",
    ["NODE_ENV=production", "node_env=production", "_X=1", "X=1", "GO111MODULE=on", "CI="],
)
def test_environment_assignments_before_a_command_are_not_the_program(assignment: str) -> None:
    assert words(f"```sh\n{assignment} make lint\n```\n") == [["make", "lint"]]


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"], ids=["lf", "crlf", "cr"])
def test_a_cd_on_its_own_line_ends_the_fence_whatever_the_line_breaks(newline: str) -> None:
    fence = newline.join(["```sh", "npm ci", "cd web", "npm test", "```", ""])
    assert words(fence) == [["npm", "ci"]]
