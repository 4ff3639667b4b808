"""The glob dialects as a user meets them: PL022's sentences for unbalanced braces and a
leading ``/``, commas after a bracket class, and a path outside the rules' folder, at the
edges the mutation run of ``discovery/globs.py`` left unpinned (docs/mutation.md, "Fourth
round").
"""

from __future__ import annotations

import pytest

from promptls.analysis import analyze
from promptls.analysis.settings import Settings
from promptls.discovery.globs import dialect, split_commas

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
    assert not dialect(profile).match_path(pattern, path, "/repo/sub")
    assert dialect(profile).match_path("*.py", "/repo/sub/a.py", "/repo/sub")
