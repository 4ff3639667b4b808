"""The boundary-marker API: table tests for every sentence of the seed, and its laws."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from promptls.prompt import (
    SYSTEM_PROMPT_BOUNDARY as B,
)
from promptls.prompt import (
    SystemPromptParts,
    append_dynamic_section,
    append_static_section,
    join_system_prompt,
    render_system_for_wire,
    replace_dynamic_section,
    split_system_prompt,
)


def test_marker_value_is_the_zidane_marker() -> None:
    assert B == "__ZIDANE_SYSTEM_PROMPT_BOUNDARY__"


@pytest.mark.parametrize(
    ("text", "static", "dynamic"),
    [
        ("no marker here", "no marker here", ""),
        (f"a\n\n{B}\n\nb", "a", "b"),
        (f"a{B}b", "a", "b"),
        # exactly one blank line is trimmed on each side; more survive verbatim
        (f"a\n\n\n{B}\n\n\nb", "a\n", "\nb"),
        (f"a\n\n\n\n{B}\n\n\n\nb", "a\n\n", "\n\nb"),
        # a single newline is not a blank line and is not trimmed
        (f"a\n{B}\nb", "a\n", "\nb"),
        # first marker splits; later markers are folded verbatim into dynamic
        (f"a\n\n{B}\n\nb\n\n{B}\n\nc", "a", f"b\n\n{B}\n\nc"),
        (f"{B}", "", ""),
        (f"{B}\n\nonly dynamic", "", "only dynamic"),
        (f"only static\n\n{B}", "only static", ""),
        # CRLF blank lines are not the "\n\n" the split trims
        (f"a\r\n\r\n{B}\r\n\r\nb", "a\r\n\r\n", "\r\n\r\nb"),
    ],
)
def test_split_table(text: str, static: str, dynamic: str) -> None:
    assert split_system_prompt(text) == SystemPromptParts(static, dynamic)


def test_split_without_marker_returns_input_object_on_static_side() -> None:
    text = "".join(["plain ", "prompt"])
    parts = split_system_prompt(text)
    assert parts.static is text
    assert parts.dynamic == ""


def test_join_empty_dynamic_is_static_unchanged_and_marker_free() -> None:
    static = "".join(["doc", "trine"])
    assert join_system_prompt(static, "") is static


def test_join_puts_one_blank_line_each_side() -> None:
    assert join_system_prompt("a", "b") == f"a\n\n{B}\n\nb"
    assert join_system_prompt("", "b") == f"\n\n{B}\n\nb"


@pytest.mark.parametrize(
    ("text", "wire"),
    [
        ("plain", "plain"),
        (f"a\n\n{B}\n\nb", "a\n\nb"),
        (f"a{B}b", "a\n\nb"),
        (f"a\n\n{B}\n\nb\n\n{B}\n\nc", "a\n\nb\n\nc"),
        (f"{B}\n\nb", "b"),
        (f"a\n\n{B}", "a"),
        (f"{B}{B}", ""),
        (f"a\n\n\n{B}\n\n\nb", "a\n\n\n\nb"),
    ],
)
def test_render_table(text: str, wire: str) -> None:
    assert render_system_for_wire(text) == wire


def test_render_without_marker_is_a_no_op_returning_the_input() -> None:
    text = "".join(["no ", "marker"])
    assert render_system_for_wire(text) is text


def test_append_dynamic_inserts_marker_when_absent() -> None:
    assert append_dynamic_section("doctrine", "env") == f"doctrine\n\n{B}\n\nenv"


def test_append_dynamic_extends_existing_dynamic_half() -> None:
    assert append_dynamic_section(f"s\n\n{B}\n\nd", "e") == f"s\n\n{B}\n\nd\n\ne"


def test_append_dynamic_keeps_folded_markers() -> None:
    text = f"s\n\n{B}\n\nd\n\n{B}\n\nd2"
    assert append_dynamic_section(text, "e") == f"s\n\n{B}\n\nd\n\n{B}\n\nd2\n\ne"


@pytest.mark.parametrize("fn", [append_dynamic_section, append_static_section])
def test_append_empty_extra_returns_input_verbatim(fn: object) -> None:
    text = "".join(["s\n\n", B, "\n\nd"])
    assert fn(text, "") is text  # type: ignore[operator]


def test_append_static_without_marker_stays_marker_free() -> None:
    assert append_static_section("s", "skills") == "s\n\nskills"
    assert append_static_section("", "skills") == "skills"


def test_append_static_keeps_dynamic_suffix() -> None:
    assert append_static_section(f"s\n\n{B}\n\nd", "x") == f"s\n\nx\n\n{B}\n\nd"


def test_replace_dynamic() -> None:
    assert replace_dynamic_section(f"s\n\n{B}\n\nold", "new") == f"s\n\n{B}\n\nnew"
    assert replace_dynamic_section("s", "new") == f"s\n\n{B}\n\nnew"


def test_replace_dynamic_with_empty_drops_half_and_marker() -> None:
    assert replace_dynamic_section(f"s\n\n{B}\n\nold\n\n{B}\n\nolder", "") == "s"


# --- laws -------------------------------------------------------------------------

_alphabet = st.sampled_from(["a", "b", " ", "\n", "\r", "_", "Z", "é", "中", "😀", B])
any_text = st.lists(_alphabet, max_size=30).map("".join)
marker_free = any_text.map(lambda s: s.replace(B, ""))
non_empty_marker_free = marker_free.filter(bool)


@given(marker_free, non_empty_marker_free)
def test_law_split_inverts_join(a: str, b: str) -> None:
    assert split_system_prompt(join_system_prompt(a, b)) == (a, b)


@given(any_text)
def test_law_render_never_leaves_a_marker(x: str) -> None:
    assert B not in render_system_for_wire(x)


@given(any_text, any_text)
def test_law_append_dynamic_keeps_static_half_byte_stable(x: str, extra: str) -> None:
    assert split_system_prompt(append_dynamic_section(x, extra)).static == (
        split_system_prompt(x).static
    )


@given(non_empty_marker_free, non_empty_marker_free)
def test_law_render_of_join(a: str, b: str) -> None:
    assert render_system_for_wire(join_system_prompt(a, b)) == a + "\n\n" + b


@given(any_text)
def test_replace_with_own_dynamic_roundtrips_the_split(x: str) -> None:
    static, dynamic = split_system_prompt(x)
    assert split_system_prompt(replace_dynamic_section(x, dynamic)).static == static
