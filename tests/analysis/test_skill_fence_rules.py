"""PL029 (skill template traps) and PL030 (unclosed fences) beyond the fixtures: exact
ranges in every encoding, the severity PL030 picks, the editor-only closing fence as
goldens, and the skill body the hover renders."""

from __future__ import annotations

import pytest

from promptls.analysis import analyze, fix_all
from promptls.analysis.model import Severity
from promptls.analysis.rules.pl029_skill_template_trap import (
    is_template_path,
    render_body,
    split_arguments,
    tokens,
)
from promptls.analysis.rules.pl030_unclosed_fence import closing_edit, open_fence
from promptls.analysis.settings import Settings
from promptls.text.mapper import Encoding, Mapper
from tests.positions import encoded_position

ENCODINGS: tuple[Encoding, ...] = ("utf-8", "utf-16", "utf-32")
CODECS = {"utf-8": ("utf-8", 1), "utf-16": ("utf-16-le", 2), "utf-32": ("utf-32-le", 4)}


def _units(text: str, encoding: str) -> int:
    codec, size = CODECS[encoding]
    return len(text.encode(codec)) // size


def _only(code: str) -> Settings:
    return Settings(select=(code,))


def _assert_range(text: str, start: int, end: int, line: int, prefix: str, covered: str) -> None:
    for encoding in ENCODINGS:
        mapper = Mapper(text, encoding)
        got_start = mapper.offset_to_position(start)
        assert got_start == encoded_position(text, start, encoding)
        assert got_start == (line, _units(prefix, encoding))
        assert mapper.offset_to_position(end) == (line, _units(prefix + covered, encoding))


# -- PL029 ---------------------------------------------------------------------------------


def test_pl029_range_after_emoji_and_cjk_on_crlf_lines() -> None:
    text = "---\r\nname: 日志\r\ndescription: x\r\n---\r\n👩\u200d💻 日志 `awk '{print $3}'`\r\n"
    found = analyze(text, path="skills/log/SKILL.md", settings=_only("PL029")).findings
    assert [text[f.start : f.end] for f in found] == ["$3"]
    line = "👩\u200d💻 日志 `awk '{print $3}'`"
    _assert_range(text, found[0].start, found[0].end, 4, line[: line.index("$3")], "$3")
    assert fix_all(text, path="skills/log/SKILL.md", settings=_only("PL029")) == text.replace(
        "$3", "\\$3"
    )


@pytest.mark.parametrize(
    ("path", "templated"),
    [
        ("skills/x/SKILL.md", True),
        ("/home/u/.claude/skills/x/SKILL.md", True),
        (".claude/commands/fix.md", True),
        (".claude/commands/git/commit.md", True),
        ("C:\\repo\\.claude\\commands\\fix.md", True),
        (".claude/skills/x/references/notes.md", False),
        (".claude/commands/notes.txt", False),
        ("docs/commands/fix.md", False),
        ("AGENTS.md", False),
        (None, False),
        ("", False),
    ],
)
def test_which_files_claude_reads_as_templates(path: str | None, templated: bool) -> None:
    assert is_template_path(path) is templated


def test_pl029_is_quiet_outside_templates_and_in_prose() -> None:
    awk = "```sh\nawk '{print $1}'\n```\n"
    assert analyze(awk, path="docs/awk.md", settings=_only("PL029")).findings == ()
    prose = "---\nname: a\ndescription: b\n---\nFix $ARGUMENTS now, costs $5.\n"
    assert analyze(prose, path="a/SKILL.md", settings=_only("PL029")).findings == ()


def test_pl029_argument_hint_makes_code_placeholders_intended() -> None:
    body = "```sh\ngh pr view $0\n```\n"
    hinted = "---\nname: a\ndescription: b\nargument-hint: [pr]\n---\n" + body
    bare = "---\nname: a\ndescription: b\n---\n" + body
    assert analyze(hinted, path="a/SKILL.md", settings=_only("PL029")).findings == ()
    found = analyze(bare, path="a/SKILL.md", settings=_only("PL029")).findings
    assert [(f.code, f.severity) for f in found] == [("PL029", Severity.WARNING)]
    assert found[0].message.startswith("Claude Code replaces `$0` in code with argument 1")


def test_pl029_finds_placeholders_the_way_claude_reads_them() -> None:
    text = "$ARGUMENTS $ARGUMENTS[2] $12 \\$3 $ARGUMENTSX $4x a!`ls` !`pwd`"
    got = [(text[t.start : t.end], t.argument, t.command) for t in tokens(text)]
    assert got == [
        ("$ARGUMENTS", None, None),
        ("$ARGUMENTS[2]", 2, None),
        ("$12", 12, None),
        ("!`pwd`", None, "pwd"),
    ]


def test_the_hover_body_fills_placeholders_and_never_runs_commands() -> None:
    text = (
        "---\nname: a\ndescription: b\n---\n"
        "Fix $ARGUMENTS: first $0, second $ARGUMENTS[1], missing $5, literal \\$1.\n"
        "Status: !`git status --short`\n"
    )
    assert render_body(text, 'one "two three"') == (
        'Fix one "two three": first one, second two three, missing $5, literal $1.\n'
        "Status: (runs `git status --short` at load)\n"
    )


def test_the_hover_body_appends_arguments_no_placeholder_took() -> None:
    assert render_body("Summarise the diff.\n", "arg1 arg2") == (
        "Summarise the diff.\n\nARGUMENTS: arg1 arg2\n"
    )
    assert render_body("Summarise the diff.\n", "") == "Summarise the diff.\n"
    assert render_body("Use $3.\n", "a b") == "Use $3.\n\nARGUMENTS: a b\n"


def test_arguments_split_like_a_shell_and_fall_back_to_whitespace() -> None:
    assert split_arguments("a 'b c' d") == ["a", "b c", "d"]
    assert split_arguments("it's here") == ["it's", "here"]


# -- PL030 ---------------------------------------------------------------------------------


def test_pl030_range_is_the_opening_line_in_every_encoding() -> None:
    text = "# 日志 🚀\r\n\r\n👩\u200d💻 例\r\n  ```py 日志\r\nprint('x')\r\n"
    found = analyze(text, path="AGENTS.md", settings=_only("PL030")).findings
    assert [(f.code, f.severity, text[f.start : f.end]) for f in found] == [
        ("PL030", Severity.WARNING, "```py 日志")
    ]
    _assert_range(text, found[0].start, found[0].end, 3, "  ", "```py 日志")


def test_pl030_is_an_error_when_a_marker_is_swallowed() -> None:
    text = "Static.\n\n```\nx\n\n__ZIDANE_SYSTEM_PROMPT_BOUNDARY__\n\nDynamic.\n"
    found = analyze(text, path="agent.prompt", settings=_only("PL030")).findings
    assert [(f.code, f.severity) for f in found] == [("PL030", Severity.ERROR)]
    closed = text.replace("x\n", "x\n```\n")
    assert analyze(closed, path="agent.prompt", settings=_only("PL030")).findings == ()


def test_pl030_has_no_fix_for_check() -> None:
    text = "```\nx\n"
    found = analyze(text, path="AGENTS.md", settings=_only("PL030")).findings
    assert len(found) == 1 and found[0].fix is None
    assert fix_all(text, path="AGENTS.md", settings=_only("PL030")) == text


@pytest.mark.parametrize(
    ("text", "closed"),
    [
        ("```sh\nx\n", "```sh\nx\n```\n"),
        ("```sh\r\nx\r\n", "```sh\r\nx\r\n```\r\n"),
        ("```sh\nx", "```sh\nx\n```"),
        ("```sh", "```sh\n```"),
        ("~~~~\nx\n```\n", "~~~~\nx\n```\n~~~~\n"),
        ("- a\n  ```\n  x\n", "- a\n  ```\n  x\n  ```\n"),
        ("> 1. a\n>    ```\n>    x\n", "> 1. a\n>    ```\n>    x\n>    ```\n"),
        ("a\r```\rx\r", "a\r```\rx\r```\r"),
    ],
)
def test_the_editor_fix_closes_the_fence_at_the_end(text: str, closed: str) -> None:
    edit = closing_edit(text)
    assert edit is not None and edit.start == edit.end
    assert text[: edit.start] + edit.new_text + text[edit.end :] == closed
    assert open_fence(closed) is None


@pytest.mark.parametrize(
    "text",
    [
        "```\nx\n```\n",
        "~~~\nx\n~~~~~~\n",
        "- a\n  ```\n  x\n- b\n",
        "> ```\n> x\n\nafter\n",
        "    ```\nx\n",
        "``` a`b\nx\n",
        "1. a\n\n   ```\n   x\n   ```\n\n   more\n",
        "inline ``` run\n",
        "",
    ],
)
def test_closed_or_no_fences_stay_quiet(text: str) -> None:
    assert open_fence(text) is None
    assert closing_edit(text) is None
