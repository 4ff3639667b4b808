"""A glob whose braces expand past wcmatch's limit of 1000 patterns (wcmatch raises
``PatternLimitException``, no ``ValueError``) matches nothing instead of crashing
discovery: in a Cursor rule's ``globs`` and in Claude's ``claudeMdExcludes``.

Found by the mutation triage of ``frontmatter_check.py`` (docs/mutation.md).
"""

from __future__ import annotations

import json
from pathlib import Path

from promptls.discovery import discover
from promptls.discovery.model import EntryStatus
from tests.core.helpers import write

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
