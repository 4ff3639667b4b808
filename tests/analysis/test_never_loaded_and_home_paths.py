"""PL031 and PL032 where fixtures cannot reach: a home with user skills, several set-up
agents at once, Git's ignore rules, severities and positions in every encoding.

The fixtures (testdata/PL031, PL032) hold the single-agent cases with an empty home;
these build small repositories in a temporary folder.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.analysis import analyze
from promptls.analysis.agents import analyze_for_agents
from promptls.analysis.model import Finding, Severity
from promptls.analysis.settings import Settings
from promptls.discovery import Discovery, discover
from promptls.text.mapper import Mapper
from tests.positions import ENCODINGS, encoded_position, units

SKILL = "---\nname: {}\ndescription: Formats the code.\n---\n\nRun it.\n"


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    return root


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "home"
    path.mkdir()
    monkeypatch.setenv("HOME", str(path))
    return path


def _check(path: Path, home: Path, code: str, profile: str | None = None) -> list[Finding]:
    """As ``promptls check`` runs: every set-up agent (or ``profile``), merged."""

    def here(folder: str, agent: str) -> Discovery:
        return discover(folder, agent, home=home, environ={})

    settings = Settings(select=(code,), profile=profile)
    text = path.read_text(encoding="utf-8")
    folder = str(path.parent)
    return list(
        analyze_for_agents(
            text, path=str(path), settings=settings, folder=folder, discover=here
        ).findings
    )


def _set_up(repo: Path, *agents: str) -> None:
    """Mark the repository as set up for these agents (their folders exist)."""
    for agent in agents:
        (repo / f".{agent}").mkdir(exist_ok=True)


def _gemini_clash(repo: Path) -> Path:
    """Gemini set up and `fmt` in both workspace skills folders: the one never listed."""
    _set_up(repo, "gemini")
    _write(repo / ".agents/skills/fmt/SKILL.md", SKILL.format("fmt"))
    return _write(repo / ".gemini/skills/fmt/SKILL.md", SKILL.format("fmt"))


def _personal_clash(repo: Path, home: Path) -> Path:
    """`fmt` in ~/.claude/skills and in the project's: the project's, never listed."""
    _write(home / ".claude/skills/fmt/SKILL.md", SKILL.format("fmt"))
    return _write(repo / ".claude/skills/fmt/SKILL.md", SKILL.format("fmt"))


# -- PL031 ---------------------------------------------------------------------------------


def test_a_personal_claude_skill_hides_the_projects_skill_of_the_same_name(
    repo: Path, home: Path
) -> None:
    _set_up(repo, "claude")
    mine = _write(home / ".claude/skills/fmt/SKILL.md", SKILL.format("fmt"))
    project = _write(repo / ".claude/skills/fmt/SKILL.md", SKILL.format("fmt"))
    (finding,) = _check(project, home, "PL031")
    assert finding.message.startswith("this skill is never listed: Claude Code lists only the")
    assert "code.claude.com/docs/en/skills" in finding.message
    assert finding.related[0].path == str(mine)
    assert (finding.start, finding.end) == (0, 3)  # the first line
    other = _write(repo / ".claude/skills/lint/SKILL.md", SKILL.format("lint"))
    assert _check(other, home, "PL031") == []


def test_claude_names_a_skill_without_a_name_after_its_folder(repo: Path, home: Path) -> None:
    _set_up(repo, "claude")
    _write(home / ".claude/skills/fmt/SKILL.md", "---\ndescription: mine\n---\n")
    project = _write(repo / ".claude/skills/fmt/SKILL.md", "---\ndescription: team\n---\n")
    assert len(_check(project, home, "PL031")) == 1


def test_gemini_does_not_list_a_skill_without_a_name_so_nothing_is_hidden(
    repo: Path, home: Path
) -> None:
    _set_up(repo, "gemini")
    _write(repo / ".agents/skills/fmt/SKILL.md", "---\ndescription: no name\n---\n")
    gemini = _write(repo / ".gemini/skills/fmt/SKILL.md", "---\ndescription: no name\n---\n")
    assert _check(gemini, home, "PL031") == []


def test_gemini_sanitises_names_before_comparing_them(repo: Path, home: Path) -> None:
    _set_up(repo, "gemini")
    _write(repo / ".agents/skills/a/SKILL.md", SKILL.format("ci-check"))
    gemini = _write(repo / ".gemini/skills/b/SKILL.md", SKILL.format("ci:check"))
    (finding,) = _check(gemini, home, "PL031")
    assert "the `ci-check` of " in finding.message


def test_a_user_gemini_skill_loses_to_the_workspaces(repo: Path, home: Path) -> None:
    _set_up(repo, "gemini")
    _write(repo / ".gemini/skills/fmt/SKILL.md", SKILL.format("fmt"))
    user = _write(home / ".gemini/skills/fmt/SKILL.md", SKILL.format("fmt"))
    (finding,) = _check(user, home, "PL031", profile="gemini")
    assert "Gemini CLI lists only the `fmt` of " in finding.message


def test_an_agent_that_keeps_every_name_keeps_a_shadowed_skill_alive(
    repo: Path, home: Path
) -> None:
    """Copilot also reads .claude/skills and no source says it drops a name: quiet."""
    _set_up(repo, "claude")
    _write(repo / ".github/copilot-instructions.md", "# Copilot\n")
    project = _personal_clash(repo, home)
    assert _check(project, home, "PL031") == []
    assert len(_check(project, home, "PL031", profile="claude")) == 1


def test_a_deep_skill_codex_still_lists_is_not_reported_for_gemini(repo: Path, home: Path) -> None:
    _set_up(repo, "gemini")
    deep = _write(repo / ".agents/skills/tools/lint/SKILL.md", SKILL.format("lint"))
    (alone,) = _check(deep, home, "PL031")
    assert "Gemini CLI looks at most 1 folder(s) below .agents/skills" in alone.message
    _set_up(repo, "codex")
    assert _check(deep, home, "PL031") == []


def test_codex_scans_six_folders_deep_and_no_further(repo: Path, home: Path) -> None:
    _set_up(repo, "codex")
    six = _write(repo / ".agents/skills/a/b/c/d/e/f/SKILL.md", SKILL.format("six"))
    seven = _write(repo / ".agents/skills/z/b/c/d/e/f/g/SKILL.md", SKILL.format("seven"))
    assert _check(six, home, "PL031") == []
    (finding,) = _check(seven, home, "PL031")
    assert "this one is 7 folders deep" in finding.message


def test_a_skill_directly_in_the_skills_folder_is_listed(repo: Path, home: Path) -> None:
    _set_up(repo, "gemini")
    top = _write(repo / ".gemini/skills/SKILL.md", SKILL.format("top"))
    assert _check(top, home, "PL031") == []


def test_a_personal_skill_hides_a_project_command(repo: Path, home: Path) -> None:
    _write(home / ".claude/skills/review/SKILL.md", SKILL.format("review"))
    command = _write(repo / ".claude/commands/review.md", "Review the diff.\n")
    (finding,) = _check(command, home, "PL031")
    assert finding.message.startswith("Claude Code never runs this command: the skill `review`")
    assert finding.related[0].path == str(home / ".claude/skills/review/SKILL.md")


def test_agent_md_is_reported_only_as_the_roots_sole_instructions(repo: Path, home: Path) -> None:
    _set_up(repo, "claude")
    legacy = _write(repo / "AGENT.md", "# Notes for agents\n")
    (finding,) = _check(legacy, home, "PL031")
    assert "Rename it to AGENTS.md" in finding.message
    _write(repo / "CLAUDE.md", "# Project\n")
    assert _check(legacy, home, "PL031") == []  # beside CLAUDE.md it is something else
    nested = _write(repo / "pkg/AGENT.md", "# Package notes\n")
    assert _check(nested, home, "PL031") == []


def test_agent_md_needs_an_agent_set_up_or_a_profile(tmp_path: Path, home: Path) -> None:
    root = tmp_path / "plain"
    (root / ".git").mkdir(parents=True)
    legacy = _write(root / "AGENT.md", "# Notes for agents\n")
    assert _check(legacy, home, "PL031") == []
    (finding,) = _check(legacy, home, "PL031", profile="codex")
    assert "OpenAI Codex CLI reads AGENTS.override.md, AGENTS.md" in finding.message


def test_without_a_path_pl031_is_quiet() -> None:
    assert analyze("# AGENT.md\n", path=None, settings=Settings(select=("PL031",))).findings == ()


# -- PL032 ---------------------------------------------------------------------------------


def _home_paths(path: Path, home: Path, profile: str = "claude") -> list[Finding]:
    discovery = discover(path.parent, profile, home=home, environ={})
    text = path.read_bytes().decode("utf-8")  # as stored: CRLF stays CRLF
    settings = Settings(select=("PL032",), profile=profile)
    return list(analyze(text, path=str(path), settings=settings, discovery=discovery).findings)


def test_a_committed_file_gets_a_warning_a_personal_one_info(repo: Path, home: Path) -> None:
    line = "Build in /Users/alice/build.\n"
    shared = _write(repo / "CLAUDE.md", line)
    (warning,) = _home_paths(shared, home)
    assert warning.severity is Severity.WARNING
    local = _write(repo / "CLAUDE.local.md", line)
    (info,) = _home_paths(local, home)
    assert info.severity is Severity.INFO
    assert "a personal file, so only its author reads it" in info.message
    user = _write(home / ".claude/CLAUDE.md", line)
    assert [f.severity for f in _home_paths(user, home)] == [Severity.INFO]


def test_a_file_git_ignores_is_personal(repo: Path, home: Path) -> None:
    _write(repo / ".gitignore", "notes/\n")
    ignored = _write(repo / "notes/CLAUDE.md", "See /home/bob/x\n")
    assert [f.severity for f in _home_paths(ignored, home)] == [Severity.INFO]


def test_an_import_gemini_reads_gets_no_tilde_fix(repo: Path, home: Path) -> None:
    gemini = _write(repo / "GEMINI.md", "@/Users/alice/notes.md\n")
    (finding,) = _home_paths(gemini, home, profile="gemini")
    assert finding.fix is None
    claude = _write(repo / "CLAUDE.md", "@/Users/alice/notes.md\n")
    (fixed,) = _home_paths(claude, home)
    assert fixed.fix is not None and fixed.fix.edits[0].new_text == "~/"


def test_a_quoted_path_gets_no_fix_but_is_reported(repo: Path, home: Path) -> None:
    shared = _write(repo / "AGENTS.md", "Run `cd '/home/bob/repo'` first.\n")
    (finding,) = _home_paths(shared, home)
    assert finding.fix is None


def test_positions_after_emoji_and_cjk_in_every_encoding(repo: Path, home: Path) -> None:
    prefix = "漢字😀 👩\u200d💻 see "
    text = f"# T\r\n{prefix}/Users/frank/x\r\n"
    path = repo / "AGENTS.md"
    path.write_bytes(text.encode("utf-8"))
    (finding,) = _home_paths(path, home)
    assert text[finding.start : finding.end] == "/Users/frank"
    for encoding in ENCODINGS:
        mapper = Mapper(text, encoding)
        start = mapper.offset_to_position(finding.start)
        end = mapper.offset_to_position(finding.end)
        assert start == encoded_position(text, finding.start, encoding)
        assert start == (1, units(prefix, encoding))
        assert end == (1, units(prefix + "/Users/frank", encoding))


@pytest.mark.parametrize(
    "text",
    [
        "no paths here\n",
        "https://github.com/Users/alice/repo\n",
        "relative/home/alice/x and users/alice\n",
        "/home/<user>/x /home/user/x /Users/you/ /Users/YourName/x /home/$USER/x\n",
        "/home/runner/work /home/linuxbrew/.linuxbrew /Users/Shared/x /home/xxx/\n",
        "~/home/alice and $HOME/x and .home/alice\n",
        "❌ Wrong: /Users/alice/x\n",
    ],
    ids=["none", "url", "relative", "placeholders", "shared-accounts", "tilde", "counter-example"],
)
def test_near_misses_stay_quiet(repo: Path, home: Path, text: str) -> None:
    assert _home_paths(_write(repo / "AGENTS.md", text), home) == []


@pytest.mark.parametrize(
    ("text", "prefix"),
    [
        ("/Users/alice", "/Users/alice"),
        ("x /home/bob.\n", "/home/bob"),
        ("(C:/Users/eve/x)", "C:/Users/eve"),
        ('"C:\\\\Users\\\\dan\\\\x"', "C:\\\\Users\\\\dan"),
        ("/home/john.doe/x", "/home/john.doe"),
        ("path: /home/ann;", "/home/ann"),
    ],
)
def test_the_home_prefix_is_the_span(repo: Path, home: Path, text: str, prefix: str) -> None:
    (finding,) = _home_paths(_write(repo / "AGENTS.md", text), home)
    assert text[finding.start : finding.end] == prefix
