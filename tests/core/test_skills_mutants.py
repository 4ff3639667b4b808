"""Edges of skill listing that the mutation run of ``discovery/skills.py`` found unpinned:
the YAML subset of a ``SKILL.md`` front matter (openers and closers, quoting, escapes,
comments, ``|``/``>`` blocks, lines that are not top-level keys), the 64 KiB read, the
folders looked in by default, and the order and truth of a listing's delta."""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.discovery.skills import (
    SkillInfo,
    SkillsDelta,
    discover_skills,
    parse_front_matter,
    read_skill,
    skill_folders,
    skills_delta,
)
from tests.core.helpers import write


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("\ufeff---\nname: a\n---\n", {"name": "a"}),
        ("--- \nname: a\n---\n", {"name": "a"}),
        ("---\nname: a\n...\nbody", {"name": "a"}),
        ("---\nname: a\n--- \nbody", {"name": "a"}),
        # An indented --- closes nothing and is no key.
        ("---\nname: a\n ---\ndescription: d\n---\n", {"name": "a", "description": "d"}),
        # An empty block closes on line 2; what follows is the body.
        ("---\n---\nname: x\n---\n", {}),
    ],
)
def test_front_matter_openers_and_closers(text: str, expected: dict[str, str]) -> None:
    assert parse_front_matter(text) == expected


@pytest.mark.parametrize("text", [" ---\nname: a\n---\n", "X---\nname: a\n---\n", "---\nname: a\n"])
def test_no_front_matter(text: str) -> None:
    assert parse_front_matter(text) is None


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("''", ""),
        ('""', ""),
        ("'it''s'", "it's"),
        ('"plain"', "plain"),
        ('"a\\nb"', "a\nb"),
        ('"a\\tb"', "a\tb"),
        ('"a\\\\b"', "a\\b"),
        ('"a\\/b"', "a/b"),
        ('"say \\"hi\\""', 'say "hi"'),
        ('"a\\qb"', "aqb"),  # an unknown escape keeps its character
        ('"a\\"', "a\\"),  # a backslash before the closing quote stays
        ("a # b # c", "a"),
        ("a#b", "a#b"),
    ],
)
def test_scalar_values(value: str, expected: str) -> None:
    assert parse_front_matter(f"---\ndescription: {value}\n---\n") == {"description": expected}


def test_only_top_level_keys_are_read() -> None:
    text = (
        "---\n"
        "junk line\n"
        ": no key\n"
        "# a: comment\n"
        "- name: listed\n"
        "  name: nested\n"
        "\tname: tabbed\n"
        "Xmode: on\n"
        "description: a: b\n"
        "name: outer\n"
        "---\n"
    )
    assert parse_front_matter(text) == {"Xmode": "on", "description": "a: b", "name": "outer"}


@pytest.mark.parametrize(
    ("block", "expected"),
    [
        ("|\n  a\n      \n  b", "a\n\nb"),
        ("|\n  a\n  b\n\n", "a\nb"),
        ("|\n  a\n\n", "a"),
        ("|\n  a\n\t b", "a\n   b"),
        (">\n  a\n  b", "a b"),
        (">\n  a\n\n  b\n  c", "a\nb c"),
        ("|\n\n", ""),
        (">", ""),
    ],
)
def test_block_scalars(block: str, expected: str) -> None:
    text = f"---\ndescription: {block}\nXnext: 1\n---\n"
    assert parse_front_matter(text) == {"description": expected, "Xnext": "1"}


def test_a_skill_name_keeps_single_spaces(tmp_path: Path) -> None:
    path = tmp_path / "folder" / "SKILL.md"
    write(path, "---\nname:  my   skill \ndescription: does\n  things\n---\n")
    assert read_skill(str(path)) == SkillInfo("my skill", "does", str(path))


def test_front_matter_closed_past_64_kib_is_not_read(tmp_path: Path) -> None:
    path = tmp_path / "folder" / "SKILL.md"
    filler = "# padding\n" * 7000  # 70 000 bytes
    write(path, f"---\nname: named\ndescription: d\n{filler}---\n")
    assert read_skill(str(path)) == SkillInfo("folder", "", str(path))


def test_default_profile_and_home_from_the_environ(tmp_path: Path) -> None:
    home = tmp_path / "h"
    folders = skill_folders(tmp_path / "ws", environ={"HOME": str(home)})
    assert folders == [str(home / ".or" / "skills"), str(tmp_path / "ws" / ".or" / "skills")]


def test_codex_home_of_the_process_holds_codex_skills(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CODEX_HOME", str(tmp_path / "ch"))
    folders = skill_folders(tmp_path / "ws", "codex", home=tmp_path / "h")
    assert folders[0].startswith(str(tmp_path / "ch") + "/")


def test_skills_listed_by_default_profile(tmp_path: Path) -> None:
    home = tmp_path / "h"
    write(home / ".or" / "skills" / "s" / "SKILL.md", "---\nname: s\n---\n")
    found = discover_skills(tmp_path / "ws", home=home, environ={})
    assert [s.name for s in found] == ["s"]


def skill(name: str, description: str = "") -> SkillInfo:
    """A skill with a path of its own."""
    return SkillInfo(name, description, f"/s/{name}/SKILL.md")


NAMES = [f"skill-{c}" for c in "hgfedcba"]


def test_a_delta_lists_each_kind_by_name() -> None:
    before = [skill(n) for n in NAMES[:4]] + [skill(n, "old") for n in NAMES[4:]]
    after = [skill(n, "new") for n in NAMES[4:]]
    delta = skills_delta(before, after)
    assert [s.name for s in delta.removed] == sorted(NAMES[:4])
    assert [s.name for s in delta.changed] == sorted(NAMES[4:])
    assert skills_delta(after, before).added == delta.removed


@pytest.mark.parametrize("kind", ["added", "removed", "changed"])
def test_a_delta_with_one_kind_of_change_is_true(kind: str) -> None:
    assert SkillsDelta(**{kind: (skill("x"),)})
    assert not SkillsDelta()
