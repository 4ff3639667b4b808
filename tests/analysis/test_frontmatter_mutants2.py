"""The front-matter rules PL018-PL021, the scope globs they share and the glob hover's
lookups, at the edges the mutation run of ``frontmatter_check.py``, ``frontmatter_kinds.py``
and the rules left unpinned (docs/mutation.md, "Fourth round").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.analysis import analyze
from promptls.analysis.frontmatter_check import Glob, Hits, glob_at, glob_hits
from promptls.analysis.frontmatter_kinds import COPILOT, CURSOR, front_kind
from promptls.analysis.model import Edit, Fix, Severity
from promptls.analysis.settings import Settings
from promptls.analysis.workspace_files import WORKSPACE_FILES

COPILOT_FILE = ".github/instructions/x.instructions.md"
CURSOR_FILE = ".cursor/rules/x.mdc"
SKILL_FILE = "skills/x/SKILL.md"
BOMB = "{0,1,2,3,4,5,6,7,8,9}" * 4  # more than wcmatch's 1000 expansions


def _found(code: str, path: str, text: str) -> list[tuple[Severity, str, str]]:
    found = analyze(text, path=path, settings=Settings(select=(code,))).findings
    return [(f.severity, f.message, text[f.start : f.end]) for f in found]


# -- PL018 ---------------------------------------------------------------------------------


def test_pl018_a_problem_at_a_line_break_marks_that_break() -> None:
    # An anchor with no name: YAML stops at the line break right after `&`.
    text = "---\nk: &\n---\nBody.\n"
    [found] = analyze(text, path=COPILOT_FILE, settings=Settings(select=("PL018",))).findings
    assert (found.start, found.end) == (8, 9)


# -- PL019 ---------------------------------------------------------------------------------


def test_pl019_a_key_spelled_with_a_dash_gets_the_agents_name_and_a_rename() -> None:
    text = "---\napply-to: '*.py'\n---\nBody.\n"
    [found] = analyze(text, path=COPILOT_FILE, settings=Settings(select=("PL019",))).findings
    assert (
        found.message == "GitHub Copilot does not read the key 'apply-to'; did you mean 'applyTo'?"
    )
    assert found.fix == Fix("Rename to 'applyTo'", (Edit(4, 12, "applyTo"),))


def test_pl019_two_likely_keys_are_both_named_and_no_rename_is_offered() -> None:
    # An unknown key with no likely match comes first: skills do not report it.
    text = "---\nname: x\ndescription: d\nteam: web\nallowed-tool: Read\n---\nBody.\n"
    [found] = analyze(text, path=SKILL_FILE, settings=Settings(select=("PL019",))).findings
    assert found.message == (
        "the Agent Skills format does not read the key 'allowed-tool'; did you mean "
        "'allowed-tools' or 'disallowed-tools'?"
    )
    assert found.fix is None


def test_pl019_a_key_far_from_every_known_one_is_not_reported() -> None:
    # 'appl' is close to 'applyTo' only below the 0.8 similarity "did you mean" needs: a
    # key no agent reads changes nothing, so it is no finding.
    text = "---\ndescription: d\nappl: '*.py'\n---\nBody.\n"
    assert _found("PL019", COPILOT_FILE, text) == []
    near = "---\ndescription: d\napplyto: '*.py'\n---\nBody.\n"
    assert [marked for _, _, marked in _found("PL019", COPILOT_FILE, near)] == ["applyto"]


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


# -- PL021 and the scope globs -------------------------------------------------------------


def _project(tmp_path: Path, name: str = "repo") -> Path:
    """A project holding one file, ``src/a.py``, and the rules folders."""
    root = tmp_path / name
    (root / ".git").mkdir(parents=True)
    (root / "src").mkdir()
    (root / "src" / "a.py").write_text("x = 1\n", encoding="utf-8")
    WORKSPACE_FILES.forget(str(root))
    return root


def _pl021(
    root: Path, path: str, front: str, body: str = "Body.\n"
) -> list[tuple[Severity, str, str]]:
    text = f"---\n{front}\n---\n{body}"
    return _found("PL021", str(root / path), text)


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


def test_pl021_leaves_a_glob_pl022_reports_and_goes_on(tmp_path: Path) -> None:
    # Copilot keeps ./ (PL022's finding), another dialect would drop it.
    root = _project(tmp_path)
    assert _pl021(root, COPILOT_FILE, "applyTo: './docs/**'") == []
    found = _pl021(root, COPILOT_FILE, "applyTo: '!x, docs/**'")
    assert [marked for _, _, marked in found] == ["docs/**"]


def test_pl021_a_copilot_list_is_pl020s_finding_not_a_glob(tmp_path: Path) -> None:
    root = _project(tmp_path)
    assert _pl021(root, COPILOT_FILE, "applyTo: ['docs/**']") == []


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


# -- the glob hover's lookups --------------------------------------------------------------


@pytest.mark.parametrize("name", ["appX", "my app "])
def test_glob_hits_an_anchored_glob_in_a_dialect_matching_absolute_paths(
    tmp_path: Path, name: str
) -> None:
    # Copilot matches a glob against the absolute path: /**/<project>/src/*.py matches,
    # also for a project folder whose name ends in X or in a space.
    root = _project(tmp_path, name)
    kind = front_kind(str(root / COPILOT_FILE))
    assert kind is COPILOT
    assert glob_hits(str(root), kind, f"/**/{name}/src/*.py") == Hits(1, ("src/a.py",), True, 1)


def test_glob_hits_match_all_takes_dot_folders_too(tmp_path: Path) -> None:
    root = _project(tmp_path)
    (root / ".github").mkdir()
    (root / ".github" / "x.md").write_text("x\n", encoding="utf-8")
    WORKSPACE_FILES.forget(str(root))
    hits = glob_hits(str(root), COPILOT, "**")
    assert hits == Hits(2, (".github/x.md", "src/a.py"), True, 2)


@pytest.mark.parametrize("pattern", ["/src/*.py", BOMB])
def test_glob_hits_nothing_for_an_anchored_or_rejected_glob(tmp_path: Path, pattern: str) -> None:
    root = _project(tmp_path)
    assert glob_hits(str(root), CURSOR, pattern) == Hits(0, (), True, 1)


def test_glob_at_finds_the_glob_under_the_cursor_ends_included() -> None:
    text = "---\napplyTo: 'src/*.py'\ndescription: d\n---\nsrc/*.py\n"
    start = text.index("src")
    want = (COPILOT, Glob("src/*.py", start, start + 8))
    assert glob_at(text, COPILOT_FILE, start) == want
    assert glob_at(text, COPILOT_FILE, start + 8) == want
    assert glob_at(text, COPILOT_FILE, start - 1) is None
    assert glob_at(text, COPILOT_FILE, start + 9) is None
    assert glob_at(text, COPILOT_FILE, text.rindex("src")) is None  # the body


def test_glob_at_only_in_scoped_front_matter() -> None:
    text = "---\napplyTo: 'src/*.py'\n---\n"
    at = text.index("src")
    assert glob_at(text, None, at) is None
    assert glob_at(text, SKILL_FILE, at) is None  # skills have no scope key
    assert glob_at("applyTo: 'src/*.py'\n", COPILOT_FILE, 10) is None  # no front matter


def test_kinds_read_windows_paths() -> None:
    assert front_kind("C:\\repo\\.github\\instructions\\x.instructions.md") is COPILOT
    assert front_kind("C:\\repo\\.cursor\\rules\\x.mdc") is CURSOR
