"""PL013 stays quiet, without crashing, where no agent parses imports.

Written from the mutation run of 2026-12-01 (docs/mutation.md, "Rules changed on
2026-12-01 (second run)").
"""

from __future__ import annotations

from pathlib import Path

from promptls.analysis import analyze
from promptls.analysis.settings import Settings
from promptls.discovery import discover

ONLY = Settings(select=("PL013",))
TEXT = "Style: @import docs/style.md\n"


def test_an_import_like_line_without_a_discovery_is_not_reported() -> None:
    assert analyze(TEXT, path="CLAUDE.md", settings=ONLY).findings == ()


def test_an_import_like_line_for_a_profile_without_imports_is_not_reported(
    tmp_path: Path,
) -> None:
    root = tmp_path / "ws"
    (root / ".git").mkdir(parents=True)
    (root / "AGENTS.md").write_text(TEXT, encoding="utf-8")
    home = tmp_path / "home"
    home.mkdir()
    discovery = discover(root, "codex", home=home, environ={})
    found = analyze(TEXT, path=str(root / "AGENTS.md"), settings=ONLY, discovery=discovery)
    assert found.findings == ()
