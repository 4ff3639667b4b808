"""The edges of PL029's and PL030's decisions, one behaviour per test: what the mutation
run (docs/mutation.md) showed the fixtures alone would let change unnoticed."""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.analysis import analyze
from promptls.analysis.model import Severity
from promptls.analysis.rules.pl029_skill_template_trap import render_body
from promptls.analysis.rules.pl030_unclosed_fence import closing_edit, open_fence
from promptls.analysis.settings import Settings
from promptls.discovery import discover

SKILL = "skills/x/SKILL.md"
FRONT = "---\nname: x\ndescription: y\n---\n"


def _pl029(body: str, front: str = FRONT) -> list[str]:
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
    assert _pl029(body) == flagged


def test_pl029_reads_only_the_body() -> None:
    assert _pl029("Nothing.\n", front="---\ndescription: costs $1.50\n---\n") == []
    # Unclosed front matter is body: Claude Code has no front matter to strip.
    assert _pl029("", front="---\ndescription: costs $1.50\n") == ["$1"]


def test_pl029_only_front_matter_keys_say_the_file_takes_arguments() -> None:
    code = "```sh\nawk '{print $1}'\n```\n"
    assert _pl029(code, front="---\nname: x\narguments: [a]\n---\n") == []
    assert _pl029("arguments: none\n" + code) == ["$1"]


def test_pl029_prices_and_commands_in_prose_do_not_make_a_template() -> None:
    code = "```sh\nawk '{print $1}'\n```\n"
    assert _pl029("Costs $1.50; status !`date`.\n" + code) == ["$1", "$1"]
    assert _pl029("Use $0 here.\n" + code) == []


def test_pl029_messages_number_arguments_from_one() -> None:
    text = FRONT + "```sh\necho $0 $ARGUMENTS[1]\n```\n"
    found = analyze(text, path=SKILL, settings=Settings(select=("PL029",))).findings
    assert [f.message.split(" when ")[0] for f in found] == [
        "Claude Code replaces `$0` in code with argument 1"
    ]
    assert found[0].fix is not None and found[0].fix.title == "Escape as \\$0"


def test_the_hover_body_keeps_an_index_past_the_arguments_and_other_escapes() -> None:
    assert render_body("A $0 B $1 C $2 \\$A\n", "x y") == "A x B y C $2 \\$A\n"


# -- PL030 ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "is_open"),
    [
        (">```\n>x\n>```\n", False),
        ("   > ```\n   > x\n", True),
        ("    > ```\n    > x\n", False),  # indented code, not a block quote
        ("- a\n  ```\n\n  x\n  ```\n", False),
        ("-    ```\n     x\n", True),  # four spaces: content column 5, a fence
        ("-     ```\n      x\n", False),  # five: indented code in the item
        ("```\nx\n    ```\n", True),  # a closer indented four spaces is content
        ("```\nx\n   ```\n", False),
        ("```\nx\n```   \n", False),
        ("```\nx\n``` x\n", True),
        ("~~~ a`b\nx\n", True),  # a tilde fence's info may hold backticks
        ("1234567890. ```\nx\n", False),
        ("123456789. ```\n           x\n", True),
        ("- ```\n  x\n", True),
        ("-\n  ```\n  x\n", True),
    ],
)
def test_pl030_follows_commonmark_containers(text: str, is_open: bool) -> None:
    assert (open_fence(text) is not None) is is_open


def test_pl030_a_fence_that_ends_the_file_swallows_nothing_and_is_not_reported() -> None:
    for text in ("# X\n\n```\n", "# X\n\n```sh\n\n  \n"):
        found = analyze(text, path="AGENTS.md", settings=Settings(select=("PL030",)))
        assert found.findings == ()
    found = analyze("# X\n\n```\nx\n", path="AGENTS.md", settings=Settings(select=("PL030",)))
    assert "the 1 line(s) after it" in found.findings[0].message


def test_pl030_closer_keeps_the_opening_line_break_without_a_final_one() -> None:
    edit = closing_edit("```\r\nx")
    assert edit is not None and edit.new_text == "\r\n```"


def test_pl030_is_an_error_only_for_imports_the_profile_reads(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "docs").mkdir()
    for name in ("a", "b", "c", "d"):
        (tmp_path / "docs" / f"{name}.md").write_text("x\n", encoding="utf-8")
    text = "# R\n\n```\nx\n\n@docs/a.md @docs/b.md @docs/c.md @docs/d.md @alice\n"
    claude = tmp_path / "CLAUDE.md"
    claude.write_text(text, encoding="utf-8")
    home = tmp_path / "home"
    home.mkdir()
    settings = Settings(select=("PL030",))

    def check(profile: str) -> tuple[Severity, str]:
        found = discover(str(tmp_path), profile, home=home, environ={})
        [finding] = analyze(text, path=str(claude), settings=settings, discovery=found).findings
        return finding.severity, finding.message

    severity, message = check("claude")
    assert severity is Severity.ERROR
    assert message.endswith("does not import @docs/a.md, @docs/b.md, @docs/c.md, … from inside it")
    assert "@alice" not in message
    severity, message = check("codex")
    assert severity is Severity.WARNING and "import" not in message


# -- PL029, second round: survivors of the mutation run ----------------------------------


def test_pl029_an_escape_does_not_end_the_search() -> None:
    from promptls.analysis.rules.pl029_skill_template_trap import tokens

    text = "\\$1 then $2"
    assert [text[t.start : t.end] for t in tokens(text)] == ["$2"]


def test_pl029_a_key_must_start_its_line() -> None:
    code = "```sh\nawk '{print $1}'\n```\n"
    front = "---\nname: x\ndescription: takes arguments: none\n---\n"
    assert _pl029(code, front=front) == ["$1"]


def test_pl029_a_token_at_the_body_start_counts() -> None:
    code = "```sh\nawk '{print $1}'\n```\n"
    assert _pl029("$0 is the file.\n" + code) == []
    assert _pl029("$1.50 is the price.\n") == ["$1"]


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


# -- PL030, second round: survivors of the mutation run ----------------------------------


@pytest.mark.parametrize(
    ("text", "is_open"),
    [
        ("> > ```\n> > x\n", True),
        ("> > ```\n> > x\n> > ```\n", False),
        ("> ```\n    > x\n", False),  # four spaces: not the quote's continuation
        ("> ```\n > x\n", True),
        ("> ```\n> x\n>    ```\n", False),  # the space after > belongs to the quote
        (">    ```\n> x\n", True),
        ("> - ```\n>   x\n", True),
        ("> - ```\n>   x\n>      ```\n", False),
        ("- > a\n  > ```\n  x\n", False),  # the quote inside the item ends, and the block
        ("    - ```\n      x\n", False),  # indented code, not a list item
        ("-    ```\n  x\n", False),  # content column 5: a less indented line ends the item
        ("````\nx\n ```\n", True),
        ("```\nx\n```\u00a0\n", True),  # only spaces and tabs may follow a closing run
        ("```\nx\n```X\n", True),
    ],
)
def test_pl030_container_edges(text: str, is_open: bool) -> None:
    assert (open_fence(text) is not None) is is_open


def _fence_findings(text: str, path: str, profile: str | None, tmp_path: Path) -> list[str]:
    found = None
    if profile is not None:
        (tmp_path / ".git").mkdir(exist_ok=True)
        home = tmp_path / "home"
        home.mkdir(exist_ok=True)
        found = discover(str(tmp_path), profile, home=home, environ={})
    findings = analyze(
        text, path=str(tmp_path / path), settings=Settings(select=("PL030",)), discovery=found
    ).findings
    return [f"{f.severity.value}: {f.message}" for f in findings]


HEAD = "this ``` fence is never closed: it runs to the end of the file, so "
TAIL = (
    " read as code, not instructions; close it with ``` on its own line (or, if it was "
    "meant to close an earlier block, give that block its opening fence)"
)


def test_pl030_full_messages(tmp_path: Path) -> None:
    assert _fence_findings("# X\n\n```\nx\n", "AGENTS.md", None, tmp_path) == [
        f"warning: {HEAD}the 1 line(s) after it{TAIL}"
    ]
    marker = "```\n__ZIDANE_SYSTEM_PROMPT_BOUNDARY__\n"
    assert _fence_findings(marker, "a.prompt", None, tmp_path) == [
        f"error: {HEAD}the 1 line(s) after it{TAIL}; the boundary marker after it is inside "
        "the code block"
    ]
    # No discovery: imports cannot be judged, and nothing fails.
    assert _fence_findings("```\n@docs/a.md\n", "CLAUDE.md", None, tmp_path) == [
        f"warning: {HEAD}the 1 line(s) after it{TAIL}"
    ]


def test_pl030_imports_before_the_fence_and_three_named(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    before = "See @docs/a.md.\n\n```\nx\n"
    assert _fence_findings(before, "CLAUDE.md", "claude", tmp_path)[0].startswith("warning: ")
    three = "```\n@docs/a.md @docs/b.md @docs/c.md\n"
    assert _fence_findings(three, "CLAUDE.md", "claude", tmp_path) == [
        f"error: {HEAD}the 1 line(s) after it{TAIL}; the agent does not import @docs/a.md, "
        "@docs/b.md, @docs/c.md from inside it"
    ]


def test_pl030_reads_imports_the_way_the_profile_does(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    text = "```\nFollow @docs/a.md.\n"
    # Both keep the full stop in the path: gemini-cli imports it anyway (it sees no
    # fence); Claude Code 2.1.332 does not strip it either (oracle scenario "claude:
    # punctuation after an import"), so its message names the token as written.
    assert (
        "gemini-cli still imports @docs/a.md. from inside it"
        in _fence_findings(text, "GEMINI.md", "gemini", tmp_path)[0]
    )
    assert _fence_findings(text, "CLAUDE.md", "claude", tmp_path)[0].endswith(
        "does not import @docs/a.md. from inside it"
    )


def test_pl030_where_the_opening_run_is() -> None:
    fence = open_fence("a ``` b\n```\nx\n")
    assert fence is not None and fence.start == len("a ``` b\n")
    fence = open_fence("~~~ a ~~~\nx\n")  # a tilde fence's info may repeat the run
    assert fence is not None and fence.start == 0
    fence = open_fence("   ```\nx\n")  # three spaces: still a fence
    assert fence is not None and fence.start == 3


@pytest.mark.parametrize(
    ("text", "closer"),
    [("1. ```\n   x\n", "   ```"), ("- ```\n  x\n", "  ```"), ("> - ```\n>   x\n", ">   ```")],
)
def test_pl030_closer_prefix_turns_list_markers_into_spaces(text: str, closer: str) -> None:
    edit = closing_edit(text)
    assert edit is not None and edit.new_text == "\n" + closer
