"""Cursor's legacy ``.cursorrules`` is a project file: what discovery returns says so.

Written from the mutation run of session 5's speed branch (docs/mutation.md): with its
scope left out (``xǁWalkerǁdirectory__mutmut_48``) the file was still loaded, but as
belonging to no scope.
"""

from __future__ import annotations

from pathlib import Path

from promptls.context import ContextScope
from tests.core.helpers import write
from tests.core.test_profile_cursor import cursor


def test_the_legacy_cursorrules_loads_as_a_project_file(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    write(root / "AGENTS.md", "agents\n")
    write(root / ".cursorrules", "old rules\n")
    found = cursor(root)
    assert [(Path(f.path).name, f.scope) for f in found.files] == [
        ("AGENTS.md", ContextScope.PROJECT),
        (".cursorrules", ContextScope.PROJECT),
    ]
    [legacy] = [e for e in found.entries if e.path.endswith(".cursorrules")]
    assert legacy.scope == ContextScope.PROJECT
