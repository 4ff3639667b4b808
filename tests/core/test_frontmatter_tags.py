"""A front-matter value that does not fit its explicit YAML tag (``!!int`` with no
digits, ``!!timestamp x``, ``!!bool x``) is reported as invalid YAML instead of crashing
discovery and the front-matter rules: PyYAML fails there with plain Python errors, not
``YAMLError``.

Found by the mutation triage of PL020 (docs/mutation.md).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.analysis import analyze
from promptls.analysis.settings import Settings
from promptls.discovery import discover
from promptls.discovery.frontmatter import read_front_matter

TAGGED = ["!!int", "!!float", "!!int 0x", "!!float .", "!!timestamp x", "!!bool x"]


@pytest.mark.parametrize("value", TAGGED)
def test_a_value_that_does_not_fit_its_tag_is_invalid_yaml(value: str) -> None:
    read = read_front_matter(f"---\nglobs: src/**\nalwaysApply: {value}\n---\nBody.\n")
    assert read.problem == "invalid YAML: a value does not fit its tag (such as !!int, !!timestamp)"
    assert read.data["globs"] == "src/**"  # the plain lines are still read


@pytest.mark.parametrize("value", TAGGED)
def test_the_front_matter_rules_do_not_crash_on_it(value: str) -> None:
    text = f"---\nalwaysApply: {value}\n---\nBody.\n"
    analyze(text, path=".cursor/rules/x.mdc", settings=Settings())


def test_discovery_goes_on_past_such_a_rule(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    (root / ".cursor" / "rules").mkdir(parents=True)
    (root / ".cursor" / "rules" / "x.mdc").write_text("---\nalwaysApply: !!int\n---\nUse tabs.\n")
    (root / "AGENTS.md").write_text("Rules.\n")
    home = tmp_path / "home"
    home.mkdir()
    found = discover(root, "cursor", home=home, environ={})
    assert "AGENTS.md" in [Path(f.path).name for f in found.files]


def test_pl018_marks_the_key_whose_value_does_not_fit_its_tag() -> None:
    text = "---\ndescription: d\nexcludeAgent: !!int\n---\nBody.\n"
    path = ".github/instructions/x.instructions.md"
    [found] = analyze(text, path=path, settings=Settings(select=("PL018",))).findings
    assert found.message == (
        "invalid YAML: a value does not fit its tag (such as !!int, !!timestamp): "
        "GitHub Copilot may read none of its keys (quote values starting with * { [ !)"
    )
    assert text[found.start : found.end] == "excludeAgent: !!int"
