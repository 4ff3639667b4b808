"""Files inside a skill bundle belong to the project holding the skills folder: that is
the folder whose discovery decides about them, and it loads none of them for a folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.discovery import PROFILES, discover
from promptls.discovery.api import owning_folder, skill_bundle


@pytest.mark.parametrize(
    "rel",
    [
        ".claude/skills/review/AGENTS.md",
        ".agents/skills/release/AGENTS.md",
        ".github/skills/triage/references/CLAUDE.md",
        ".gemini/skills/x/GEMINI.md",
    ],
)
def test_a_bundle_file_is_owned_by_the_project(tmp_path: Path, rel: str) -> None:
    path = tmp_path / rel
    assert owning_folder(str(path)) == str(tmp_path)
    found = skill_bundle(str(path))
    assert found is not None and found[0] == str(tmp_path)
    assert Path(found[1]).parent.name in ("skills", "skill")


@pytest.mark.parametrize(
    "rel",
    ["pkg/AGENTS.md", ".claude/skills/AGENTS.md", "skills/review/AGENTS.md"],
)
def test_other_files_keep_their_own_folder(tmp_path: Path, rel: str) -> None:
    path = tmp_path / rel
    assert skill_bundle(str(path)) is None
    assert owning_folder(str(path)) == str(path.parent)


@pytest.mark.parametrize("profile", list(PROFILES))
def test_no_profile_loads_a_bundles_agents_md_for_the_project(tmp_path: Path, profile: str) -> None:
    (tmp_path / ".git").mkdir()
    for rel in (".claude/skills/review", ".agents/skills/release"):
        (tmp_path / rel).mkdir(parents=True)
        (tmp_path / rel / "AGENTS.md").write_text("# Bundle notes\nTag, then push.\n")
    found = discover(tmp_path, profile, home=tmp_path / "no-home")
    assert not [e for e in found.entries if "/skills/" in e.path and e.path.endswith("AGENTS.md")]
