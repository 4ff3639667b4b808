"""PL028 (agent-without-instructions) beyond its fixtures: exact messages, spans and fixes at
the edges of what it reports.

Its positive and negative cases are files in ``tests/analysis/testdata/PL028/``
(run by ``tests/analysis/test_fixtures.py``); ``scripts/test --rule PL028`` runs
this module, those fixtures and its docs check.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.analysis import analyze
from promptls.analysis.agents import analyze_for_agents, holes_for
from promptls.analysis.coverage import Hole
from promptls.analysis.model import DocumentKind, Related
from promptls.analysis.settings import Settings
from promptls.discovery import Discovery, discover
from tests import every_agent_but

# PL027 and PL028 as a user reads them: the home whose settings decide what each agent
# reads, the related span's words, where the agent is set up (written from the file's
# folder) and a file checked by a bare relative name.
#
# Written from the mutation run of PL027 and PL028 (docs/mutation.md, "Fourth round").


GEMINI_HINT = (
    'add `"context": {"fileName": ["AGENTS.md", "GEMINI.md"]}` to .gemini/settings.json, '
    "or create GEMINI.md with `@AGENTS.md`"
)


def _gemini_repo(tmp_path: Path) -> tuple[Path, Path]:
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
    root, home = _gemini_repo(tmp_path)
    monkeypatch.chdir(tmp_path)  # the marker is written from the file's folder, not this one
    marker = str(root / ".gemini" / "settings.json")
    assert _pl028(root, home, str(root / "AGENTS.md")) == [
        (
            # AGENTS.md sets the repository up for codex too: the finding names gemini.
            "[gemini] the repository is set up for gemini (.gemini/settings.json), but gemini "
            "loads no project instructions: it reads GEMINI.md, while AGENTS.md reaches "
            f"{', '.join(every_agent_but('or', 'gemini'))}; {GEMINI_HINT}",
            (Related(0, 0, "gemini is set up here", marker),),
        )
    ]


def test_qwen_whose_settings_drop_agents_md_gets_its_hint(tmp_path: Path) -> None:
    # Qwen Code reads AGENTS.md by default; context.fileName replaces that default.
    root, home = _gemini_repo(tmp_path)
    (root / ".gemini" / "settings.json").unlink()
    (root / ".gemini").rmdir()
    (root / ".qwen").mkdir()
    (root / ".qwen" / "settings.json").write_text('{"context": {"fileName": "QWEN.md"}}\n')
    [(message, related)] = _pl028(root, home, str(root / "AGENTS.md"))
    assert message.startswith("[qwen] the repository is set up for qwen (.qwen/settings.json)")
    assert message.endswith(
        'add "AGENTS.md" to `context.fileName` in .qwen/settings.json (its default is '
        '["QWEN.md", "AGENTS.md"]), or create QWEN.md with `@AGENTS.md`'
    )
    assert related == (Related(0, 0, "qwen is set up here", str(root / ".qwen/settings.json")),)


def test_pl028_on_a_file_checked_by_a_bare_relative_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, home = _gemini_repo(tmp_path)
    (root / "CLAUDE.md").symlink_to("AGENTS.md")
    monkeypatch.chdir(root)
    [(message, _)] = _pl028(root, home, "AGENTS.md")
    assert "set up for gemini (.gemini/settings.json)" in message
    # CLAUDE.md is a link to AGENTS.md in the same folder: AGENTS.md alone gets the finding.
    assert _pl028(root, home, "CLAUDE.md") == []


# PL028 after its early return was reordered (no hole first, then the path, then the
# symlink check): the finding underlines the file's first line, and a text with holes but
# no path (the library called without one, as an instruction file) gets no finding and no crash.
#
# Written from the mutation run of session 5's speed branch (docs/mutation.md).


ONLY = Settings(select=("PL028",))


def _holes(root: Path, home: Path) -> tuple[Hole, ...]:
    def found(folder: str, agent: str) -> Discovery:
        return discover(folder, agent, home=str(home), environ={})

    return holes_for(str(root), ONLY, found)


def test_the_finding_underlines_the_first_line_of_the_shared_file(tmp_path: Path) -> None:
    root, home = _gemini_repo(tmp_path)
    holes = _holes(root, home)
    text = (root / "AGENTS.md").read_text(encoding="utf-8")
    found = analyze(text, path=str(root / "AGENTS.md"), settings=ONLY, coverage=holes)
    assert [(f.code, text[f.start : f.end]) for f in found.findings] == [("PL028", "# Rules")]


def test_holes_without_a_path_give_no_finding(tmp_path: Path) -> None:
    root, home = _gemini_repo(tmp_path)
    holes = _holes(root, home)
    assert holes  # gemini is set up and loads nothing
    text = (root / "AGENTS.md").read_text(encoding="utf-8")
    untitled = analyze(text, settings=ONLY, kind=DocumentKind.INSTRUCTION, coverage=holes)
    assert untitled.findings == ()
