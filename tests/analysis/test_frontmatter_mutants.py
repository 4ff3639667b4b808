"""The front-matter rules (PL018–PL024): the exact messages, spans and fixes a user
sees, at the edges the mutation run of ``analysis/rules/pl018…pl024`` found unpinned
(docs/mutation.md)."""

from __future__ import annotations

import pytest

from promptls.analysis import analyze
from promptls.analysis.model import Finding, Fix
from promptls.analysis.settings import Settings

COPILOT = ".github/instructions/x.instructions.md"
CURSOR = ".cursor/rules/x.mdc"
CLAUDE = ".claude/rules/x.md"
SKILL = "skills/x/SKILL.md"


def findings(code: str, path: str, front: str, body: str = "body\n") -> list[Finding]:
    """The findings of one rule for a file at ``path`` (relative: no workspace on disk)."""
    text = f"---\n{front}\n---\n{body}"
    return list(analyze(text, path=path, settings=Settings(select=(code,))).findings)


def messages(code: str, path: str, front: str) -> list[str]:
    return [f.message for f in findings(code, path, front)]


# -- PL020 ---------------------------------------------------------------------------------


def test_pl020_a_null_value_counts_as_absent() -> None:
    assert findings("PL020", COPILOT, "description:\napplyTo:") == []


@pytest.mark.parametrize(
    ("value", "what"),
    [("5", "a int"), ("[1]", "a list"), ("{a: b}", "a mapping"), ('"true"', "a quoted string")],
)
def test_pl020_names_the_shape_it_found(value: str, what: str) -> None:
    assert messages("PL020", CURSOR, f"alwaysApply: {value}") == [
        f"Cursor expects 'alwaysApply' to be true or false, not {what}: it ignores it"
    ]


def test_pl020_a_list_for_a_plain_string_key_is_not_called_a_glob_list() -> None:
    assert messages("PL020", COPILOT, "applyTo: '*.py'\ndescription: [a, b]") == [
        "GitHub Copilot expects 'description' to be a string, not a list: it ignores it"
    ]


def test_pl020_an_apply_to_list_message_and_fix() -> None:
    [found] = findings("PL020", COPILOT, "applyTo: ['src/*.ts', 'lib/*.ts']")
    assert found.message == (
        "GitHub Copilot reads 'applyTo' only as a string: a YAML list is dropped, so the "
        "file never applies by its globs; write them comma-separated"
    )
    assert found.fix is not None
    assert found.fix.title == "Write the globs as one comma-separated string"
    assert [e.new_text for e in found.fix.edits] == [': "src/*.ts,lib/*.ts"']


def test_pl020_quotes_a_backslash_glob_list_with_single_quotes() -> None:
    """Double quotes would make the backslash a YAML escape."""
    [found] = findings("PL020", COPILOT, "applyTo: ['src\\*.ts', 'b']")
    assert found.fix is not None
    assert [e.new_text for e in found.fix.edits] == [": 'src\\*.ts,b'"]


def test_pl020_no_fix_when_no_quoting_keeps_the_globs() -> None:
    [found] = findings("PL020", COPILOT, "applyTo: ['a\"b', \"c'd\"]")
    assert found.fix is None


def test_pl020_boolean_fix_only_for_true_or_false_words() -> None:
    [quoted] = findings("PL020", CURSOR, 'alwaysApply: "True"')
    assert quoted.fix is not None
    assert quoted.fix.title == "Write true as a boolean"
    [other] = findings("PL020", CURSOR, 'alwaysApply: "yes"')
    assert other.fix is None


# -- PL018 ---------------------------------------------------------------------------------


def span(code: str, path: str, text: str) -> list[str]:
    """The text each finding of ``code`` covers."""
    found = analyze(text, path=path, settings=Settings(select=(code,))).findings
    return [text[f.start : f.end] for f in found]


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_pl018_marks_from_where_yaml_stopped_to_the_end_of_that_line(newline: str) -> None:
    """Not the line break, not the next line, whichever line ending the file uses."""
    lines = ["---", "description: x", "applyTo: **/*.ts", "---", "body", ""]
    assert span("PL018", COPILOT, newline.join(lines)) == ["*/*.ts"]
    lines = ["---", "description: x", "\tapplyTo: y", "---", ""]
    assert span("PL018", COPILOT, newline.join(lines)) == ["\tapplyTo: y"]


# -- PL024 ---------------------------------------------------------------------------------


def skill_fix(folder: str, text: str = "---\ndescription: d\n---\nbody\n") -> Fix | None:
    """The fix of the missing-name finding of a SKILL.md in ``skills/<folder>``."""
    path = f"skills/{folder}/SKILL.md"
    [found] = analyze(text, path=path, settings=Settings(select=("PL024",))).findings
    assert found.message == "the required 'name' is missing"
    return found.fix


def test_pl024_offers_the_folder_name_only_when_it_is_a_valid_skill_name() -> None:
    fix = skill_fix("lint")
    assert fix is not None
    assert (fix.title, [e.new_text for e in fix.edits]) == ("Add name: lint", ["name: lint\n"])
    assert skill_fix("Lint_Tool") is None
    assert skill_fix("a" * 64) is not None
    assert skill_fix("a" * 65) is None


def test_pl024_inserts_the_name_with_the_file_s_line_ending() -> None:
    fix = skill_fix("lint", "---\r\ndescription: d\r\n---\r\nbody\r\n")
    assert fix is not None
    assert [e.new_text for e in fix.edits] == ["name: lint\r\n"]


def pl024(text: str) -> list[tuple[str, str]]:
    """PL024's findings for ``skills/lint/SKILL.md``: the text each covers, its message."""
    found = analyze(text, path="skills/lint/SKILL.md", settings=Settings(select=("PL024",)))
    return [(text[f.start : f.end], f.message) for f in found.findings]


MISSING_DESCRIPTION = (
    "the required 'description' is missing: without it the agent cannot know when to use the skill"
)


def test_pl024_without_front_matter_marks_the_first_line() -> None:
    assert pl024("# Lint\nbody\n") == [
        (
            "# Lint",
            "no front matter: a skill needs name and description, which agents list to "
            "decide when to use it",
        )
    ]


def test_pl024_a_missing_field_marks_the_opening_fence() -> None:
    assert pl024("---\nname: lint\n---\nbody\n") == [("---", MISSING_DESCRIPTION)]


def test_pl024_a_crlf_opening_fence_is_marked_without_its_cr() -> None:
    assert pl024("---\r\nname: lint\r\n---\r\nbody\r\n") == [("---", MISSING_DESCRIPTION)]


def test_pl024_leaves_unreadable_yaml_to_pl018_but_not_a_block_read_line_by_line() -> None:
    """A tab stops YAML and every key: PL018's. ``name: [lint`` is not YAML either, but
    its lines still read as keys, so the missing description is reported."""
    assert pl024("---\n\tname: x\n---\nbody\n") == []
    assert pl024("---\nname: [lint\n---\nbody\n") == [("---", MISSING_DESCRIPTION)]


# -- PL022, PL023 --------------------------------------------------------------------------


def test_pl022_reads_the_glob_in_the_file_s_own_agent_dialect() -> None:
    """VS Code keeps a leading ``./`` (no file matches); Cursor drops it (no finding)."""
    text = "---\napplyTo: 'docs/*.md, ./src/*.ts'\n---\nbody\n"
    found = analyze(text, path=COPILOT, settings=Settings(select=("PL022",))).findings
    assert [(text[f.start : f.end], f.message) for f in found] == [
        (
            "./src/*.ts",
            "'./src/*.ts' starts with ./, which copilot keeps, so it matches no file; "
            "drop the ./ (GitHub Copilot)",
        )
    ]
    assert findings("PL022", CURSOR, "globs: ./src/*.ts") == []


NO_WAY_IN = (
    "no applyTo and no description: Copilot never attaches this file by itself (without "
    "applyTo, VS Code decides from the description); it is used only when attached by hand"
)


@pytest.mark.parametrize(
    ("text", "marked"),
    [
        ("---\nname: x\n---\nbody\n", "---"),
        ("---\ndescription: ''\napplyTo: ''\n---\nbody\n", "description: ''"),
        ("---\napplyTo: ' '\n---\nbody\n", "applyTo: ' '"),
        ("body only\n", "body only"),
    ],
)
def test_pl023_marks_the_blank_key_or_the_first_line(text: str, marked: str) -> None:
    found = analyze(text, path=COPILOT, settings=Settings(select=("PL023",))).findings
    assert [(text[f.start : f.end], f.message) for f in found] == [(marked, NO_WAY_IN)]


@pytest.mark.parametrize(
    "front", ["applyTo: '*.py'", "description: Python style", "applyTo: ''\ndescription: d"]
)
def test_pl023_is_quiet_with_either_key(front: str) -> None:
    assert findings("PL023", COPILOT, front) == []


def test_pl023_is_only_for_copilot_files() -> None:
    assert findings("PL023", CURSOR, "alwaysApply: false") == []


def test_pl023_leaves_unreadable_yaml_to_pl018_but_not_a_block_read_line_by_line() -> None:
    assert findings("PL023", COPILOT, "\tapplyTo: x") == []
    text = "---\nname: [x\n---\nbody\n"
    found = analyze(text, path=COPILOT, settings=Settings(select=("PL023",))).findings
    assert [(text[f.start : f.end], f.message) for f in found] == [("---", NO_WAY_IN)]


def test_pl024_the_marked_fence_keeps_a_bom_and_only_a_missing_name_gets_a_fix() -> None:
    text = "\ufeff---\nname: lint\n---\nbody\n"
    assert pl024(text) == [("\ufeff---", MISSING_DESCRIPTION)]
    found = analyze(text, path="skills/lint/SKILL.md", settings=Settings(select=("PL024",)))
    assert [f.fix for f in found.findings] == [None]


def test_pl024_an_empty_field_marks_its_key() -> None:
    assert pl024("---\nname: ' '\ndescription: d\n---\nbody\n") == [
        ("name", "the required 'name' is empty")
    ]
