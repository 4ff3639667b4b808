"""Front matter with positions (``analysis/frontmatter_nodes.py``): the spans, values
and problems every front-matter finding is placed by.
"""

from __future__ import annotations

import pytest

from promptls.analysis import analyze
from promptls.analysis.frontmatter_nodes import ABSENT, Item, Key, front_matter
from promptls.analysis.settings import Settings


def plain(text: str, name: str, raw_value: str, value: object, quoted: bool = False) -> Key:
    """The key a plain line ``name: raw_value`` of ``text`` should give, placed by search."""
    line = f"{name}: {raw_value}".rstrip() if raw_value else f"{name}:"
    pos = text.index("\n" + line) + 1
    start = pos + len(name) + 2 if raw_value else pos + len(name) + 1
    end = start + len(raw_value)
    return Key(
        name, pos, pos + len(name), value, start, end, (Item(value, start, end),), False, quoted
    )


def test_a_rejected_block_is_read_line_by_line_with_each_value_in_place() -> None:
    text = (
        "---\nglobs: *.ts\nd: 'abc'\nXe: \"q\"\nnote: a: b\nflag: true\nTitle: XOX\n"
        "e: ''\nq: '\n:orphan\n  indented: no\n# c: no\n- item: no\nempty:\n---\nbody\n"
    )
    front = front_matter(text)
    assert front.problem.startswith("invalid YAML") and front.lenient
    assert front.keys == (
        plain(text, "globs", "*.ts", "*.ts"),
        plain(text, "d", "'abc'", "abc", quoted=True),
        plain(text, "Xe", '"q"', "q", quoted=True),
        plain(text, "note", "a: b", "a: b"),
        plain(text, "flag", "true", True),
        plain(text, "Title", "XOX", "XOX"),
        plain(text, "e", "''", "", quoted=True),
        plain(text, "q", "'", "'", quoted=True),
        plain(text, "empty", "", None),
    )
    assert front.get("flag") is not None


def test_an_empty_plain_value_sits_after_its_spaces_and_ignores_a_carriage_return() -> None:
    text = "---\r\nglobs: *.ts\r\nempty:\r\nblank:   \r\n---\r\nbody\r\n"
    front = front_matter(text)
    empty, blank = front.keys[1], front.keys[2]
    colon = text.index("empty:") + len("empty:")
    assert (empty.name, empty.value, empty.value_start, empty.value_end) == (
        "empty",
        None,
        colon,
        colon,
    )
    after = text.index("blank:") + len("blank:   ")
    assert (blank.value, blank.value_start, blank.value_end) == (None, after, after)


def test_a_plain_true_in_any_case_is_a_boolean_and_a_half_quoted_value_is_text() -> None:
    text = "---\nglobs: *.ts\nalwaysApply: TRUE\ndescription: 'open\n---\n"
    front = front_matter(text)
    assert [(k.name, k.value, k.quoted) for k in front.keys] == [
        ("globs", "*.ts", False),
        ("alwaysApply", True, False),
        ("description", "'open", True),
    ]


@pytest.mark.parametrize("first", ["--- ", "---X", "----"])
def test_a_first_line_that_is_not_exactly_the_fence_opens_no_front_matter(first: str) -> None:
    # As discovery reads it: agents take no front matter from such a file.
    assert front_matter(f"{first}\nalwaysApply: true\n---\nbody\n") is ABSENT


def test_a_block_of_comments_only_is_front_matter_without_keys_or_problem() -> None:
    text = "---\n# nothing yet\n---\nbody\n"
    front = front_matter(text)
    assert (front.present, front.keys, front.problem, front.problem_at) == (True, (), "", None)
    assert (
        analyze(text, path=".cursor/rules/x.mdc", settings=Settings(select=("PL018",))).findings
        == ()
    )


def test_a_block_that_is_no_mapping_names_the_problem_at_the_block() -> None:
    front = front_matter("---\n- a\n---\nbody\n")
    assert (front.problem, front.problem_at) == ("the front matter is not a key: value mapping", 4)


def test_a_control_character_is_reported_by_what_yaml_said() -> None:
    front = front_matter("---\na: \x01\n---\nbody\n")
    assert front.problem.startswith("invalid YAML: unacceptable character #x0001")
    assert front.problem_at == 4


def test_indentation_nested_past_the_parser_is_reported_not_raised() -> None:
    # Flow brackets are stopped before parsing (too_deep); block nesting is not, and
    # overflows PyYAML's recursive composer: a RecursionError without marks.
    block = "".join(" " * i + f"k{i}:\n" for i in range(600))
    front = front_matter("---\n" + block + "---\nbody\n")
    assert front.problem.startswith("invalid YAML: maximum recursion depth exceeded")
    assert front.problem_at == 4
    assert front.lenient and [k.name for k in front.keys] == ["k0"]


def test_a_flow_list_as_a_key_is_named_by_its_items() -> None:
    [key] = front_matter("---\n[a, b]: x\n---\nbody\n").keys
    assert key.name == "['a', 'b']"


def test_a_value_with_a_mapping_is_a_list_only_when_written_as_one() -> None:
    front = front_matter("---\nglobs: [{a: b}]\nother: {a: b}\n---\nbody\n")
    assert [(k.name, k.items, k.sequence) for k in front.keys] == [
        ("globs", (), True),
        ("other", (), False),
    ]


def test_a_single_quoted_true_is_a_quoted_string_for_cursor() -> None:
    text = "---\nalwaysApply: 'true'\n---\nbody\n"
    [found] = analyze(
        text, path=".cursor/rules/x.mdc", settings=Settings(select=("PL020",))
    ).findings
    assert found.message == (
        "Cursor expects 'alwaysApply' to be true or false, not a quoted string: it ignores it"
    )
