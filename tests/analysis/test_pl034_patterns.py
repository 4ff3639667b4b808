"""PL034's two module-level patterns, pinned by what a user sees.

``_CONTRAST``: a line that says not/never/instead… about the other manager is a
comparison, not a command to run, and stays quiet; a word that merely contains one of
those words (``cannot``, ``Notes``) does not make it one. ``_ANY_WORD``: a file whose
only manager word is ``make`` or ``just`` is still read. Written against the variants of
``scripts/mutation --patterns`` (docs/mutation.md, "Module-level patterns").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.analysis.model import Severity

from .test_pl034_drift import check, repo

WRONG = (
    "`npm install` uses npm, but this repository installs with pnpm (its only lockfile is "
    "pnpm-lock.yaml): the agent would write a second lockfile or a different tree; use pnpm"
)


def _pnpm_repo(tmp_path: Path) -> Path:
    return repo(tmp_path, {"pnpm-lock.yaml": ""})


@pytest.mark.parametrize(
    "line",
    [
        "`npm install` is not how this repository installs.",
        "Do not run `npm install` here.",
        "DO NOT run `npm install` here.",
        "Never run `npm install` here.",
        "Don't run `npm install` here.",
        "Use the lockfile's manager instead of `npm install`.",
        "Use the lockfile's manager rather than `npm install`.",
        "Avoid `npm install` here.",
        "Build without `npm install`.",
    ],
)
def test_a_line_that_warns_against_the_command_is_quiet(tmp_path: Path, line: str) -> None:
    root = _pnpm_repo(tmp_path)
    assert check(root / "AGENTS.md", line + "\n") == []


@pytest.mark.parametrize(
    "line",
    [
        "Notes: run `npm install` first.",  # `not` only starts a word
        "You cannot skip `npm install`.",  # `not` only ends a word
        "Nevertheless, run `npm install`.",
        "Avoiding nothing, run `npm install`.",
        "Run `npm install` (insteadof is a git option).",
    ],
)
def test_a_word_that_only_contains_a_contrast_word_is_not_one(tmp_path: Path, line: str) -> None:
    root = _pnpm_repo(tmp_path)
    assert check(root / "AGENTS.md", line + "\n") == [("npm install", WRONG, Severity.WARNING)]


@pytest.mark.parametrize(
    ("manifest", "word", "label"),
    [("Makefile", "make", "target"), ("justfile", "just", "recipe")],
)
def test_a_file_whose_only_manager_word_is_make_or_just_is_read(
    tmp_path: Path, manifest: str, word: str, label: str
) -> None:
    root = repo(tmp_path, {manifest: "build:\n\techo\n"})
    assert check(root / "AGENTS.md", f"Run `{word} check` first.\n") == [
        (
            "check",
            f"{manifest} has no {label} `check`: the agent's `{word} check` fails (it has: build)",
            Severity.INFO,
        )
    ]
