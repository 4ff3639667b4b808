"""PL021 (glob-matches-nothing) beyond its fixtures: exact messages, spans and fixes at
the edges of what it reports.

Its positive and negative cases are files in ``tests/analysis/testdata/PL021/``
(run by ``tests/analysis/test_fixtures.py``); ``scripts/test --rule PL021`` runs
this module, those fixtures and its docs check.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.analysis import analyze
from promptls.analysis.frontmatter_kinds import (
    CLAUDE_RULE,
    scope_root,
)
from promptls.analysis.model import Severity
from promptls.analysis.settings import Settings
from promptls.analysis.workspace_files import WORKSPACE_FILES
from tests.analysis.test_frontmatter import (
    BOMB,
    COPILOT_FILE,
    CURSOR_FILE,
    _pl021,
    _project,
    only,
    touch,
)

# The front-matter rules (PL018–PL024) beyond their fixtures: exact ranges in every
# position encoding, the bounded and cached workspace listing behind PL021 and the glob
# hover, the compiled matcher agreeing with each agent's dialect, and hostile front matter
# that must never crash the analysis.


def test_user_level_rules_have_no_project_root(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    user_rule = tmp_path / ".claude" / "rules" / "x.md"
    project_rule = tmp_path / "p" / ".claude" / "rules" / "x.md"
    assert scope_root(str(user_rule), CLAUDE_RULE) is None
    assert scope_root(str(project_rule), CLAUDE_RULE) == str(tmp_path / "p")
    text = '---\npaths: "nothing/**"\n---\n'
    assert analyze(text, path=str(user_rule), settings=only("PL021")).findings == ()


def test_a_dead_glob_in_a_capped_listing_is_only_informational(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    touch(tmp_path, *(f"f{i}.py" for i in range(6)))
    rule = tmp_path / ".claude" / "rules" / "x.md"
    text = '---\npaths: "src/**/*.rs"\n---\n'
    (complete,) = analyze(text, path=str(rule), settings=only("PL021")).findings
    assert complete.severity is Severity.WARNING and "none of the 6 files" in complete.message
    monkeypatch.setattr(WORKSPACE_FILES, "max_files", 3)
    WORKSPACE_FILES.forget()
    (capped,) = analyze(text, path=str(rule), settings=only("PL021")).findings
    assert capped.severity is Severity.INFO and "first 3 files" in capped.message


# The front-matter rules PL018-PL021, the scope globs they share and the glob hover's
# lookups, at the edges the mutation run of ``frontmatter_check.py``, ``frontmatter_kinds.py``
# and the rules left unpinned (docs/mutation.md, "Fourth round").


def _none(pattern: str, agent: str = "GitHub Copilot") -> str:
    return (
        f"{pattern!r} matches none of the 1 file of the project: {agent} never applies this "
        "file by it"
    )


def test_pl021_counts_one_file_in_the_singular(tmp_path: Path) -> None:
    root = _project(tmp_path)
    assert _pl021(root, COPILOT_FILE, "applyTo: 'docs/**'") == [
        (Severity.WARNING, _none("docs/**"), "docs/**")
    ]


def test_pl021_an_empty_piece_between_commas_does_not_end_the_list(tmp_path: Path) -> None:
    root = _project(tmp_path)
    found = _pl021(root, COPILOT_FILE, "applyTo: 'docs/**,,lib/**'")
    assert [marked for _, _, marked in found] == ["docs/**", "lib/**"]


def test_pl021_a_list_item_is_one_glob_commas_and_all(tmp_path: Path) -> None:
    root = _project(tmp_path)
    assert _pl021(root, CURSOR_FILE, "globs: ['docs/**, lib/**']") == [
        (Severity.WARNING, _none("docs/**, lib/**", "Cursor"), "docs/**, lib/**")
    ]


def test_pl021_marks_the_glob_in_its_own_value_not_an_earlier_mention(tmp_path: Path) -> None:
    root = _project(tmp_path)
    front = "description: 'see docs/*.md'\napplyTo: 'docs/*.md'"
    text = f"---\n{front}\n---\nBody.\n"
    [found] = analyze(
        text, path=str(root / COPILOT_FILE), settings=Settings(select=("PL021",))
    ).findings
    assert found.start == text.index("docs/*.md", text.index("applyTo"))


def test_pl021_marks_a_glob_written_with_escapes_as_its_whole_value(tmp_path: Path) -> None:
    # The glob read ("docs/*.md") is not written verbatim; the body's mention is no glob.
    root = _project(tmp_path)
    found = _pl021(root, COPILOT_FILE, 'applyTo: "docs/\\x2a.md"', body="See docs/*.md.\n")
    assert found == [(Severity.WARNING, _none("docs/*.md"), '"docs/\\x2a.md"')]


def test_pl021_a_brace_bomb_matches_nothing_and_does_not_crash(tmp_path: Path) -> None:
    root = _project(tmp_path)
    bomb = f"docs/{BOMB}"
    assert _pl021(root, CURSOR_FILE, f"globs: '{bomb}'") == [
        (Severity.WARNING, _none(bomb, "Cursor"), bomb)
    ]


def test_pl021_in_a_capped_listing_is_only_information(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _project(tmp_path)
    (root / "src" / "b.py").write_text("y = 2\n", encoding="utf-8")
    monkeypatch.setattr(WORKSPACE_FILES, "max_files", 1)
    WORKSPACE_FILES.forget(str(root))
    text = "---\napplyTo: 'docs/**'\n---\n"
    [finding] = analyze(
        text, path=str(root / COPILOT_FILE), settings=Settings(select=("PL021",))
    ).findings
    assert finding.code == "PL021"
    WORKSPACE_FILES.forget(str(root))
    found = _pl021(root, COPILOT_FILE, "applyTo: 'docs/**'")
    assert found == [
        (
            Severity.INFO,
            "'docs/**' matches none of the first 1 file of the project (the listing stops "
            "there; a file further down may match)",
            "docs/**",
        )
    ]
