"""PL020 (front-matter-wrong-type) beyond its fixtures: exact messages, spans and fixes at
the edges of what it reports.

Its positive and negative cases are files in ``tests/analysis/testdata/PL020/``
(run by ``tests/analysis/test_fixtures.py``); ``scripts/test --rule PL020`` runs
this module, those fixtures and its docs check.
"""

from __future__ import annotations

import pytest

from promptls.analysis import fix_all
from promptls.analysis.model import Severity
from tests.analysis.test_frontmatter import (
    COPILOT_PATH,
    CURSOR_FILE,
    CURSOR_PATH,
    _found,
    findings,
    only,
)

# The front-matter rules (PL018–PL024) beyond their fixtures: exact ranges in every
# position encoding, the bounded and cached workspace listing behind PL021 and the glob
# hover, the compiled matcher agreeing with each agent's dialect, and hostile front matter
# that must never crash the analysis.


# -- fixes and bad input -------------------------------------------------------------------
def test_an_apply_to_list_with_a_quote_is_written_with_the_other_quote() -> None:
    text = "---\napplyTo:\n  - 'docs/\"quoted\"/*.md'\n  - src/**\n---\n"
    fixed = fix_all(text, path=".github/instructions/x.instructions.md", settings=only("PL020"))
    assert fixed == "---\napplyTo: 'docs/\"quoted\"/*.md,src/**'\n---\n"


# The front-matter rules (PL018–PL024): the exact messages, spans and fixes a user
# sees, at the edges the mutation run of ``analysis/rules/pl018…pl024`` found unpinned
# (docs/mutation.md).


def messages(code: str, path: str, front: str) -> list[str]:
    return [f.message for f in findings(code, path, front)]


# -- PL020 ---------------------------------------------------------------------------------
def test_pl020_a_null_value_counts_as_absent() -> None:
    assert findings("PL020", COPILOT_PATH, "description:\napplyTo:") == []


@pytest.mark.parametrize(
    ("value", "what"),
    [("5", "a int"), ("[1]", "a list"), ("{a: b}", "a mapping"), ('"true"', "a quoted string")],
)
def test_pl020_names_the_shape_it_found(value: str, what: str) -> None:
    assert messages("PL020", CURSOR_PATH, f"alwaysApply: {value}") == [
        f"Cursor expects 'alwaysApply' to be true or false, not {what}: it ignores it"
    ]


def test_pl020_a_list_for_a_plain_string_key_is_not_called_a_glob_list() -> None:
    assert messages("PL020", COPILOT_PATH, "applyTo: '*.py'\ndescription: [a, b]") == [
        "GitHub Copilot expects 'description' to be a string, not a list: it ignores it"
    ]


def test_pl020_an_apply_to_list_message_and_fix() -> None:
    [found] = findings("PL020", COPILOT_PATH, "applyTo: ['src/*.ts', 'lib/*.ts']")
    assert found.message == (
        "GitHub Copilot reads 'applyTo' only as a string: a YAML list is dropped, so the "
        "file never applies by its globs; write them comma-separated"
    )
    assert found.fix is not None
    assert found.fix.title == "Write the globs as one comma-separated string"
    assert [e.new_text for e in found.fix.edits] == [': "src/*.ts,lib/*.ts"']


def test_pl020_quotes_a_backslash_glob_list_with_single_quotes() -> None:
    """Double quotes would make the backslash a YAML escape."""
    [found] = findings("PL020", COPILOT_PATH, "applyTo: ['src\\*.ts', 'b']")
    assert found.fix is not None
    assert [e.new_text for e in found.fix.edits] == [": 'src\\*.ts,b'"]


def test_pl020_no_fix_when_no_quoting_keeps_the_globs() -> None:
    [found] = findings("PL020", COPILOT_PATH, "applyTo: ['a\"b', \"c'd\"]")
    assert found.fix is None


def test_pl020_boolean_fix_only_for_true_or_false_words() -> None:
    [quoted] = findings("PL020", CURSOR_PATH, 'alwaysApply: "True"')
    assert quoted.fix is not None
    assert quoted.fix.title == "Write true as a boolean"
    [other] = findings("PL020", CURSOR_PATH, 'alwaysApply: "yes"')
    assert other.fix is None


# The front-matter rules PL018-PL021, the scope globs they share and the glob hover's
# lookups, at the edges the mutation run of ``frontmatter_check.py``, ``frontmatter_kinds.py``
# and the rules left unpinned (docs/mutation.md, "Fourth round").


# -- PL020 ---------------------------------------------------------------------------------
@pytest.mark.parametrize("before", ["description: d", "unknown: 1"])
def test_pl020_a_wrong_value_after_a_fine_or_unknown_key_is_reported(before: str) -> None:
    text = f"---\n{before}\nalwaysApply: 5\n---\nBody.\n"
    assert _found("PL020", CURSOR_FILE, text) == [
        (
            Severity.WARNING,
            "Cursor expects 'alwaysApply' to be true or false, not a int: it ignores it",
            "5",
        )
    ]


def test_a_cline_switch_of_the_wrong_type_says_the_rule_is_not_sent() -> None:
    assert messages("PL020", "ws/.clinerules/style.md", 'disabled: "true"') == [
        "Cline expects 'disabled' to be true or false, not a quoted string: it reports an "
        "error and does not send the rule"
    ]
