"""Front matter edges a rule author meets, pinned by the mutation run.

A Windows editor's BOM and CRLF line ends, YAML's ``...`` end marker, a block closed on
the file's last line, a block that never closes, and a block that is YAML but not a
mapping: each decides whether a rule is scoped, and where its body starts.
"""

from __future__ import annotations

import pytest

from promptls.discovery.frontmatter import read_front_matter


@pytest.mark.parametrize(
    ("text", "data", "body"),
    [
        ("\ufeff---\npaths: a/**\n---\nbody", {"paths": "a/**"}, "body"),
        ("---\r\npaths: a/**\r\n---\r\nbody\r\n", {"paths": "a/**"}, "body\r\n"),
        ("---\npaths: a/**\n...\nbody", {"paths": "a/**"}, "body"),
        ("---\npaths: a/**\n---", {"paths": "a/**"}, ""),
        ("---\n---\nbody", {}, "body"),
        ("---\n# only a comment\n---\nbody", {}, "body"),
    ],
)
def test_where_the_block_ends_and_the_body_starts(
    text: str, data: dict[str, object], body: str
) -> None:
    fm = read_front_matter(text)
    assert fm.present is True
    assert fm.problem == ""
    assert fm.data == data
    assert text[fm.body_start :] == body


@pytest.mark.parametrize("text", ["---", "\ufeff---", " ---\npaths: a\n---\n", "x\n---\n---\n"])
def test_no_block_unless_the_first_line_is_the_opener(text: str) -> None:
    fm = read_front_matter(text)
    assert (fm.present, fm.data, fm.body_start, fm.problem) == (False, {}, 0, "")


def test_a_block_that_never_closes_is_reported_on_line_one() -> None:
    fm = read_front_matter("---\npaths: a/**\nbody\n")
    assert (fm.problem, fm.problem_line, fm.present) == (
        "the front matter block has no closing ---",
        1,
        False,
    )


def test_a_block_that_is_not_a_mapping_is_reported_and_the_body_still_starts_after_it() -> None:
    text = "---\n- a/**\n- b/**\n---\nbody"
    fm = read_front_matter(text)
    assert (fm.data, fm.problem, fm.problem_line, fm.present) == (
        {},
        "the front matter is not a key: value mapping",
        2,
        True,
    )
    assert text[fm.body_start :] == "body"


def test_invalid_yaml_keeps_plain_top_level_lines_only() -> None:
    text = "---\npaths: {src,lib}/**\n  nested: x\n# note: y\n- item: z\nurl: http://h:1\nk:\n---\n"
    fm = read_front_matter(text)
    assert fm.present is True
    assert fm.problem.startswith("invalid YAML: ")
    assert fm.data == {"paths": "{src,lib}/**", "url": "http://h:1"}


def test_a_yaml_error_shows_the_problem_alone_and_its_line() -> None:
    fm = read_front_matter("---\npaths: [a\n---\nbody")
    assert fm.problem == "invalid YAML: expected ',' or ']', but got '<stream end>'"
    assert fm.problem_line == 3


def test_a_control_character_is_reported_without_a_line_and_nothing_crashes() -> None:
    fm = read_front_matter("---\npaths: a\x07\n---\nbody")
    assert fm.problem.startswith("invalid YAML: unacceptable character #x0007")
    assert fm.problem_line is None
    assert fm.data == {"paths": "a\x07"}
    assert fm.present is True
