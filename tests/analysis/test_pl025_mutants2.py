"""PL025's fix at the edges of a line: what it takes besides the block, and what it keeps.

Written from the mutation run of 2026-12-01 (docs/mutation.md, "Rules changed on
2026-12-01 (second run)"): each test pins text a user would see lost or left behind.
"""

from __future__ import annotations

from promptls.analysis import analyze, fix_all
from promptls.analysis.settings import Settings

ONLY = Settings(select=("PL025",))
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


def test_backticks_before_a_reminder_on_its_line_decide_whether_it_is_code() -> None:
    assert _messages("`x` " + GIT + "\n") != []
    assert _messages("`a` `b` ` " + GIT + "\n") == []
    assert _messages(GIT + "\nA ` b\n") != []
    assert _messages("Odd `\n" + GIT + "\n") != []


def test_three_separate_reminders_are_three_findings() -> None:
    text = GIT + "\nOne.\n\n" + GIT + "\nTwo.\n\n" + GIT + "\n"
    assert len(_messages(text)) == 3
