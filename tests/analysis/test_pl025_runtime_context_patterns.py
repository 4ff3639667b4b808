"""PL025's two line patterns at their edges: which value lines hold a frozen date or an
email address, which headings make a value line an injected section, and where a line
ends (docs/mutation.md, "PL025 and PL033 (session 8)").

A user sees which text is underlined, what the message calls it (a ``# currentDate``
section, or a lone ``Today's date is …`` line) and what the fix removes; each case
states the exact (underlined text, shape) list the file gets, or that it gets none.
"""

from __future__ import annotations

import pytest

from promptls.analysis import analyze, fix_all
from promptls.analysis.settings import Settings

ONLY = Settings(select=("PL025",))
DATE_LINE = "a 'Today's date is …' line"
EMAIL_LINE = "a 'The user's email …' line"


def found(text: str) -> list[tuple[str, str]]:
    """(underlined text, the shape the message names) of each PL025 finding."""
    findings = analyze(text, path="CLAUDE.md", settings=ONLY).findings
    return [
        (text[f.start : f.end], f.message.split(" that an agent injected")[0]) for f in findings
    ]


def key_of(value: str) -> str:
    return "currentDate" if value.startswith("Today") else "userEmail"


def line_of(value: str) -> str:
    return DATE_LINE if value.startswith("Today") else EMAIL_LINE


INJECTED_VALUES = [
    "Today's date is Sunday, March 8, 2026.",  # Gemini CLI's wording: words before the year
    "Today's date is 8 March 2026",  # the year ends the line
    "Today's date is 1970-01-01.",  # a sandbox whose clock starts at the epoch
    "The user's email address is jo@example.org",  # no closing period
    "The user's email address is root@localhost.",  # a domain without a dot
]
NOT_VALUES = [
    "Today's date is {{CURRENT_DATE}} (the FY2026 budget applies).",
    "Today's date is {{CURRENT_DATE}}; answer as if it were the 1980s.",
    "The user's email address is never shown; mail help@example.org instead.",
    "The user's email address is @Model.Email.",  # a Razor template
    "The user's email address is jo@@example.org.",
    "The user's email address is jo@.",
    "The user's email address is jo@work, as the HR sheet says.",  # no domain
]


@pytest.mark.parametrize("value", INJECTED_VALUES)
def test_a_value_line_with_a_concrete_value_is_reported(value: str) -> None:
    assert found(f"Intro.\n\n{value}\n") == [(value, line_of(value))]
    section = f"# {key_of(value)}\n{value}"
    assert found(f"Intro.\n\n{section}\n") == [(section, f"a '# {key_of(value)}' section")]


@pytest.mark.parametrize("value", NOT_VALUES)
def test_a_value_line_without_a_year_or_an_address_is_quiet(value: str) -> None:
    """A year glued inside a word is no date; a mention, a template expression or a
    malformed address is no address: the line and its heading stay."""
    assert found(f"Intro.\n\n{value}\n") == []
    assert found(f"Intro.\n\n# {key_of(value)}\n{value}\n") == []


@pytest.mark.parametrize(
    "value", ["Today's date is 2031-04-17.", "The user's email address is jo@example.org."]
)
def test_a_value_line_ending_the_file_without_a_line_break_is_reported(value: str) -> None:
    assert found(f"Intro.\n\n{value}") == [(value, line_of(value))]
    section = f"# {key_of(value)}\n{value}"
    assert found(f"Intro.\n\n{section}") == [(section, f"a '# {key_of(value)}' section")]


VALUE = "Today's date is 2031-04-17."
SECTION = "a '# currentDate' section"


@pytest.mark.parametrize(
    "heading",
    [
        "# currentDate",
        "###### currentDate",
        "#currentDate",
        "#\tcurrentDate",
        "   # currentDate",
        "\t# currentDate",
        "# currentDate ",
        "# currentDate\t",
    ],
)
def test_every_heading_level_indent_and_blank_makes_a_section(heading: str) -> None:
    text = f"Intro.\n\n{heading}\n{VALUE}\n"
    assert found(text) == [(f"{heading}\n{VALUE}", SECTION)]
    assert fix_all(text, path="CLAUDE.md", settings=ONLY) == "Intro.\n"


@pytest.mark.parametrize("indent", ["  ", "\t"])
def test_an_indented_value_under_its_heading_makes_a_section(indent: str) -> None:
    text = f"Intro.\n\n# currentDate\n{indent}{VALUE}\n"
    assert found(text) == [(f"# currentDate\n{indent}{VALUE}", SECTION)]


@pytest.mark.parametrize(
    "heading",
    [
        "####### currentDate",  # seven: no Markdown heading
        "currentDate",
        "# currentDateTime",
        "echo $DATE # currentDate",  # a comment after a command, not a heading
    ],
)
def test_a_line_that_is_no_key_heading_stays_and_only_the_value_goes(heading: str) -> None:
    text = f"Intro.\n\n{heading}\n{VALUE}\n"
    assert found(text) == [(VALUE, DATE_LINE)]
    assert fix_all(text, path="CLAUDE.md", settings=ONLY) == f"Intro.\n\n{heading}\n"


@pytest.mark.parametrize("indent", ["  ", "\t"])
def test_an_indented_lone_value_line_is_reported_with_its_indent(indent: str) -> None:
    assert found(f"- Intro.\n{indent}{VALUE}\n") == [(indent + VALUE, DATE_LINE)]


@pytest.mark.parametrize(
    "text",
    [
        f"The reminder said {VALUE[0].lower()}{VALUE[1:]} A date in prose.\n",
        f"Claude's reminder says {VALUE} It is stale.\n",
        f"`{VALUE}`\n",
        f"# currentDate\n`{VALUE}`\n",
        f"# currentDate\n**{VALUE}**\n",
    ],
)
def test_the_injected_wording_inside_a_line_of_prose_or_code_is_quiet(text: str) -> None:
    assert found(text) == []


def test_a_value_line_ends_at_its_own_line_break() -> None:
    """The next line is kept, even one without blanks (a rule, a word)."""
    text = f"{VALUE}\n---\nKeep.\n"
    assert found(text) == [(VALUE, DATE_LINE)]
    assert fix_all(text, path="CLAUDE.md", settings=ONLY) == "---\nKeep.\n"
