"""The shortcuts that keep ``promptls check`` over thousands of files cheap answer what
the long way answers: where a file belongs, which texts PL032 reads, which manifests
PL034 finds inside a run, where PL027 compares copies, how a path splits."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path, PurePosixPath

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from promptls.analysis import analyze, frontmatter_kinds
from promptls.analysis.agents import holes_for
from promptls.analysis.check_files import Discoveries, check_file
from promptls.analysis.manifests import Manifests
from promptls.analysis.rules import pl032_machine_path
from promptls.analysis.settings import Settings
from promptls.discovery import Discovery, api, dirs
from promptls.text import runmemo
from promptls.text.mapper import text_to_utf8
from tests import examples

PARTS = [
    ".claude", "rules", "skills", "s", ".github", "instructions", "copilot-instructions.md",
    "CLAUDE.md", ".cursor", ".agents", ".gemini", "a", "..", ".", "", "x.md", "b.mdc",
    "y.instructions.md", "AGENTS.md", "c\\.claude",
]  # fmt: skip


@settings(max_examples=examples(400), deadline=None)
@given(st.booleans(), st.lists(st.sampled_from(PARTS), min_size=1, max_size=7))
def test_owning_folder_without_a_marker_is_what_the_full_search_says(
    absolute: bool, parts: list[str]
) -> None:
    path = ("/" if absolute else "") + "/".join(parts)
    api._owning_folder.cache_clear()
    quick = api.owning_folder(path)
    api._owning_folder.cache_clear()
    every_part = frozenset(PARTS) | frozenset(os.getcwd().split("/"))
    with pytest.MonkeyPatch.context() as patch:  # no path is disjoint: always the full search
        patch.setattr(api, "_marker_heads", lambda: every_part)
        full = api.owning_folder(path)
    api._owning_folder.cache_clear()
    assert quick == full


@settings(max_examples=examples(400), deadline=None)
@given(st.text(alphabet="/\\:CUuSsEeRrHhOoMmſKİ x", max_size=24))
def test_pl032_skips_exactly_the_texts_without_a_home_shape(text: str) -> None:
    lower = text.lower()
    shaped = "/users/" in lower or "/home/" in lower or "\\users" in lower
    assert pl032_machine_path.home_shaped(text_to_utf8(text)) is shaped


def test_pl032_still_reads_home_paths_in_any_ascii_case() -> None:
    only = replace(Settings(), select=("PL032",))
    for text in ("See /USERS/alice/notes.\n", "See /Home/bob/x.\n", "See C:\\USERS\\carol\\r.\n"):
        assert [f.code for f in analyze(text, path="AGENTS.md", settings=only).findings] == [
            "PL032"
        ], text
    assert analyze("See /Uſers/alice/notes.\n", path="AGENTS.md", settings=only).findings == ()


def _tree(root: Path) -> None:
    (root / ".git").mkdir(parents=True)
    (root / "GNUmakefile").write_text("build:\n\techo\n", encoding="utf-8")
    (root / "Justfile").write_text("lint:\n  echo\n", encoding="utf-8")
    (root / "bun.lockb").write_bytes(b"\x00bin")
    (root / "yarn.lock").mkdir()  # a folder is no lockfile
    os.symlink(root / "missing.json", root / "package.json")  # a dangling link is no manifest
    sub = root / "pkg" / "web"
    sub.mkdir(parents=True)
    (sub / "package.json").write_text('{"scripts": {"dev": "x"}}', encoding="utf-8")
    os.symlink(root / "bun.lockb", sub / "pnpm-lock.yaml")  # a link to a file is one


def _answers(folder: Path) -> tuple[object, ...]:
    found = Manifests(str(folder))
    return found.managers(), found.nearest("package"), found.nearest("make"), found.nearest("just")


def test_pl034_finds_the_same_manifests_inside_a_check_run(tmp_path: Path) -> None:
    _tree(tmp_path / "r")
    for folder in (tmp_path / "r", tmp_path / "r" / "pkg" / "web"):
        outside = _answers(folder)
        with runmemo.run_memo():
            inside = _answers(folder)
        assert inside == outside
    web = _answers(tmp_path / "r" / "pkg" / "web")
    assert web[0] == (str(tmp_path / "r" / "pkg" / "web"), frozenset({"pnpm"}))
    assert web[2] is not None and web[2].names == {"build"}


BASE = "# Project\n\n" + "".join(f"- Rule {i}: run the tests first ({i}).\n" for i in range(12))


def _drifts(path: Path) -> list[str]:
    only = replace(Settings(), select=("PL027",))
    with runmemo.run_memo():
        found = check_file(path, only, Discoveries(home=str(path.parent)))
    assert found is not None
    return [f.code for f in found.findings]


def test_pl027_compares_copies_in_agent_subfolders(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    github, rules = root / ".github", root / ".cursor" / "rules"
    github.mkdir()
    rules.mkdir(parents=True)
    (github / "copilot-instructions.md").write_text(BASE, encoding="utf-8")
    rule = "---\nalwaysApply: true\n---\n" + BASE.replace("Rule 3:", "Rule three:")
    (rules / "all.mdc").write_text(rule, encoding="utf-8")
    assert _drifts(github / "copilot-instructions.md") == ["PL027"]
    (rules / "all.mdc").unlink()
    (root / "AGENTS.md").write_text(BASE.replace("Rule 5:", "Rule five:"), encoding="utf-8")
    assert _drifts(github / "copilot-instructions.md") == ["PL027"]
    (root / "AGENTS.md").unlink()
    assert _drifts(github / "copilot-instructions.md") == []


@settings(max_examples=examples(600), deadline=None)
@given(
    st.lists(st.sampled_from(["/", "\\", ".", "..", "a", "b.md", "", " ", ".claude"]), max_size=9)
)
def test_front_matter_kinds_split_a_path_as_purepath_does(pieces: list[str]) -> None:
    path = "".join(pieces)
    assert frontmatter_kinds.path_parts(path) == PurePosixPath(path.replace("\\", "/")).parts


@settings(max_examples=examples(600), deadline=None)
@given(st.text(alphabet="/a.b", max_size=6), st.text(alphabet="/a.b", max_size=6))
def test_discovery_joins_a_folder_and_a_name_as_os_path_does(folder: str, name: str) -> None:
    assert dirs.join(folder, name) == os.path.join(folder, name)


def test_coverage_asks_other_agents_only_where_a_set_up_agent_loads_nothing(
    tmp_path: Path,
) -> None:
    asked: list[str] = []
    discoveries = Discoveries(home=str(tmp_path / "home"))

    def ask(folder: str, profile: str) -> Discovery | None:
        asked.append(profile)
        return discoveries(folder, profile)

    claude, gemini = tmp_path / "claude", tmp_path / "gemini"
    (claude / ".claude").mkdir(parents=True)
    (claude / "CLAUDE.md").write_text(BASE, encoding="utf-8")
    (gemini / ".gemini").mkdir(parents=True)
    (gemini / ".gemini" / "settings.json").write_text("{}", encoding="utf-8")
    (gemini / "AGENTS.md").write_text(BASE, encoding="utf-8")
    assert holes_for(str(claude), Settings(), ask) == ()
    assert asked == ["claude"]
    asked.clear()
    [hole] = holes_for(str(gemini), Settings(), ask)
    # every other agent reads AGENTS.md
    others = (
        "claude",
        "codex",
        "copilot",
        "cursor",
        "opencode",
        "kilo",
        "qwen",
        "cline",
        "windsurf",
        "kiro",
        "crush",
        "continue",
    )
    assert (hole.profile, [agents for _, agents in hole.loaded]) == ("gemini", [others])
    assert "gemini" in asked and "or" not in asked
