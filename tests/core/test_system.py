"""build_system: the static doctrine is byte-stable and holds only preamble + tool rules."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from promptls.system import (
    DEFAULT_INSTRUCTIONS,
    TOOL_GUIDELINES_HEADING,
    SystemOptions,
    ToolInfo,
    build_system,
)


def test_empty_options_give_the_default_preamble_only() -> None:
    assert build_system(SystemOptions()) == DEFAULT_INSTRUCTIONS
    assert TOOL_GUIDELINES_HEADING not in build_system(SystemOptions())


def test_blank_instructions_fall_back_to_the_default() -> None:
    assert build_system(SystemOptions(instructions=" \n\t\n")) == DEFAULT_INSTRUCTIONS


def test_default_preamble_is_our_own_text() -> None:
    # The reference implementation's preamble names its agent "Or"; ours must not.
    assert "You are Or" not in DEFAULT_INSTRUCTIONS
    assert DEFAULT_INSTRUCTIONS.strip() == DEFAULT_INSTRUCTIONS


def test_custom_instructions_replace_the_default_and_are_trimmed() -> None:
    text = build_system(SystemOptions(instructions="\nYou review code.\n\n"))
    assert text == "You review code."


def test_tool_guidelines_follow_the_preamble_in_advertise_order() -> None:
    tools = (
        ToolInfo("read", ("Read a file before editing it.",)),
        ToolInfo("edit", ("Prefer small edits.", "Never edit generated files.")),
        ToolInfo("bash", ()),
    )
    text = build_system(SystemOptions(instructions="Preamble.", tools=tools))
    assert text == (
        "Preamble.\n\n# Tool guidelines\n\n"
        "- Read a file before editing it.\n"
        "- Prefer small edits.\n"
        "- Never edit generated files."
    )


def test_no_section_when_no_tool_has_a_bullet() -> None:
    tools = (ToolInfo("read"), ToolInfo("edit", ("", "  ")))
    assert build_system(SystemOptions(tools=tools)) == DEFAULT_INSTRUCTIONS


def test_a_rule_stated_by_two_tools_appears_once_at_its_first_place() -> None:
    tools = (
        ToolInfo("a", ("Shared rule.", "Only a.")),
        ToolInfo("b", (" Shared rule. ", "Only b.")),
    )
    text = build_system(SystemOptions(tools=tools))
    assert text.count("Shared rule.") == 1
    assert text.endswith("- Shared rule.\n- Only a.\n- Only b.")


def test_multiline_guideline_stays_inside_its_bullet() -> None:
    tools = (ToolInfo("a", ("First line\n# Not a heading",)),)
    text = build_system(SystemOptions(tools=tools))
    assert text.endswith("- First line\n  # Not a heading")
    assert "\n# Not a heading" not in text


_options = st.builds(
    SystemOptions,
    instructions=st.text(max_size=40),
    tools=st.lists(
        st.builds(ToolInfo, st.text(max_size=5), st.lists(st.text(max_size=20)).map(tuple)),
        max_size=4,
    ).map(tuple),
)


@given(_options)
def test_equal_options_give_identical_bytes(opts: SystemOptions) -> None:
    copy = SystemOptions(
        instructions="".join(opts.instructions),
        tools=tuple(ToolInfo(t.name, tuple(t.guidelines)) for t in opts.tools),
    )
    assert build_system(opts) == build_system(copy)
    assert build_system(opts).strip() == build_system(opts)
    assert build_system(opts)
