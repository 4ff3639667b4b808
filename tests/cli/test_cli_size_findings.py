"""Size and budget findings (PL011, PL014) judge only what the profile's discovery reads,
each real file once, and name the byte discovery cuts at, the same byte ``context`` shows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from promptls.cli import main

LINE = "Rule: name the test that shows the change works, and why it matters.\n"
"""69 characters; 2,200 lines are about 151,800 characters, over Claude's 150,000."""


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> object:
    """One command's JSON output."""
    main([*args])
    return json.loads(capsys.readouterr().out)


def _findings(
    capsys: pytest.CaptureFixture[str], root: Path, profile: str
) -> list[tuple[str, str]]:
    """``check --format json`` findings as (path relative to ``root``, code)."""
    found = _run(capsys, "check", "--format", "json", "--profile", profile, str(root))
    assert isinstance(found, list)
    return sorted((Path(str(f["path"])).relative_to(root).as_posix(), f["code"]) for f in found)


def _repo(tmp_path: Path) -> Path:
    """A repository root with an empty fake home beside it (no user-level files)."""
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    return root


@pytest.fixture(autouse=True)
def _empty_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The linting machine's own user files must not take part."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("PROMPTLS_HOME", str(home))


def test_claude_does_not_judge_an_agents_md_it_skips(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _repo(tmp_path)
    (root / "CLAUDE.md").write_text("# Project\nRun make test before a commit.\n")
    (root / "AGENTS.md").write_text("# Agents\n" + LINE * 2200)
    assert _findings(capsys, root, "claude") == []
    big = root / "pkg"
    big.mkdir()
    (big / "CLAUDE.md").write_text("# Package\n" + LINE * 2200)
    assert _findings(capsys, root, "claude") == [("pkg/CLAUDE.md", "PL011")]


def test_a_linked_claude_md_is_judged_once_under_the_name_the_profile_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """CLAUDE.md → AGENTS.md: codex reads AGENTS.md (and never CLAUDE.md), Claude reads
    CLAUDE.md (and skips AGENTS.md beside it): the same bytes get one finding each time."""
    root = _repo(tmp_path)
    (root / "AGENTS.md").write_text("# Agents\n" + LINE * 2200)
    (root / "CLAUDE.md").symlink_to("AGENTS.md")
    assert _findings(capsys, root, "codex") == [("AGENTS.md", "PL014")]
    assert _findings(capsys, root, "claude") == [("CLAUDE.md", "PL011")]


def test_a_dropped_file_is_dropped_not_also_cut(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file over 32 KiB below a root that spends the whole budget: codex sends none of
    it, so one finding says dropped, none says cut from byte 32,768."""
    root = _repo(tmp_path)
    (root / "AGENTS.md").write_text("# Root\n" + LINE * 2200)
    pkg = root / "pkg"
    pkg.mkdir()
    (pkg / "AGENTS.md").write_text("# Package\n" + LINE * 2200)
    found = _run(capsys, "check", "--format", "json", "--profile", "codex", str(pkg))
    assert isinstance(found, list)
    assert [(f["code"], str(f["message"]).split(":")[0]) for f in found] == [
        ("PL014", "dropped by the codex profile")
    ]


def test_check_and_context_name_the_same_cut_byte(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ancestors spend part of codex's budget, and the text before the cut is not ASCII:
    check's finding starts at the character holding the byte context reports."""
    root = _repo(tmp_path)
    (root / "AGENTS.md").write_text("# Root\n" + LINE * 200)
    pkg = root / "pkg"
    pkg.mkdir()
    text = "# Paquet\n" + "Règle : écrire le test d'abord — toujours.\n" * 600
    (pkg / "AGENTS.md").write_text(text)
    context = _run(capsys, "context", "--json", "--profile", "codex", str(pkg))
    assert isinstance(context, dict)
    (entry,) = [e for e in context["profiles"][0]["entries"] if e["path"].endswith("pkg/AGENTS.md")]
    cut = entry["cutAt"]
    assert entry["status"] == "cut" and f"cut at byte {cut}:" in entry["reason"]
    used = (root / "AGENTS.md").stat().st_size
    assert cut == 32 * 1024 - used
    found = _run(capsys, "check", "--format", "json", "--profile", "codex", str(pkg))
    assert isinstance(found, list)
    (finding,) = found
    assert finding["code"] == "PL014" and f"cut at byte {cut}:" in finding["message"]
    assert finding["start"] == len(text.encode()[:cut].decode("utf-8", "ignore"))
    assert finding["end"] == len(text)
    assert finding["line"] == text.encode()[:cut].count(b"\n") + 1


@pytest.mark.parametrize("profile", ["codex", "claude"])
def test_an_agents_md_in_a_skill_bundle_is_not_a_working_folders_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], profile: str
) -> None:
    """A skill bundle's AGENTS.md is judged from the project that holds the skills folder,
    which loads it for no folder: no size or budget finding as if it were one."""
    root = _repo(tmp_path)
    for folder in (".claude/skills/review", ".agents/skills/release"):
        bundle = root / folder
        bundle.mkdir(parents=True)
        (bundle / "SKILL.md").write_text("---\nname: x\ndescription: does x\n---\n# X\n")
        (bundle / "AGENTS.md").write_text("# Bundle notes\n" + LINE * 2200)
    assert _findings(capsys, root, profile) == []
