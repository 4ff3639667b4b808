"""Skill discovery: front matter parsing, per-profile folders, ordering and deltas."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from promptls.skills import (
    SkillInfo,
    SkillsDelta,
    discover_skills,
    parse_front_matter,
    skill_folders,
    skills_delta,
)
from tests.core.helpers import write


def skill(folder: Path, text: str | bytes) -> Path:
    """Write ``folder/SKILL.md``."""
    return write(folder / "SKILL.md", text)


def test_front_matter_scalars_quotes_and_comments() -> None:
    meta = parse_front_matter(
        "---\n"
        "name: pdf-tools\n"
        "description: 'It''s for PDFs'\n"
        'quoted: "tab\\there \\"q\\""\n'
        "plain: value # trailing comment\n"
        "# a comment line\n"
        "list:\n  - a\n  - b\n"
        "---\n"
        "name: not front matter\n"
    )
    assert meta == {
        "name": "pdf-tools",
        "description": "It's for PDFs",
        "quoted": 'tab\there "q"',
        "plain": "value",
        "list": "",
    }


def test_front_matter_folded_and_literal_blocks() -> None:
    meta = parse_front_matter(
        "---\r\n"
        "description: >\r\n"
        "  Folded lines\r\n"
        "  join with spaces.\r\n"
        "\r\n"
        "  New paragraph.\r\n"
        "literal: |-\r\n"
        "  keep\r\n"
        "    indent\r\n"
        "name: after\r\n"
        "---\r\n"
    )
    assert meta is not None
    assert meta["description"] == "Folded lines join with spaces.\nNew paragraph."
    assert meta["literal"] == "keep\n  indent"
    assert meta["name"] == "after"


@pytest.mark.parametrize(
    "text",
    ["no front matter", "---\nname: unterminated\n", "", "\n---\nname: late\n---\n"],
)
def test_no_front_matter(text: str) -> None:
    assert parse_front_matter(text) is None


def test_discover_or_skills_sorted_with_project_winning(tmp_path: Path) -> None:
    home, ws = tmp_path / "home", tmp_path / "ws"
    skill(home / ".or/skills/zeta", "---\nname: zeta\ndescription: user zeta\n---\n")
    skill(home / ".or/skills/shared", "---\nname: shared\ndescription: user copy\n---\n")
    skill(ws / ".or/skills/shared", "---\nname: shared\ndescription: project copy\n---\n")
    skill(ws / ".or/skills/alpha", "---\nname: alpha\ndescription: |\n  multi\n  line\n---\n")
    skill(ws / ".or/skills/plain", "# no front matter\n")
    (ws / ".or/skills/not-a-skill").mkdir()
    (ws / ".or/skills/README.md").write_text("stray file")
    found = discover_skills(ws, home=home, environ={})
    assert [(s.name, s.description) for s in found] == [
        ("alpha", "multi line"),
        ("plain", ""),
        ("shared", "project copy"),
        ("zeta", "user zeta"),
    ]
    assert found[2].path == str(ws / ".or/skills/shared/SKILL.md")


@pytest.mark.parametrize(
    ("profile", "user_rel", "project_rel"),
    [
        ("claude", ".claude/skills", ".claude/skills"),
        ("gemini", ".gemini/skills", ".gemini/skills"),
        ("codex", ".codex/skills", None),
    ],
)
def test_profile_skill_folders(
    tmp_path: Path, profile: str, user_rel: str, project_rel: str | None
) -> None:
    home, ws = tmp_path / "home", tmp_path / "ws"
    skill(home / user_rel / "u", "---\nname: u\ndescription: user\n---\n")
    if project_rel:
        skill(ws / project_rel / "p", "---\nname: p\ndescription: project\n---\n")
    skill(ws / ".or/skills/other", "---\nname: other-agent\n---\n")
    names = [s.name for s in discover_skills(ws, profile, home=home, environ={})]
    assert names == (["p", "u"] if project_rel else ["u"])


def test_codex_home_overrides_default(tmp_path: Path) -> None:
    codex_home = tmp_path / "codex-home"
    skill(codex_home / "skills/c", "---\nname: from-codex-home\n---\n")
    skill(tmp_path / "home/.codex/skills/d", "---\nname: default-location\n---\n")
    env = {"CODEX_HOME": str(codex_home)}
    found = discover_skills(tmp_path / "ws", "codex", home=tmp_path / "home", environ=env)
    assert [s.name for s in found] == ["from-codex-home"]
    assert skill_folders(tmp_path / "ws", "codex", environ=env) == [str(codex_home / "skills")]


def test_hostile_skill_files_do_not_break_discovery(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    (ws / ".or/skills/dir-skill/SKILL.md").mkdir(parents=True)
    (ws / ".or/skills/fifo").mkdir(parents=True)
    os.mkfifo(ws / ".or/skills/fifo/SKILL.md")
    skill(ws / ".or/skills/binary", b"---\nname: bin\xff\xfe\ndescription: x\n---\n\x00")
    skill(ws / ".or/skills/huge", "---\nname: huge\n---\n" + "x" * 5_000_000)
    found = discover_skills(ws, home=tmp_path / "home", environ={})
    assert [s.name for s in found] == ["bin\ufffd\ufffd", "huge"]


def test_missing_home_still_lists_project_skills(tmp_path: Path) -> None:
    skill(tmp_path / "ws/.or/skills/p", "---\nname: p\n---\n")
    assert [s.name for s in discover_skills(tmp_path / "ws", environ={})] == ["p"]


def test_unknown_profile() -> None:
    with pytest.raises(KeyError):
        discover_skills("/", "nope", environ={})


def test_skills_delta() -> None:
    a = SkillInfo("a", "first", "/s/a/SKILL.md")
    b = SkillInfo("b", "second", "/s/b/SKILL.md")
    b2 = SkillInfo("b", "second, reworded", "/s/b/SKILL.md")
    c = SkillInfo("c", "third", "/s/c/SKILL.md")
    delta = skills_delta([a, b], [b2, c])
    assert delta == SkillsDelta(added=(c,), removed=(a,), changed=(b2,))
    assert delta
    assert not skills_delta([a, b], [b, a])
    assert skills_delta([], [c, a]).added == (a, c)
