"""PL024 (skill-missing-field) beyond its fixtures: exact messages, spans and fixes at
the edges of what it reports.

Its positive and negative cases are files in ``tests/analysis/testdata/PL024/``
(run by ``tests/analysis/test_fixtures.py``); ``scripts/test --rule PL024`` runs
this module, those fixtures and its docs check.
"""

from __future__ import annotations

import pytest

from promptls.analysis import analyze
from promptls.analysis.model import Fix
from promptls.analysis.settings import Settings
from tests.analysis.test_frontmatter import MISSING_DESCRIPTION, pl024

# The front-matter rules (PL018–PL024): the exact messages, spans and fixes a user
# sees, at the edges the mutation run of ``analysis/rules/pl018…pl024`` found unpinned
# (docs/mutation.md).


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


def test_pl024_the_marked_fence_keeps_a_bom_and_only_a_missing_name_gets_a_fix() -> None:
    text = "\ufeff---\nname: lint\n---\nbody\n"
    assert pl024(text) == [("\ufeff---", MISSING_DESCRIPTION)]
    found = analyze(text, path="skills/lint/SKILL.md", settings=Settings(select=("PL024",)))
    assert [f.fix for f in found.findings] == [None]


def test_pl024_an_empty_field_marks_its_key() -> None:
    assert pl024("---\nname: ' '\ndescription: d\n---\nbody\n") == [
        ("name", "the required 'name' is empty")
    ]


# PL024 offers a skill's folder as its missing ``name`` only when the folder is a valid
# name by the specification: lowercase letters and digits, in words joined by single
# hyphens. Found by mutating PL024's ``_SKILL_NAME`` (scripts/mutation_patterns.py,
# docs/mutation.md).


def offered(folder: str) -> list[str]:
    text = "---\ndescription: d\n---\nbody\n"
    found = analyze(text, path=f"skills/{folder}/SKILL.md", settings=Settings(select=("PL024",)))
    return [f.fix.title for f in found.findings if f.fix]


@pytest.mark.parametrize("folder", ["2fa-helper", "release-2", "pdf-to-md"])
def test_a_valid_folder_name_is_offered(folder: str) -> None:
    assert offered(folder) == [f"Add name: {folder}"]


@pytest.mark.parametrize("folder", ["-lint", "lint-", "pdf--md"])
def test_a_stray_hyphen_makes_no_name(folder: str) -> None:
    assert offered(folder) == []
