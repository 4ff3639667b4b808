"""``detect_setups`` (``discovery/setup.py``): which agents a repository is set up for."""

from __future__ import annotations

from pathlib import Path

from promptls.agents.registry import DEFAULT_PROFILE
from promptls.discovery.setup import Setup, active_profiles, detect_setups


def test_a_later_marker_counts_when_an_earlier_one_is_absent(tmp_path: Path) -> None:
    # Claude's markers are `.claude`, `CLAUDE.md`, `CLAUDE.local.md`, in that order.
    (tmp_path / "CLAUDE.local.md").write_text("Mine.\n")
    (tmp_path / "GEMINI.md").write_text("Rules.\n")
    assert detect_setups(str(tmp_path)) == (
        Setup("claude", str(tmp_path / "CLAUDE.local.md"), str(tmp_path)),
        Setup("gemini", str(tmp_path / "GEMINI.md"), str(tmp_path)),
    )


def test_a_folder_that_cannot_be_listed_has_no_setup(tmp_path: Path) -> None:
    missing = str(tmp_path / "gone")
    assert detect_setups(missing) == ()
    assert active_profiles(missing, None) == (DEFAULT_PROFILE,)
