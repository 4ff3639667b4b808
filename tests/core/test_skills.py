"""Skill discovery (``discovery/skills.py``): front matter parsing, per-profile folders,
ordering and deltas, the YAML subset of a ``SKILL.md``, and the project a skill
bundle's files belong to.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from promptls.discovery import PROFILES, discover
from promptls.discovery.api import owning_folder, skill_bundle
from promptls.discovery.skills import read_skill
from promptls.skills import (
    SkillInfo,
    SkillsDelta,
    discover_skills,
    parse_front_matter,
    skill_folders,
    skills_delta,
)
from tests.core.helpers import write

# Skill discovery: front matter parsing, per-profile folders, ordering and deltas.


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
    folders = skill_folders(tmp_path / "ws", "codex", environ=env)
    assert folders[0] == str(codex_home / "skills")
    assert str(tmp_path / "home/.codex/skills") not in folders


def test_codex_lists_every_skills_folder_it_was_seen_to_read(tmp_path: Path) -> None:
    """Oracle scenario "codex: skills from every skills folder" (Codex CLI 0.171.0,
    2026-12-06): ``~/.agents/skills`` stays in the home folder when ``CODEX_HOME`` moves;
    ``.codex/skills`` and ``.agents/skills`` of every folder from the project root down
    (not above it); six folders deep, dot folders skipped; a nameless skill is not listed;
    two skills of one name are both listed."""
    home, ws = tmp_path / "home", tmp_path / "ws"
    (ws / ".git").mkdir(parents=True)
    front = "---\nname: {}\ndescription: d\n---\n"
    skill(home / ".agents/skills/user", front.format("user"))
    skill(tmp_path / "cx/skills/moved", front.format("moved"))
    skill(ws / ".codex/skills/rootcodex", front.format("rootcodex"))
    skill(ws / "a/.agents/skills/deep/1/2/3/4/5", front.format("six"))
    skill(ws / "a/.agents/skills/deep/1/2/3/4/5/6", front.format("seven"))
    skill(ws / "a/.agents/skills/.hidden", front.format("hidden"))
    skill(ws / "a/.agents/skills/nameless", "no front matter\n")
    skill(ws / ".agents/skills/dup", front.format("dup"))
    skill(home / ".agents/skills/dup", front.format("dup"))
    skill(tmp_path / ".agents/skills/above", front.format("above"))
    env = {"CODEX_HOME": str(tmp_path / "cx")}
    found = discover_skills(ws / "a", "codex", home=home, environ=env)
    assert [s.name for s in found] == ["dup", "dup", "moved", "rootcodex", "six", "user"]


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


# Edges of skill listing that the mutation run of ``discovery/skills.py`` found unpinned:
# the YAML subset of a ``SKILL.md`` front matter (openers and closers, quoting, escapes,
# comments, ``|``/``>`` blocks, lines that are not top-level keys), the 64 KiB read, the
# folders looked in by default, and the order and truth of a listing's delta.


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
def test_an_indented_or_glued_opener_or_no_closer_is_no_front_matter(text: str) -> None:
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


def skill_info(name: str, description: str = "") -> SkillInfo:
    """A skill with a path of its own."""
    return SkillInfo(name, description, f"/s/{name}/SKILL.md")


NAMES = [f"skill-{c}" for c in "hgfedcba"]


def test_a_delta_lists_each_kind_by_name() -> None:
    before = [skill_info(n) for n in NAMES[:4]] + [skill_info(n, "old") for n in NAMES[4:]]
    after = [skill_info(n, "new") for n in NAMES[4:]]
    delta = skills_delta(before, after)
    assert [s.name for s in delta.removed] == sorted(NAMES[:4])
    assert [s.name for s in delta.changed] == sorted(NAMES[4:])
    assert skills_delta(after, before).added == delta.removed


@pytest.mark.parametrize("kind", ["added", "removed", "changed"])
def test_a_delta_with_one_kind_of_change_is_true(kind: str) -> None:
    assert SkillsDelta(**{kind: (skill_info("x"),)})
    assert not SkillsDelta()


# Files inside a skill bundle belong to the project holding the skills folder: that is
# the folder whose discovery decides about them, and it loads none of them for a folder.


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
