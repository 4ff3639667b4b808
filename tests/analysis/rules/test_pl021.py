"""PL021 (glob-matches-nothing) beyond its fixtures: exact messages, spans and fixes at
the edges of what it reports.

Its positive and negative cases are files in ``tests/analysis/testdata/PL021/``
(run by ``tests/analysis/test_fixtures.py``); ``scripts/test --rule PL021`` runs
this module, those fixtures and its docs check.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.agents.claude.rules import FRONT_KIND as CLAUDE_RULE
from promptls.agents.cursor.rules import FRONT_KIND as CURSOR
from promptls.analysis import analyze
from promptls.analysis.frontmatter_check import scope_globs
from promptls.analysis.frontmatter_kinds import scope_root
from promptls.analysis.frontmatter_nodes import front_matter
from promptls.analysis.model import Severity
from promptls.analysis.settings import Settings
from promptls.analysis.workspace_files import WORKSPACE_FILES
from tests.analysis.test_frontmatter import (
    BOMB,
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
    touch(tmp_path, *(f"app/src/f{i}.rs" for i in range(6)))
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


def _none(pattern: str, agent: str = "Cursor") -> str:
    """The message for a glob that matches the project's one file, src/a.py, only in
    another case (the variant that makes a dead glob worth reporting)."""
    return (
        f"{pattern!r} matches none of the 1 file of the project: {agent} never applies this "
        "file by it; it matches 1 file in another case, such as src/a.py"
    )


def test_pl021_counts_one_file_in_the_singular(tmp_path: Path) -> None:
    root = _project(tmp_path)
    assert _pl021(root, CURSOR_FILE, "globs: 'Src/**'") == [
        (Severity.WARNING, _none("Src/**"), "Src/**")
    ]


def test_pl021_an_empty_piece_between_commas_does_not_end_the_list(tmp_path: Path) -> None:
    root = _project(tmp_path)
    found = _pl021(root, CURSOR_FILE, "globs: 'Src/**,,SRC/*.py'")
    assert [marked for _, _, marked in found] == ["Src/**", "SRC/*.py"]


def test_pl021_a_list_item_is_one_glob_commas_and_all() -> None:
    text = "---\nglobs: ['docs/**, lib/**']\n---\n"
    globs = scope_globs(text, CURSOR, front_matter(text))
    assert [glob.pattern for glob in globs] == ["docs/**, lib/**"]


def test_pl021_marks_the_glob_in_its_own_value_not_an_earlier_mention(tmp_path: Path) -> None:
    root = _project(tmp_path)
    front = "description: 'see Src/*.py'\nglobs: 'Src/*.py'"
    text = f"---\n{front}\n---\nBody.\n"
    [found] = analyze(
        text, path=str(root / CURSOR_FILE), settings=Settings(select=("PL021",))
    ).findings
    assert found.start == text.index("Src/*.py", text.index("globs"))


def test_pl021_marks_a_glob_written_with_escapes_as_its_whole_value(tmp_path: Path) -> None:
    # The glob read ("Src/*.py") is not written verbatim; the body's mention is no glob.
    root = _project(tmp_path)
    found = _pl021(root, CURSOR_FILE, 'globs: "Src/\\x2a.py"', body="See Src/*.py.\n")
    assert found == [(Severity.WARNING, _none("Src/*.py"), '"Src/\\x2a.py"')]


def test_pl021_a_brace_bomb_matches_nothing_and_does_not_crash(tmp_path: Path) -> None:
    root = _project(tmp_path)
    bomb = f"src/{BOMB}"
    assert _pl021(root, CURSOR_FILE, f"globs: '{bomb}'") == []


def test_pl021_in_a_capped_listing_is_only_information(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _project(tmp_path)
    (root / "src" / "b.py").write_text("y = 2\n", encoding="utf-8")
    monkeypatch.setattr(WORKSPACE_FILES, "max_files", 1)
    WORKSPACE_FILES.forget(str(root))
    text = "---\nglobs: 'Src/**'\n---\n"
    [finding] = analyze(
        text, path=str(root / CURSOR_FILE), settings=Settings(select=("PL021",))
    ).findings
    assert finding.code == "PL021"
    WORKSPACE_FILES.forget(str(root))
    [(severity, message, marked)] = _pl021(root, CURSOR_FILE, "globs: 'Src/**'")
    assert (severity, marked) == (Severity.INFO, "Src/**")
    assert message.startswith(
        "'Src/**' matches none of the first 1 file of the project (the listing stops "
        "there; a file further down may match); it matches 1 file in another case, such as "
        "src/"
    )
