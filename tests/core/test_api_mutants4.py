"""``owning_folder`` after its shortcut for paths holding no marker: the folder is the
same on the POSIX shortcut and on the general one (taken where ``os.sep`` is not ``/``),
and the agent subfolders whose files belong to the folder above (``.github``,
``.claude``…) still count as such for the drift gate.

Written from the mutation run of session 5's speed branch (docs/mutation.md): the
general branch's answer (``x__owning_folder__mutmut_15``, ``16``) was never computed on
this machine, and with the markers' second parts taken as heads
(``x__marker_heads__mutmut_3``) a folder holding only ``.github`` skipped the drift check.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from promptls.analysis.drift_gate import could_drift
from promptls.discovery import api
from tests.core.helpers import write


@pytest.fixture
def fresh() -> Iterator[None]:
    api._owning_folder.cache_clear()
    yield
    api._owning_folder.cache_clear()


@pytest.mark.usefixtures("fresh")
@pytest.mark.parametrize("sep", ["/", "\\"], ids=["posix", "general"])
@pytest.mark.parametrize(
    ("path", "folder"),
    [
        ("/repo/src/AGENTS.md", "/repo/src"),
        ("/repo/.claude/rules/a/b.md", "/repo"),
        ("/repo/.github/copilot-instructions.md", "/repo"),
        ("/AGENTS.md", "/"),
    ],
)
def test_the_owning_folder_on_both_branches(
    monkeypatch: pytest.MonkeyPatch, sep: str, path: str, folder: str
) -> None:
    monkeypatch.setattr(os, "sep", sep)
    assert api.owning_folder(path) == folder


def test_a_folder_holding_only_github_with_two_files_could_drift(tmp_path: Path) -> None:
    write(tmp_path / ".github" / "copilot-instructions.md", "copilot\n")
    write(tmp_path / ".github" / "instructions" / "a.instructions.md", "a\n")
    assert could_drift(str(tmp_path), str(tmp_path / "home"))
