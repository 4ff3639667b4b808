"""PL029 (skill-template-trap) beyond its fixtures: exact messages, spans and fixes at
the edges of what it reports.

Its positive and negative cases are files in ``tests/analysis/testdata/PL029/``
(run by ``tests/analysis/test_fixtures.py``); ``scripts/test --rule PL029`` runs
this module, those fixtures and its docs check.
"""

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

# PL029 (skill template traps) and PL030 (unclosed fences) beyond the fixtures: exact
# ranges in every encoding, the severity PL030 picks, the editor-only closing fence as
# goldens, and the skill body the hover renders.


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


# The edges of PL029's and PL030's decisions, one behaviour per test: what the mutation
# run (docs/mutation.md) showed the fixtures alone would let change unnoticed.


SKILL = "skills/x/SKILL.md"


FRONT = "---\nname: x\ndescription: y\n---\n"


def _pl029_spans(body: str, front: str = FRONT) -> list[str]:
    text = front + body
    found = analyze(text, path=SKILL, settings=Settings(select=("PL029",))).findings
    return [text[f.start : f.end] for f in found]


# -- PL029 ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("body", "flagged"),
    [
        ("It costs $1. Then more.\n", []),  # a full stop is not a decimal point
        ("It costs $1.5 each.\n", ["$1"]),
        ("It costs $1,000.\n", ["$1"]),
        ("It costs $1, or two.\n", []),
        ("Cell $B$6 and 5$6.\n", ["$6"]),
        ("$6 leads the line.\n", []),
        ("`$ARGUMENTS x` in a span.\n", []),
        ("`$ARGUMENTS` alone.\n", []),  # how authors write the placeholder they mean
        ("`x $ARGUMENTS` alone.\n", []),
        ("```md\n$ARGUMENTS\n```\n", ["$ARGUMENTS"]),
        ("```MD\n$ARGUMENTS\n```\n", ["$ARGUMENTS"]),
        ("```mdx\n$ARGUMENTS\n```\n", []),
        ("```sh\n$ARGUMENTS\n```\n", []),
        ("```sh\necho \\$1\n```\n", []),
    ],
)
def test_pl029_prices_references_and_named_placeholders(body: str, flagged: list[str]) -> None:
    assert _pl029_spans(body) == flagged


def test_pl029_reads_only_the_body() -> None:
    assert _pl029_spans("Nothing.\n", front="---\ndescription: costs $1.50\n---\n") == []
    # Unclosed front matter is body: Claude Code has no front matter to strip.
    assert _pl029_spans("", front="---\ndescription: costs $1.50\n") == ["$1"]


def test_pl029_only_front_matter_keys_say_the_file_takes_arguments() -> None:
    code = "```sh\nawk '{print $1}'\n```\n"
    assert _pl029_spans(code, front="---\nname: x\narguments: [a]\n---\n") == []
    assert _pl029_spans("arguments: none\n" + code) == ["$1"]


def test_pl029_prices_and_commands_in_prose_do_not_make_a_template() -> None:
    code = "```sh\nawk '{print $1}'\n```\n"
    assert _pl029_spans("Costs $1.50; status !`date`.\n" + code) == ["$1", "$1"]
    assert _pl029_spans("Use $0 here.\n" + code) == []


def test_pl029_messages_number_arguments_from_one() -> None:
    text = FRONT + "```sh\necho $0 $ARGUMENTS[1]\n```\n"
    found = analyze(text, path=SKILL, settings=Settings(select=("PL029",))).findings
    assert [f.message.split(" when ")[0] for f in found] == [
        "Claude Code replaces `$0` in code with argument 1"
    ]
    assert found[0].fix is not None and found[0].fix.title == "Escape as \\$0"


def test_the_hover_body_keeps_an_index_past_the_arguments_and_other_escapes() -> None:
    assert render_body("A $0 B $1 C $2 \\$A\n", "x y") == "A x B y C $2 \\$A\n"


# -- PL029, second round: survivors of the mutation run ----------------------------------
def test_pl029_an_escape_does_not_end_the_search() -> None:
    from promptls.analysis.rules.pl029_skill_template_trap import tokens

    text = "\\$1 then $2"
    assert [text[t.start : t.end] for t in tokens(text)] == ["$2"]


def test_pl029_a_key_must_start_its_line() -> None:
    code = "```sh\nawk '{print $1}'\n```\n"
    front = "---\nname: x\ndescription: takes arguments: none\n---\n"
    assert _pl029_spans(code, front=front) == ["$1"]


def test_pl029_a_token_at_the_body_start_counts() -> None:
    code = "```sh\nawk '{print $1}'\n```\n"
    assert _pl029_spans("$0 is the file.\n" + code) == []
    assert _pl029_spans("$1.50 is the price.\n") == ["$1"]


def test_pl029_full_messages() -> None:
    text = FRONT + (
        "Costs $1.50 in $B$2.\n\n"
        "```md\nSee `` !`date` `` and $ARGUMENTS and $ARGUMENTS[0] and $4\n```\n"
    )
    found = analyze(text, path=SKILL, settings=Settings(select=("PL029",))).findings
    got = [(text[f.start : f.end], f.message) for f in found]
    after = " when the skill is invoked with arguments; "
    assert got == [
        ("$1", f"Claude Code replaces `$1` in this price with argument 2{after}"
         "write `\\$1` to keep it literal"),
        ("$2", f"Claude Code replaces `$2` in this reference with argument 3{after}"
         "write `\\$2` to keep it literal"),
        ("!`date`", "Claude Code runs `date` each time it loads this file, even inside code, "
         "and sends its output in place of the example; it documents no escape, so reword "
         "the example (or move it to a supporting file, which is not run)"),
        ("$ARGUMENTS", "Claude Code replaces `$ARGUMENTS` with the arguments (empty when there "
         "are none), even inside code; it documents no escape for it (only `\\$` before a "
         "digit), so reword it"),
        ("$ARGUMENTS[0]", f"Claude Code replaces `$ARGUMENTS[0]` in code with argument 1{after}"
         "it documents no escape for this form, so reword it"),
        ("$4", f"Claude Code replaces `$4` in code with argument 5{after}"
         "write `\\$4` to keep it literal"),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "arguments", "sent"),
    [
        ("!`ls` then $0\n", "a", "(runs `ls` at load) then a\n"),
        ("Do $ARGUMENTS.\n", "a b", "Do a b.\n"),
        ("Hi.  \n", "a", "Hi.  \n\nARGUMENTS: a\n"),
        ("Fix X\n", "a", "Fix X\n\nARGUMENTS: a\n"),
        ("---\nno end $0\n", "a", "---\nno end a\n"),
    ],
)
def test_the_hover_body_edges(text: str, arguments: str, sent: str) -> None:
    assert render_body(text, arguments) == sent


# PL029's module-level patterns, pinned by the findings and the hover body a user sees.
#
# ``_TOKEN``: where a ``$ARGUMENTS`` or ``$N`` placeholder ends (a letter, digit or ``_``
# glued after it makes it none); ``_COMMAND``: an inline command needs whitespace or a line
# start before ``!`` and something between its backticks; ``_ARGUMENT_KEYS``: the front
# matter keys that say a skill takes arguments, only at a line start. Written against the
# variants of ``scripts/mutation --patterns`` (docs/mutation.md, "Module-level patterns").


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
    assert _pl029("```sh\necho $1-$2\n```\n") == [
        ("$1", _replaces("$1", 2)),
        ("$2", _replaces("$2", 3)),
    ]
    thirteen = " ".join(f"a{n}" for n in range(13))
    assert render_body("echo $12 $1\n", thirteen) == "echo a12 a1\n"


def test_a_placeholder_past_the_tenth_argument_is_left_alone() -> None:
    """`$10` and above are filled only by an invocation of more than ten words: in a
    price or in code they are sent as written in practice, and stay quiet; `$9` is not."""
    assert _pl029("```sh\necho $9 $10 $100\n```\n") == [("$9", _replaces("$9", 10))]
    assert _pl029("```md\nUse $ARGUMENTS[10].\n```\n") == []


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
