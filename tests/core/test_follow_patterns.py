"""gemini-cli's import confinement sees a path URI-decoded, unless an escape is malformed.

gemini decodes an import path with ``decodeURIComponent`` before its real-path check, so
``@./%2e%2e/out.md`` is ``../out.md`` and refused; a malformed escape anywhere makes the
decode throw and the path is checked as written. Python's ``unquote`` decodes the good
escapes and leaves the bad ones, so follow.py looks for a malformed one first. Found by
mutating that pattern (scripts/mutation_patterns.py, docs/mutation.md).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.context import EntryStatus, discover
from tests.core.helpers import write


def _outcome(tree: Path, target: str) -> tuple[EntryStatus, str]:
    (tree / "ws/.git").mkdir(parents=True)
    write(tree / "ws/GEMINI.md", f"@{target}\n")
    write(tree / "out.md", "outside the project")
    d = discover(tree / "ws", "gemini", home=tree / "home", environ={})
    entry = d.entries[1]
    return entry.status, entry.reason


@pytest.mark.parametrize("target", ["./%2e%2e/out.md", "./%2E%2E/out.md", "./.%2e/out.md"])
def test_an_escaped_way_out_of_the_project_is_refused(tree: Path, target: str) -> None:
    status, reason = _outcome(tree, target)
    assert status is EntryStatus.IMPORT_ERROR
    assert "is refused" in reason and "Path traversal attempt" in reason


@pytest.mark.parametrize("target", ["./%2e%2e/out%2z.md", "./%2e%2e/out.md%", "./%2e%2e/o%g1.md"])
def test_a_malformed_escape_keeps_the_whole_path_as_written(tree: Path, target: str) -> None:
    status, reason = _outcome(tree, target)
    assert status is EntryStatus.IMPORT_ERROR
    assert "does not exist" in reason and "refused" not in reason
