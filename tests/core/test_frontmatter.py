"""Front matter as the agents read it (``discovery/frontmatter.py``): delimiters, the body
of a block YAML rejects, explicit YAML tags, the edges a rule author meets, and the HTML
comments Claude hides.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.analysis import analyze
from promptls.analysis.settings import Settings
from promptls.discovery import discover
from promptls.discovery.comments import strip_block_comments
from promptls.discovery.frontmatter import glob_list, read_front_matter

# Front matter edges a rule author meets, pinned by the mutation run.
#
# A Windows editor's BOM and CRLF line ends, YAML's ``...`` end marker, a block closed on
# the file's last line, a block that never closes, and a block that is YAML but not a
# mapping: each decides whether a rule is scoped, and where its body starts.


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


# Front matter as the agents read it, and the HTML comments Claude hides.


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


# What counts as a front matter delimiter, where the body of a block YAML rejects
# starts, which plain ``key: value`` lines are kept from it, and how brace nesting keeps
# commas inside one ``paths:`` glob.


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


# A front-matter value that does not fit its explicit YAML tag (``!!int`` with no
# digits, ``!!timestamp x``, ``!!bool x``) is reported as invalid YAML instead of crashing
# discovery and the front-matter rules: PyYAML fails there with plain Python errors, not
# ``YAMLError``.
#
# Found by the mutation triage of PL020 (docs/mutation.md).


TAGGED = ["!!int", "!!float", "!!int 0x", "!!float .", "!!timestamp x", "!!bool x"]


@pytest.mark.parametrize("value", TAGGED)
def test_a_value_that_does_not_fit_its_tag_is_invalid_yaml(value: str) -> None:
    read = read_front_matter(f"---\nglobs: src/**\nalwaysApply: {value}\n---\nBody.\n")
    assert read.problem == "invalid YAML: a value does not fit its tag (such as !!int, !!timestamp)"
    assert read.data["globs"] == "src/**"  # the plain lines are still read


@pytest.mark.parametrize("value", TAGGED)
def test_the_front_matter_rules_do_not_crash_on_it(value: str) -> None:
    text = f"---\nalwaysApply: {value}\n---\nBody.\n"
    analyze(text, path=".cursor/rules/x.mdc", settings=Settings())


def test_discovery_goes_on_past_such_a_rule(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    (root / ".cursor" / "rules").mkdir(parents=True)
    (root / ".cursor" / "rules" / "x.mdc").write_text("---\nalwaysApply: !!int\n---\nUse tabs.\n")
    (root / "AGENTS.md").write_text("Rules.\n")
    home = tmp_path / "home"
    home.mkdir()
    found = discover(root, "cursor", home=home, environ={})
    assert "AGENTS.md" in [Path(f.path).name for f in found.files]


def test_pl018_marks_the_key_whose_value_does_not_fit_its_tag() -> None:
    text = "---\ndescription: d\nexcludeAgent: !!int\n---\nBody.\n"
    path = ".github/instructions/x.instructions.md"
    [found] = analyze(text, path=path, settings=Settings(select=("PL018",))).findings
    assert found.message == (
        "invalid YAML: a value does not fit its tag (such as !!int, !!timestamp): "
        "GitHub Copilot may read none of its keys (quote values starting with * { [ !)"
    )
    assert text[found.start : found.end] == "excludeAgent: !!int"
