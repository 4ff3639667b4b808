"""PL034 is quiet about a name another folder's manifest defines: an instruction file
often speaks of another folder ("from the root:", ``cd frontend``), which its own place
cannot tell. Inside a repository the folders searched are the root's and those below it;
outside one, where no root is known, every folder above the file too."""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.analysis import analyze
from promptls.analysis.settings import Settings


def _pl034(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    found = analyze(text, path=str(path), settings=Settings(select=("PL034",))).findings
    return [text[f.start : f.end] for f in found]


@pytest.mark.parametrize("repository", [True, False], ids=["in-a-repository", "outside-one"])
def test_a_target_of_the_makefile_above_is_no_drift(tmp_path: Path, repository: bool) -> None:
    if repository:
        (tmp_path / ".git").mkdir()
    (tmp_path / "Makefile").write_text("check:\n\techo\n", encoding="utf-8")
    backend = tmp_path / "backend"
    backend.mkdir()
    (backend / "Makefile").write_text("dev:\n\techo\n", encoding="utf-8")
    agents = backend / "AGENTS.md"
    agents.write_text("From the root: `make check`. Here: `make dev`, `make gone`.\n", "utf-8")
    assert _pl034(agents) == ["gone"]


def test_a_hidden_folder_or_one_too_deep_holds_no_subproject(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "package.json").write_text('{"scripts": {"build": "x"}}', encoding="utf-8")
    for folder in (".cache/app", "a/b/c/d/e"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "package.json").write_text('{"scripts": {"lint": "x"}}', "utf-8")
    agents = tmp_path / "AGENTS.md"
    agents.write_text("Run `npm run lint`.\n", encoding="utf-8")
    assert _pl034(agents) == ["lint"]
    (tmp_path / "a/b/c/d/package.json").write_text('{"scripts": {"lint": "x"}}', "utf-8")
    assert _pl034(agents) == []


@pytest.mark.parametrize(
    "line",
    [
        "There is no `make migrate` target on purpose.\n",
        "There's no `make migrate` here.\n",
        "`make migrate` is no longer needed.\n",
        "No such target as `make migrate`.\n",
    ],
)
def test_a_line_that_says_the_name_is_absent_is_quiet(tmp_path: Path, line: str) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "Makefile").write_text("dev:\n\techo\n", encoding="utf-8")
    agents = tmp_path / "AGENTS.md"
    agents.write_text(line, encoding="utf-8")
    assert _pl034(agents) == []
    agents.write_text("Run `make migrate` first.\n", encoding="utf-8")
    assert _pl034(agents) == ["migrate"]


def test_only_the_makefile_make_reads_in_another_folder_counts(tmp_path: Path) -> None:
    """make reads GNUmakefile before Makefile: a target only the other one defines is
    no target of that folder."""
    (tmp_path / ".git").mkdir()
    (tmp_path / "Makefile").write_text("dev:\n\techo\n", encoding="utf-8")
    sub = tmp_path / "sub"
    sub.mkdir()
    (sub / "GNUmakefile").write_text("lint:\n\techo\n", encoding="utf-8")
    (sub / "Makefile").write_text("release:\n\techo\n", encoding="utf-8")
    agents = tmp_path / "AGENTS.md"
    agents.write_text("Run `make lint` and `make release`.\n", encoding="utf-8")
    assert _pl034(agents) == ["release"]


def test_a_huge_tree_is_searched_only_in_part(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The search stops after so many folders (breadth first, by name): a script defined
    only past them is not found, and the command is reported."""
    from promptls.analysis import manifests

    monkeypatch.setattr(manifests, "MAX_SUBPROJECT_FOLDERS", 2)
    (tmp_path / ".git").mkdir()
    (tmp_path / "package.json").write_text('{"scripts": {"build": "x"}}', encoding="utf-8")
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
    (tmp_path / "b" / "package.json").write_text('{"scripts": {"lint": "x"}}', "utf-8")
    agents = tmp_path / "AGENTS.md"
    agents.write_text("Run `npm run lint`.\n", encoding="utf-8")
    assert _pl034(agents) == ["lint"]
    monkeypatch.setattr(manifests, "MAX_SUBPROJECT_FOLDERS", 3)
    monkeypatch.setattr(manifests, "_FOLDERS", manifests._RecentFolders())
    assert _pl034(agents) == []
