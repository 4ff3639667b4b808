"""PL024 offers a skill's folder as its missing ``name`` only when the folder is a valid
name by the specification: lowercase letters and digits, in words joined by single
hyphens. Found by mutating PL024's ``_SKILL_NAME`` (scripts/mutation_patterns.py,
docs/mutation.md).
"""

from __future__ import annotations

import pytest

from promptls.analysis import analyze
from promptls.analysis.settings import Settings


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
