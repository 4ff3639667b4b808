"""PL027 and PL028 as a user reads them: the home whose settings decide what each agent
reads, the related span's words, where the agent is set up (written from the file's
folder) and a file checked by a bare relative name.

Written from the mutation run of PL027 and PL028 (docs/mutation.md, "Fourth round").
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from promptls.analysis import analyze
from promptls.analysis.agents import analyze_for_agents
from promptls.analysis.model import Related
from promptls.analysis.settings import Settings
from promptls.discovery import Discovery, discover

SHARED = [f"Rule {i}: keep the {i}th convention of this project." for i in range(10)]
GEMINI_HINT = (
    'add `"context": {"fileName": ["AGENTS.md", "GEMINI.md"]}` to .gemini/settings.json, '
    "or create GEMINI.md with `@AGENTS.md`"
)


def _text(lines: list[str]) -> str:
    return "# Project\n\n" + "\n".join(lines) + "\n"


def test_pl027_follows_the_home_the_discovery_used(tmp_path: Path) -> None:
    # Only the given home's gemini settings make gemini read NOTES.md, a drifted copy of
    # AGENTS.md; the machine's own home plays no part.
    home = tmp_path / "home"
    (home / ".gemini").mkdir(parents=True)
    settings_json = json.dumps({"context": {"fileName": ["NOTES.md"]}})
    (home / ".gemini" / "settings.json").write_text(settings_json, encoding="utf-8")
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    (root / "AGENTS.md").write_text(_text(SHARED), encoding="utf-8")
    notes = _text([*SHARED[:9], "Rule 9: changed."])
    (root / "NOTES.md").write_text(notes, encoding="utf-8")
    path = root / "AGENTS.md"
    discovery = discover(str(root), "or", home=str(home))
    found = analyze(
        path.read_text(encoding="utf-8"),
        path=str(path),
        settings=replace(Settings(), select=("PL027",)),
        discovery=discovery,
    ).findings
    assert [f.message for f in found] == [
        "drifted from NOTES.md (90% the same: 1 line changed); claude, codex, copilot, "
        "cursor, opencode and or read this copy, gemini reads NOTES.md"
    ]
    at = notes.index("Rule 9: changed.")
    assert found[0].related == (
        Related(
            at,
            at + len("Rule 9: changed."),
            "the other copy, read by gemini",
            str(root / "NOTES.md"),
        ),
    )


def _repo(tmp_path: Path) -> tuple[Path, Path]:
    """A repository set up for gemini (``.gemini/settings.json``) holding only AGENTS.md."""
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    (root / ".gemini").mkdir()
    (root / ".gemini" / "settings.json").write_text("{}\n", encoding="utf-8")
    (root / "AGENTS.md").write_text("# Rules\nUse tabs.\n", encoding="utf-8")
    home = tmp_path / "home"
    home.mkdir()
    return root, home


def _pl028(root: Path, home: Path, path: str) -> list[tuple[str, tuple[Related, ...]]]:
    def found(folder: str, agent: str) -> Discovery:
        return discover(folder, agent, home=str(home), environ={})

    text = (root / path).read_text(encoding="utf-8")
    result = analyze_for_agents(
        text, path=path, settings=Settings(select=("PL028",)), folder=str(root), discover=found
    )
    return [(f.message, f.related) for f in result.findings]


def test_pl028_names_the_marker_from_the_files_folder_and_points_at_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, home = _repo(tmp_path)
    monkeypatch.chdir(tmp_path)  # the marker is written from the file's folder, not this one
    marker = str(root / ".gemini" / "settings.json")
    assert _pl028(root, home, str(root / "AGENTS.md")) == [
        (
            # AGENTS.md sets the repository up for codex too: the finding names gemini.
            "[gemini] the repository is set up for gemini (.gemini/settings.json), but gemini "
            "loads no project instructions: it reads GEMINI.md, while AGENTS.md reaches "
            f"claude, codex, copilot, cursor, opencode; {GEMINI_HINT}",
            (Related(0, 0, "gemini is set up here", marker),),
        )
    ]


def test_pl028_on_a_file_checked_by_a_bare_relative_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, home = _repo(tmp_path)
    (root / "CLAUDE.md").symlink_to("AGENTS.md")
    monkeypatch.chdir(root)
    [(message, _)] = _pl028(root, home, "AGENTS.md")
    assert "set up for gemini (.gemini/settings.json)" in message
    # CLAUDE.md is a link to AGENTS.md in the same folder: AGENTS.md alone gets the finding.
    assert _pl028(root, home, "CLAUDE.md") == []
