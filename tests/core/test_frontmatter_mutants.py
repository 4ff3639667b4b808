"""What counts as a front matter delimiter, where the body of a block YAML rejects
starts, which plain ``key: value`` lines are kept from it, and how brace nesting keeps
commas inside one ``paths:`` glob.

Written against the mutants of ``discovery/frontmatter.py`` left untriaged by
``test_frontmatter_boundaries.py`` (docs/mutation.md).
"""

from __future__ import annotations

import pytest

from promptls.discovery.frontmatter import glob_list, read_front_matter


@pytest.mark.parametrize("opener", ["--- ", "---\t", "---X"])
def test_an_opener_with_anything_after_the_dashes_is_not_front_matter(opener: str) -> None:
    front = read_front_matter(f"{opener}\npaths: a\n---\nbody")
    assert (front.data, front.body_start, front.present) == ({}, 0, False)


@pytest.mark.parametrize("closer", ["--- ", "---X", "\r---", " ---"])
def test_a_closer_with_anything_else_on_its_line_does_not_close(closer: str) -> None:
    front = read_front_matter(f"---\npaths: a\n{closer}\nbody")
    assert front.problem == "the front matter block has no closing ---"
    assert front.problem_line == 1


def test_the_body_of_a_block_yaml_rejects_starts_after_the_closer() -> None:
    text = "---\npaths: [a\n---\nbody"
    front = read_front_matter(text)
    assert front.problem is not None and front.problem.startswith("invalid YAML")
    assert text[front.body_start :] == "body"


def test_plain_lines_of_a_rejected_block_skip_only_indented_comment_and_list_lines() -> None:
    block = "paths: {src,lib}/**/*.ts\nXkey: kept\n\tindented: no\n- item: no\n# c: no\n"
    front = read_front_matter(f"---\n{block}---\nbody")
    assert front.data == {"paths": "{src,lib}/**/*.ts", "Xkey": "kept"}


@pytest.mark.parametrize(
    ("value", "globs"),
    [
        ("{a,{b},c}/x, d", ("{a,{b},c}/x", "d")),
        ("{a}, b", ("{a}", "b")),
        ("a}, b", ("a}", "b")),
        ("a}, {b,c}", ("a}", "{b,c}")),
    ],
)
def test_commas_split_globs_only_outside_all_braces(value: str, globs: tuple[str, ...]) -> None:
    assert glob_list(value) == globs
