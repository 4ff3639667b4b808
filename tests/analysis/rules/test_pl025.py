"""PL025 (persisted-runtime-context) beyond its fixtures: exact messages, spans and fixes at
the edges of what it reports.

Its positive and negative cases are files in ``tests/analysis/testdata/PL025/``
(run by ``tests/analysis/test_fixtures.py``); ``scripts/test --rule PL025`` runs
this module, those fixtures and its docs check.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from promptls.analysis import analyze, fix_all
from promptls.analysis.settings import Settings
from promptls.cli import main
from tests.analysis.conftest import MARKER, codes

# PL025 beyond the fixtures: what it must never print, and what its fix must never take.


ONLY = Settings(select=("PL025",))


EMAIL = "jo.private+work@example.org"


PASTED = (
    f"# userEmail\nThe user's email address is {EMAIL}.\n"
    "# currentDate\nToday's date is 2031-04-17.\n"
)


def test_the_email_address_is_in_no_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "CLAUDE.md"
    path.write_text("Be brief.\n\n" + PASTED, encoding="utf-8")
    for output in ("text", "json", "github", "sarif"):
        main(["check", "--format", output, str(path)])
        out = capsys.readouterr().out
        assert "PL025" in out
        assert EMAIL not in out and "example.org" not in out, output
    main(["check", "--format", "json", str(path)])
    findings = json.loads(capsys.readouterr().out)
    assert "an email address" in findings[0]["message"]


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("", ""),
        ("Intro.\n\n", "\nOutro.\n"),
        ("Intro.\n", "Outro.\n"),
        ("# Heading\n", "\n# Next\n"),
        ("Intro.\n\n", ""),
    ],
)
def test_the_fix_takes_the_block_and_at_most_one_blank_line(before: str, after: str) -> None:
    text = before + PASTED + after
    fixed = fix_all(text, path="CLAUDE.md", settings=ONLY)
    assert fixed.replace("\n", "") == (before + after).replace("\n", "")
    assert len(before + after) - len(fixed) <= 1
    assert "\n\n\n" not in fixed
    assert analyze(fixed, path="CLAUDE.md", settings=ONLY).findings == ()


def test_text_sharing_a_line_with_a_reminder_stays() -> None:
    text = (
        "Keep it short. <system-reminder>\n# currentDate\nToday's date is 2031-04-17.\n"
        "</system-reminder> Then test.\n"
    )
    fixed = fix_all(text, path="CLAUDE.md", settings=ONLY)
    assert fixed == "Keep it short.  Then test.\n"


# PL025's two line patterns at their edges: which value lines hold a frozen date or an
# email address, which headings make a value line an injected section, and where a line
# ends (docs/mutation.md, "PL025 and PL033 (session 8)").
#
# A user sees which text is underlined, what the message calls it (a ``# currentDate``
# section, or a lone ``Today's date is …`` line) and what the fix removes; each case
# states the exact (underlined text, shape) list the file gets, or that it gets none.


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


# PL025's fix at the edges of a line: what it takes besides the block, and what it keeps.
#
# Written from the mutation run of 2026-12-01 (docs/mutation.md, "Rules changed on
# 2026-12-01 (second run)"): each test pins text a user would see lost or left behind.


REMINDER = "<system-reminder>\n# currentDate\nToday's date is 2031-04-17.\n</system-reminder>"


def _fixed(text: str) -> str:
    return fix_all(text, path="CLAUDE.md", settings=ONLY)


def test_the_indentation_before_a_block_goes_with_it_after_a_leading_blank_line() -> None:
    assert _fixed("\n  " + REMINDER + "\n") == "\n"


def test_only_spaces_and_tabs_before_a_block_count_as_its_indentation() -> None:
    assert _fixed("X " + REMINDER + "\nRest.\n") == "X Rest.\n"
    assert _fixed("\u00a0" + REMINDER + "\nRest.\n") == "\u00a0Rest.\n"


def test_trailing_blanks_after_the_closing_tag_at_the_end_of_the_file_go_too() -> None:
    text = "Intro.\n\n" + REMINDER + " "
    findings = analyze(text, path="CLAUDE.md", settings=ONLY).findings
    assert [f.code for f in findings] == ["PL025"]
    assert _fixed(text) == "Intro.\n"


def _messages(text: str) -> list[str]:
    return [f.message for f in analyze(text, path="CLAUDE.md", settings=ONLY).findings]


def _holding(text: str) -> list[str]:
    """What each finding says the block holds (the part after "holding")."""
    return [m.split("holding ", 1)[1].split(":", 1)[0] for m in _messages(text)]


def _reminder(body: str) -> str:
    return f"Intro.\n\n<system-reminder>\n{body}\n</system-reminder>\n"


def test_a_blank_line_or_a_neighbour_line_decides_what_the_fix_takes() -> None:
    assert _fixed("Intro.\n\n" + REMINDER + "\nRest.\n") == "Intro.\n\nRest.\n"
    assert _fixed(REMINDER + "\n\nRest.\n") == "Rest.\n"
    assert _fixed("Keep " + REMINDER + " x\n") == "Keep  x\n"


def test_crlf_blank_lines_are_blank_lines_too() -> None:
    crlf = REMINDER.replace("\n", "\r\n")
    assert _fixed("Intro.\r\n\r\n" + crlf + "\r\n") == "Intro.\r\n"
    assert _fixed("Intro.\r\n\r\n" + crlf + "\r\n\r\nOutro.\r\n") == "Intro.\r\n\r\nOutro.\r\n"


def test_each_kind_of_injected_context_is_named_on_its_own() -> None:
    assert _holding(_reminder("# currentDate\n2031-04-17")) == ["a frozen date"]
    assert _holding(_reminder("# userEmail\njo@example.org")) == ["an email address"]
    assert _holding(_reminder("The user's email address is jo@example.org.")) == [
        "an email address"
    ]
    assert _holding(_reminder("# gitStatus\nbranch: main")) == ["a git status snapshot"]
    assert _holding(_reminder("This is the git status at the start of the conversation.")) == [
        "a git status snapshot"
    ]
    assert _holding(_reminder("# claudeMd\n(project instructions, checked into the codebase)")) == [
        "a copy of instruction files"
    ]
    assert _holding(
        _reminder("Contents of /r/CLAUDE.md (project instructions, checked into the codebase):")
    ) == ["a copy of instruction files"]
    assert _holding(_reminder("The TodoWrite tool hasn't been used recently.")) == [
        "an agent's runtime reminder"
    ]


def test_each_shape_is_named_in_the_message() -> None:
    session = (
        "<session_context>\nWe are setting up the context for our chat.\n"
        "Today's date is Monday, 2031-04-17.\nHere is the folder structure:\n/r\n"
        "</session_context>\n"
    )
    assert _messages(session)[0].startswith(
        "a <session_context> block that an agent injected at run time, holding a frozen date "
        "and a directory listing"
    )
    env = "<env>\nWorking directory: /r\nToday's date: 2031-04-17\n</env>\n"
    assert _messages(env)[0].startswith("an <env> snapshot that an agent injected")
    assert _messages("<env>\nWorking directory: /r\n</env>\nToday's date is soon.\n") == []
    assert _messages(_reminder("# gitStatus\nbranch: main"))[0].startswith(
        "a <system-reminder> block that an agent injected"
    )
    assert _messages("The user's email address is jo@example.org.\n")[0].startswith(
        "a 'The user's email …' line that"
    )


def test_code_spans_and_fences_hide_a_block_and_nothing_else() -> None:
    inline = "Example: `<system-reminder># currentDate 2031-04-17</system-reminder>`\n"
    assert _messages(inline) == []
    tilde = "~~~\n" + REMINDER + "\n~~~\n"
    assert _messages(tilde) == []
    assert len(_messages("Run `make` then " + REMINDER + "\n")) == 1
    assert len(_messages("`x` " + REMINDER + "\n")) == 1
    assert len(_messages("Odd `\n" + REMINDER + "\n")) == 1
    assert len(_messages("A ``` b `\n" + REMINDER + "\n")) == 1
    assert len(_messages("```\ncode\n```\n" + REMINDER + "\n")) == 1
    # Inline code at a line start (a backtick fence's info string holds no backtick).
    assert len(_messages("```npm test``` first\n" + REMINDER + "\n")) == 1


def test_every_reminder_and_the_one_at_offset_zero_are_found() -> None:
    text = REMINDER + "\nOne.\n\n" + REMINDER + "\nTwo.\n\n" + REMINDER + "\n"
    assert len(_messages(text)) == 3


def test_a_reminder_and_the_section_on_the_next_line_are_one_finding() -> None:
    text = (
        "Intro.\n\n<system-reminder>\n# gitStatus\nbranch: main\n</system-reminder>  \n"
        "# currentDate\nToday's date is 2031-04-17.\nMore.\n"
    )
    messages = _messages(text)
    assert len(messages) == 1
    assert messages[0].startswith(
        "a <system-reminder> block and a '# currentDate' section that an agent injected at "
        "run time, holding a frozen date and a git status snapshot"
    )
    assert _fixed(text) == "Intro.\n\nMore.\n"


GIT = "<system-reminder>\n# gitStatus\nbranch: main\n</system-reminder>"


"""A reminder with no dated section inside, so only the reminder itself can be reported."""


def test_the_finding_covers_the_block_without_its_line_break() -> None:
    text = "Be brief.\n\n" + GIT + "\n"
    (finding,) = analyze(text, path="CLAUDE.md", settings=ONLY).findings
    assert text[finding.start : finding.end] == GIT
    assert finding.message == (
        "a <system-reminder> block that an agent injected at run time, holding a git status "
        "snapshot: committed, every session starts with it as if it were current"
    )
    assert finding.fix is not None
    assert finding.fix.title == "Remove the persisted runtime context"
    (at_end,) = analyze("Be brief.\n\n" + GIT, path="CLAUDE.md", settings=ONLY).findings
    assert (at_end.start, at_end.end) == (finding.start, finding.end)


def test_a_lone_backtick_before_a_reminder_opens_no_code_span() -> None:
    """CommonMark 6.1: a backtick run with no closing run of its length is literal."""
    assert _messages("`x` " + GIT + "\n") != []
    assert _messages("`a` `b` ` " + GIT + "\n") != []
    assert _messages("`` ` " + GIT.replace("\n", " ") + " ``\n") == []
    assert _messages(GIT + "\nA ` b\n") != []
    assert _messages("Odd `\n" + GIT + "\n") != []


def test_three_separate_reminders_are_three_findings() -> None:
    text = GIT + "\nOne.\n\n" + GIT + "\nTwo.\n\n" + GIT + "\n"
    assert len(_messages(text)) == 3


# A fence run with text after it on its line closes no fence (CommonMark), for PL025's
# code test and for the mentions of "other" documents, which share ``_fenced_ranges``.
#
# Written from the mutation run of session 5 (docs/mutation.md): PL025's
# ``x__in_code__mutmut_12`` (a block starting exactly where a fenced range ends) was left
# open because the range ended at such a run, so a reminder glued to four backticks inside
# a code block was reported.


def _count(text: str) -> int:
    return len(analyze(text, path="CLAUDE.md", settings=ONLY).findings)


def test_a_reminder_glued_to_a_fence_run_is_still_inside_the_code_block() -> None:
    # Four backticks (an even count, so the backtick test of the line does not hide it):
    # the line holds more than the run, so it does not close the block it sits in.
    assert _count("````\ncode\n````" + REMINDER + "\nmore code\n````\n") == 0
    assert _count("~~~\ncode\n~~~" + REMINDER + "\n") == 0


def test_a_closing_run_followed_by_blanks_still_closes_the_block() -> None:
    assert _count("````\ncode\n```` \t\n" + REMINDER + "\n") == 1
    assert _count("~~~\ncode\n~~~\r\n" + REMINDER + "\n") == 1
    assert _count("~~~\ncode\n~~~\r" + REMINDER + "\n") == 1


def test_a_marker_after_a_fence_run_on_its_line_is_still_a_mention() -> None:
    # The glued marker stays inside the block, which the last line closes: no finding
    # (before, the block ended at the glued run and the marker there was analysed).
    assert codes(f"Intro\n\n````\n{MARKER}\n````{MARKER}\n````\n", "notes.md") == []
    closed = f"Intro\n\n````\nx\n````\n{MARKER}\n\n{MARKER}\n"
    assert "PL001" in codes(closed, "notes.md")
