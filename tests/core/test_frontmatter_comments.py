"""Front matter as the agents read it, and the HTML comments Claude hides."""

from __future__ import annotations

import pytest

from promptls.discovery.comments import strip_block_comments
from promptls.discovery.frontmatter import glob_list, read_front_matter


def test_front_matter_keeps_yaml_types() -> None:
    fm = read_front_matter('---\nalwaysApply: "true"\npaths:\n  - a/**\n  - b\n---\nbody')
    assert fm.data == {"alwaysApply": "true", "paths": ["a/**", "b"]}
    assert fm.problem == ""
    assert '---\nalwaysApply: "true"\npaths:\n  - a/**\n  - b\n---\nbody'[fm.body_start :] == "body"


def test_no_front_matter_and_an_unclosed_block() -> None:
    assert read_front_matter("# Title\n---\n").present is False
    unclosed = read_front_matter("---\npaths: a\n")
    assert unclosed.problem == "the front matter block has no closing ---"


def test_invalid_yaml_is_reported_with_its_line_and_plain_lines_are_kept() -> None:
    fm = read_front_matter("---\ndescription: ok\npaths: {src,lib}/**/*.ts, x\n---\n")
    assert fm.problem.startswith("invalid YAML: ")
    assert fm.problem_line == 3
    assert fm.data["paths"] == "{src,lib}/**/*.ts, x"


@pytest.mark.parametrize(
    ("value", "globs"),
    [
        ("src/**/*.ts", ("src/**/*.ts",)),
        ("{src,lib}/**/*.ts, tests/**", ("{src,lib}/**/*.ts", "tests/**")),
        (["a", " b ", ""], ("a", "b")),
        ({"k": "v"}, None),
        (True, None),
    ],
)
def test_glob_list_shapes(value: object, globs: tuple[str, ...] | None) -> None:
    assert glob_list(value) == globs


@pytest.mark.parametrize(
    ("text", "expected", "removed"),
    [
        ("a\n<!-- c -->\nb\n", "a\nb\n", 11),
        ("a\n<!-- one\ntwo -->\nb", "a\nb", 17),
        ("text <!-- inline --> stays\n", "text <!-- inline --> stays\n", 0),
        ("```\n<!-- code -->\n```\n", "```\n<!-- code -->\n```\n", 0),
        (
            "~~~~\n```\n<!-- still code -->\n~~~~\n<!-- x -->\n",
            "~~~~\n```\n<!-- still code -->\n~~~~\n",
            11,
        ),
        ("<!-- x --> tail\n", " tail\n", 10),
        ("<!-- never closed\nrest\n", "<!-- never closed\nrest\n", 0),
        ("    <!-- indented code -->\n", "    <!-- indented code -->\n", 0),
    ],
)
def test_block_comments(text: str, expected: str, removed: int) -> None:
    assert strip_block_comments(text) == (expected, removed)
