"""PL029's module-level patterns, pinned by the findings and the hover body a user sees.

``_TOKEN``: where a ``$ARGUMENTS`` or ``$N`` placeholder ends (a letter, digit or ``_``
glued after it makes it none); ``_COMMAND``: an inline command needs whitespace or a line
start before ``!`` and something between its backticks; ``_ARGUMENT_KEYS``: the front
matter keys that say a skill takes arguments, only at a line start. Written against the
variants of ``scripts/mutation --patterns`` (docs/mutation.md, "Module-level patterns").
"""

from __future__ import annotations

import pytest

from promptls.analysis import analyze
from promptls.analysis.rules.pl029_skill_template_trap import render_body
from promptls.analysis.settings import Settings

SKILL = "skills/x/SKILL.md"
FRONT = "---\nname: x\ndescription: y\n---\n"


def _pl029(body: str, front: str = FRONT) -> list[tuple[str, str]]:
    """(marked text, message) of each PL029 finding of the skill ``front + body``."""
    text = front + body
    found = analyze(text, path=SKILL, settings=Settings(select=("PL029",))).findings
    return [(text[f.start : f.end], f.message) for f in found]


def _replaces(shown: str, nth: int) -> str:
    return (
        f"Claude Code replaces `{shown}` in code with argument {nth} when the skill is "
        f"invoked with arguments; write `\\{shown}` to keep it literal"
    )


ALL_ARGUMENTS = (
    "Claude Code replaces `$ARGUMENTS` with the arguments (empty when there are none), "
    "even inside code; it documents no escape for it (only `\\$` before a digit), so "
    "reword it"
)


@pytest.mark.parametrize(
    "word", ["$ARGUMENTS_JSON", "$ARGUMENTS2", "$ARGUMENTSx", "$ARGUMENTSLIST"]
)
def test_a_longer_name_is_no_arguments_placeholder(word: str) -> None:
    """In a Markdown example (where a bare `$ARGUMENTS` is reported) a longer variable
    name that starts with it is a different name, which Claude Code leaves alone."""
    assert _pl029(f"```md\nPass {word} on.\n```\n") == []


def test_an_empty_index_leaves_the_bare_placeholder() -> None:
    assert _pl029("```md\nPass $ARGUMENTS[] on.\n```\n") == [("$ARGUMENTS", ALL_ARGUMENTS)]


@pytest.mark.parametrize("amount", ["$100k", "$100K", "$1_000", "$2nd"])
def test_a_number_glued_to_a_word_is_no_placeholder(amount: str) -> None:
    assert _pl029(f"```sh\necho 'budget: {amount}'\n```\n") == []


def test_a_number_placeholder_ends_where_the_digits_do() -> None:
    assert _pl029("```sh\necho $12 $1-$2\n```\n") == [
        ("$12", _replaces("$12", 13)),
        ("$1", _replaces("$1", 2)),
        ("$2", _replaces("$2", 3)),
    ]


@pytest.mark.parametrize("body", ["$ alone\n", "a $. b\n", "$(pwd)\n", "$\n"])
def test_a_dollar_without_digits_is_no_placeholder(body: str) -> None:
    assert _pl029(f"```sh\necho {body}```\n") == []


def test_an_inline_command_needs_a_space_before_it() -> None:
    """Claude Code's pattern is ``(?<=^|\\s)!`…```: `Done!`date`` runs nothing."""
    assert _pl029("```sh\necho Done!`date`\n```\n") == []


def test_an_inline_command_needs_a_command() -> None:
    assert _pl029("```sh\necho !`` x\n```\n") == []


def test_the_hover_body_shows_a_command_that_starts_the_body() -> None:
    text = FRONT + "!`git status`\nThen summarise.\n"
    assert render_body(text, "") == "(runs `git status` at load)\nThen summarise.\n"


@pytest.mark.parametrize(
    "key", ["argument-hint : [file]", "argument-hint\t: [file]", "arguments : [a]"]
)
def test_a_key_with_blanks_before_its_colon_says_the_skill_takes_arguments(key: str) -> None:
    front = f"---\nname: x\n{key}\ndescription: y\n---\n"
    assert _pl029("```sh\nawk '{print $1}'\n```\n", front=front) == []


def test_the_word_arguments_inside_a_value_is_no_key() -> None:
    front = "---\nname: x\ndescription: Print a column (no arguments: reads stdin)\n---\n"
    assert _pl029("```sh\nawk '{print $1}'\n```\n", front=front) == [("$1", _replaces("$1", 2))]


@pytest.mark.parametrize("info", ["md", "markdown", "Markdown", "MD"])
def test_a_placeholder_in_a_markdown_example_is_reported(info: str) -> None:
    """A skill shown in a skill: the example's own `$ARGUMENTS` is filled in too."""
    assert _pl029(f"```{info}\nFix $ARGUMENTS now.\n```\n") == [("$ARGUMENTS", ALL_ARGUMENTS)]
