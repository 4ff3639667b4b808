"""The glob dialects as a user meets them (``discovery/globs.py``): PL022's sentences,
extended-glob forms, and braces that expand past wcmatch's limit. Each agent's own
dialect is ``test_globs_<agent>.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from promptls.agents.registry import agent
from promptls.analysis import analyze
from promptls.analysis.settings import Settings
from promptls.discovery import discover
from promptls.discovery.globs import split_commas
from promptls.discovery.model import EntryStatus
from tests.core.helpers import write

# The glob dialects as a user meets them: PL022's sentences for unbalanced braces and a
# leading ``/``, commas after a bracket class, and a path outside the rules' folder, at the
# edges the mutation run of ``discovery/globs.py`` left unpinned (docs/mutation.md, "Fourth
# round").


COPILOT_FILE = ".github/instructions/x.instructions.md"


def _pl022(glob: str) -> list[str]:
    text = f"---\napplyTo: '{glob}'\n---\nBody.\n"
    found = analyze(text, path=COPILOT_FILE, settings=Settings(select=("PL022",))).findings
    return [f.message for f in found]


@pytest.mark.parametrize(
    ("glob", "message"),
    [
        ("src/{{a,b}.py", "'src/{{a,b}.py' has an unclosed { (GitHub Copilot)"),
        ("src/a}.py", "'src/a}.py' has an unclosed } (no { before it) (GitHub Copilot)"),
        (
            "/src/**",
            "'/src/**' starts with /, so copilot matches it against the absolute path "
            "(/src/… at the filesystem root); drop the / (GitHub Copilot)",
        ),
        (
            "//Xcode/**",
            "'//Xcode/**' starts with /, so copilot matches it against the absolute path "
            "(/Xcode/… at the filesystem root); drop the / (GitHub Copilot)",
        ),
    ],
)
def test_pl022_names_the_problem(glob: str, message: str) -> None:
    assert _pl022(glob) == [message]


def test_a_comma_after_a_bracket_class_splits_the_globs() -> None:
    assert split_commas("src/[ab].py, docs/**") == ["src/[ab].py", "docs/**"]


@pytest.mark.parametrize("profile", ["cursor", "claude"])
@pytest.mark.parametrize(
    ("pattern", "path"), [("..", "/repo"), ("../other/*.py", "/repo/other/a.py")]
)
def test_a_path_outside_the_rules_folder_never_matches(
    profile: str, pattern: str, path: str
) -> None:
    # Even a glob written to climb out of the folder: the agent matches relative paths.
    assert not agent(profile).globs.match_path(pattern, path, "/repo/sub")
    assert agent(profile).globs.match_path("*.py", "/repo/sub/a.py", "/repo/sub")


# Every extended-glob form is explained, not only ``+(…)``.
#
# bash's extglob (and minimatch, which some users expect) writes ``@(a|b)``, ``+(a|b)``,
# ``!(a|b)``, ``?(a|b)`` and ``*(a|b)``; VS Code's globs read none of them, so an
# ``applyTo: "**/*(a|b).ts"`` silently matches almost nothing. Found by mutating globs.py's
# ``_EXTGLOB`` (scripts/mutation_patterns.py, docs/mutation.md).


COPILOT = agent("copilot").globs


@pytest.mark.parametrize(
    "pattern", ["src/@(a|b).ts", "**/+(a|b).ts", "src/!(test).ts", "src/?(x).ts", "**/*(a|b).ts"]
)
def test_each_extended_glob_form_is_named(pattern: str) -> None:
    problem = COPILOT.problem(pattern)
    assert problem is not None
    assert "extended glob" in problem


# A glob whose braces expand past wcmatch's limit of 1000 patterns (wcmatch raises
# ``PatternLimitException``, no ``ValueError``) matches nothing instead of crashing
# discovery: in a Cursor rule's ``globs`` and in Claude's ``claudeMdExcludes``.
#
# Found by the mutation triage of ``frontmatter_check.py`` (docs/mutation.md).


BOMB = "{0,1,2,3,4,5,6,7,8,9}" * 4  # 10 000 patterns once expanded


def _repo(tmp_path: Path, files: dict[str, str]) -> tuple[Path, Path]:
    """A repository holding ``files``, and an empty home."""
    home = tmp_path / "home"
    home.mkdir()
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    for rel, text in files.items():
        write(root / rel, text)
    return root, home


def test_a_cursor_rule_with_a_brace_bomb_glob_stays_conditional(tmp_path: Path) -> None:
    root, home = _repo(tmp_path, {".cursor/rules/x.mdc": f"---\nglobs: '{BOMB}'\n---\nUse tabs.\n"})
    found = discover(root, "cursor", home=home, environ={}, target=root / "a.py")
    [rule] = [e for e in found.entries if e.path.endswith("x.mdc")]
    assert rule.status is EntryStatus.CONDITIONAL
    assert rule.reason.startswith(f"conditional: a.py matches none of {BOMB}")


def test_a_brace_bomb_in_claude_md_excludes_excludes_nothing(tmp_path: Path) -> None:
    settings = json.dumps({"claudeMdExcludes": [BOMB]})
    root, home = _repo(tmp_path, {".claude/settings.json": settings, "CLAUDE.md": "Rules.\n"})
    found = discover(root, "claude", home=home, environ={})
    assert [Path(f.path).name for f in found.files] == ["CLAUDE.md"]
