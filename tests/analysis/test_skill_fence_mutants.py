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
        ("`$ARGUMENTS` alone.\n", ["$ARGUMENTS"]),
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


def test_pl030_message_when_nothing_follows() -> None:
    found = analyze("# X\n\n```\n", path="AGENTS.md", settings=Settings(select=("PL030",)))
    assert "nothing follows it" in found.findings[0].message


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
