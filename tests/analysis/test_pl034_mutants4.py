"""PL034's one-pass pre-check for the command words: a file whose only manager word is
``yarn`` or ``bun`` is still read.

Written from the hand-mutated variants of ``_ANY_WORD`` of session 5's speed branch
(docs/mutation.md): without ``yarn`` or ``bun`` in the pattern such files were skipped.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.analysis.test_pl034_drift import check, repo


@pytest.mark.parametrize("manager", ["yarn", "bun"])
def test_the_only_manager_word_in_the_file_is_enough(tmp_path: Path, manager: str) -> None:
    root = repo(tmp_path, {"pnpm-lock.yaml": ""})
    [(span, message, _)] = check(root / "AGENTS.md", f"Run `{manager} install` first.\n")
    assert span == f"{manager} install"
    assert "(its only lockfile is pnpm-lock.yaml)" in message
