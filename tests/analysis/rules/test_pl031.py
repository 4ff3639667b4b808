"""PL031 (never-loaded) beyond its fixtures: exact messages, spans and fixes at
the edges of what it reports.

Its positive and negative cases are files in ``tests/analysis/testdata/PL031/``
(run by ``tests/analysis/test_fixtures.py``); ``scripts/test --rule PL031`` runs
this module, those fixtures and its docs check.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.agents.registry import PROFILES
from promptls.analysis import analyze
from promptls.analysis.agents import analyze_for_agents
from promptls.analysis.model import Finding, Related, Severity
from promptls.analysis.settings import Settings
from promptls.discovery import Discovery, discover
from promptls.discovery.never_loaded import SkillDepth, SkillPrecedence
from promptls.text.mapper import Mapper
from tests.positions import ENCODINGS, encoded_position, units

# PL031 and PL032 where fixtures cannot reach: a home with user skills, several set-up
# agents at once, Git's ignore rules, severities and positions in every encoding.
#
# The fixtures (testdata/PL031, PL032) hold the single-agent cases with an empty home;
# these build small repositories in a temporary folder.


SKILL = "---\nname: {}\ndescription: Formats the code.\n---\n\nRun it.\n"


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
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


def test_agent_md_is_quiet_where_a_set_up_agent_reads_it(repo: Path, home: Path) -> None:
    """The Continue CLI reads AGENT.md in its working folder (oracle: "continue: agent
    file sent as read"), so with it set up the file is loaded, not a misspelling."""
    _set_up(repo, "claude")
    legacy = _write(repo / "AGENT.md", "# Notes for agents\n")
    assert len(_check(legacy, home, "PL031")) == 1
    _set_up(repo, "continue")
    assert _check(legacy, home, "PL031") == []


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


# PL031 and PL032 to the letter: whole messages, related spans, the edges of each case.
#
# Written after a mutation run (docs/mutation.md): each test pins one thing a user sees,
# the exact wording of a finding or a case at the boundary of a behaviour.


def _source(behaviour: SkillPrecedence | SkillDepth | None) -> str:
    """The citation an agent's home gives a loader behaviour."""
    assert behaviour is not None
    return behaviour.source


GEMINI_SKILLS = _source(PROFILES["gemini"].skill_precedence)


CLAUDE_SKILLS = _source(PROFILES["claude"].skill_precedence)


# -- PL031: whole messages -----------------------------------------------------------------
def test_the_shadowed_skill_message_and_related_span(repo: Path, home: Path) -> None:
    _set_up(repo, "gemini")
    winner = _write(repo / ".agents/skills/fmt/SKILL.md", SKILL.format("my  fmt"))
    loser = _write(repo / ".gemini/skills/fmt2/SKILL.md", SKILL.format("my fmt"))
    (finding,) = _check(loser, home, "PL031")
    assert finding.message == (
        "this skill is never listed: Gemini CLI lists only the `my fmt` of "
        f"../../../.agents/skills/fmt/SKILL.md, which it prefers ({GEMINI_SKILLS})"
    )
    assert finding.related == (Related(0, 0, "the `my fmt` Gemini CLI lists", str(winner)),)


def test_the_shadowed_command_message_and_related_span(repo: Path, home: Path) -> None:
    skill = _write(repo / ".claude/skills/deploy/SKILL.md", "---\ndescription: d\n---\n")
    command = _write(repo / ".claude/commands/deploy.md", "Deploy.\n")
    (finding,) = _check(command, home, "PL031")
    assert finding.message == (
        "Claude Code never runs this command: the skill `deploy` "
        f"(../skills/deploy/SKILL.md) has its name, and a skill wins over a command "
        f"({CLAUDE_SKILLS})"
    )
    assert finding.related == (Related(0, 0, "the skill `/deploy` runs instead", str(skill)),)


def test_the_too_deep_message_names_every_agent_that_misses_it(repo: Path, home: Path) -> None:
    _set_up(repo, "gemini", "codex")
    deep = _write(repo / ".agents/skills/.drafts/lint/SKILL.md", SKILL.format("lint"))
    (finding,) = _check(deep, home, "PL031")
    assert finding.message == (
        "this SKILL.md is never listed: OpenAI Codex CLI looks at most 6 folder(s) below "
        ".agents/skills and this one is inside a folder starting with '.' "
        f"({_source(PROFILES['codex'].skill_depth)}); Gemini CLI looks at most 1 folder(s) below "
        f".agents/skills and this one is 2 folders deep ({_source(PROFILES['gemini'].skill_depth)})"
    )
    assert finding.related == ()


def test_the_agent_md_message_names_each_agent_and_its_source(repo: Path, home: Path) -> None:
    _set_up(repo, "claude", "gemini")
    legacy = _write(repo / "AGENT.md", "# Notes\n")
    (finding,) = _check(legacy, home, "PL031")
    claude, gemini = PROFILES["claude"], PROFILES["gemini"]
    assert finding.message == (
        "no agent this repository is set up for loads AGENT.md (the AGENTS.md convention's "
        "name is plural (agents.md); of the modelled loaders only the Continue CLI's reads "
        "AGENT.md, and the others only when their settings "
        f"name it): Claude Code reads CLAUDE.md, .claude/CLAUDE.md, AGENTS.md, .claude/AGENTS.md "
        f"({claude.sources[0]}); Gemini CLI reads GEMINI.md ({gemini.sources[0]}). Rename "
        "it to AGENTS.md"
    )


def test_agent_md_is_judged_on_its_own_entry_not_on_other_loaded_files(
    repo: Path, home: Path
) -> None:
    """A user-level CLAUDE.md is loaded, and is not AGENT.md."""
    _set_up(repo, "claude")
    _write(home / ".claude/CLAUDE.md", "# Mine\n")
    legacy = _write(repo / "AGENT.md", "# Notes\n")
    assert len(_check(legacy, home, "PL031")) == 1


# -- PL031: the edges of each case ---------------------------------------------------------
def test_a_skills_folder_holding_a_skill_itself_does_not_hide_deeper_ones(
    repo: Path, home: Path
) -> None:
    _set_up(repo, "gemini")
    _write(repo / ".gemini/skills/SKILL.md", SKILL.format("top"))
    deep = _write(repo / ".gemini/skills/tools/lint/SKILL.md", SKILL.format("lint"))
    assert len(_check(deep, home, "PL031")) == 1


def test_a_reference_file_in_a_deep_or_shadowed_skill_is_quiet(repo: Path, home: Path) -> None:
    _set_up(repo, "gemini")
    _write(repo / ".agents/skills/fmt/SKILL.md", SKILL.format("fmt"))
    _write(repo / ".gemini/skills/fmt/SKILL.md", SKILL.format("fmt"))
    notes = _write(repo / ".gemini/skills/fmt/notes.md", "# Notes\n")
    deep = _write(repo / ".gemini/skills/tools/lint/reference.md", "# Reference\n")
    assert _check(notes, home, "PL031") == []
    assert _check(deep, home, "PL031") == []


def test_an_agent_reading_other_folders_does_not_keep_a_skill_alive(repo: Path, home: Path) -> None:
    """Codex and Copilot are set up too, but neither reads .gemini/skills."""
    _set_up(repo, "gemini", "codex")
    _write(repo / ".github/copilot-instructions.md", "# Copilot\n")
    _write(repo / ".agents/skills/fmt/SKILL.md", SKILL.format("fmt"))
    loser = _write(repo / ".gemini/skills/fmt/SKILL.md", SKILL.format("fmt"))
    deep = _write(repo / ".gemini/skills/tools/lint/SKILL.md", SKILL.format("lint"))
    assert len(_check(loser, home, "PL031")) == 1
    assert len(_check(deep, home, "PL031")) == 1


def test_claude_and_codex_set_up_a_personal_skill_still_hides_the_projects(
    repo: Path, home: Path
) -> None:
    _set_up(repo, "claude", "codex")
    project = _personal_clash(repo, home)
    assert len(_check(project, home, "PL031")) == 1


def test_a_folder_without_a_skill_before_the_winner_is_skipped(repo: Path, home: Path) -> None:
    _set_up(repo, "gemini")
    (repo / ".agents/skills/aaa-not-a-skill").mkdir(parents=True)
    _write(repo / ".agents/skills/fmt/SKILL.md", SKILL.format("fmt"))
    loser = _write(repo / ".gemini/skills/fmt/SKILL.md", SKILL.format("fmt"))
    assert len(_check(loser, home, "PL031")) == 1


def test_claude_compares_names_as_written(repo: Path, home: Path) -> None:
    """Only Gemini CLI replaces ':' in a name; for Claude `a:b` and `a-b` differ."""
    _set_up(repo, "claude")
    _write(home / ".claude/skills/x/SKILL.md", SKILL.format("ci-check"))
    project = _write(repo / ".claude/skills/y/SKILL.md", SKILL.format("ci:check"))
    assert _check(project, home, "PL031") == []


def test_without_a_home_workspace_skills_still_shadow(repo: Path) -> None:
    """A discovery that found no home: the user folders are skipped, not guessed."""
    loser = _gemini_clash(repo)
    discovery = discover(loser.parent, "gemini", home=None, environ={})
    assert discovery.home is None
    settings = Settings(select=("PL031",), profile="gemini")
    found = analyze(loser.read_text(), path=str(loser), settings=settings, discovery=discovery)
    assert len(found.findings) == 1


def test_without_a_discovery_the_users_home_is_asked(repo: Path, home: Path) -> None:
    """A library call with no discovery: user skills come from $HOME."""
    project = _personal_clash(repo, home)
    settings = Settings(select=("PL031",), profile="claude")
    found = analyze(project.read_text(), path=str(project), settings=settings)
    assert len(found.findings) == 1


def test_a_markdown_file_in_a_nested_commands_folder_is_no_command(repo: Path, home: Path) -> None:
    _write(repo / ".claude/skills/deploy/SKILL.md", SKILL.format("deploy"))
    _write(home / ".claude/skills/deploy/SKILL.md", SKILL.format("deploy"))
    other = _write(repo / "docs/commands/deploy.md", "How we deploy.\n")
    assert _check(other, home, "PL031") == []


def test_a_repository_inside_the_home_folder_is_not_personal(tmp_path: Path) -> None:
    home = tmp_path / "home"
    repo = home / "src" / "repo"
    (repo / ".git").mkdir(parents=True)
    shared = _write(repo / "AGENTS.md", "Build in /Users/alice/build\n")
    assert [f.severity for f in _home_paths(shared, home)] == [Severity.WARNING]


@pytest.mark.parametrize(
    "name", ["your_account", "my-login", "my_login", "user42", "abxxx", "$LOGNAME", "%LOGIN%"]
)
def test_placeholder_shapes_stay_quiet(repo: Path, home: Path, name: str) -> None:
    shared = _write(repo / "AGENTS.md", f"Clone into /home/{name}/src\n")
    assert _home_paths(shared, home) == []


@pytest.mark.parametrize(
    "text",
    [
        "https://x.com/home/a/b and /Users/bob/x\n",
        "/home/user/x then /Users/bob/y\n",
        "src/home/a/x then /Users/bob/y\n",
        "❌ /Users/a/x\n\n\n\nrun /Users/bob/x\n",
    ],
    ids=["url", "placeholder", "relative", "counter-example"],
)
def test_a_skipped_path_does_not_end_the_search(repo: Path, home: Path, text: str) -> None:
    (finding,) = _home_paths(_write(repo / "AGENTS.md", text), home)
    assert text[finding.start : finding.end] == "/Users/bob"


@pytest.mark.parametrize(
    ("text", "quiet"),
    [
        ("❌\nl1\nl2\n/Users/bob/x\n", False),  # three lines above: out of reach
        ("❌\nl1\n\n/Users/bob/x\n", False),  # an empty line counts as a line
        ("❌\nl1\n/Users/bob/x\n", True),  # two lines above
        ("intro\n❌ /Users/bob/x\n", True),  # the marker opens the path's own line
        ("❌ /Users/bob/x\nmore\n", True),  # on the first line of the text
        ("/Users/bob/x ❌", True),  # the last line, no line break
        ("/Users/bob/x\n❌\n", False),  # below: not about this line
    ],
    ids=[
        "three-above",
        "empty-line-between",
        "two-above",
        "own-line",
        "first-line",
        "last-line",
        "below",
    ],
)
def test_the_counter_example_window(repo: Path, home: Path, text: str, quiet: bool) -> None:
    found = _home_paths(_write(repo / "AGENTS.md", text), home)
    assert (found == []) is quiet


def test_a_command_checked_without_a_home_still_meets_the_projects_skill(repo: Path) -> None:
    _write(repo / ".claude/skills/deploy/SKILL.md", SKILL.format("deploy"))
    command = _write(repo / ".claude/commands/deploy.md", "Deploy.\n")
    discovery = discover(command.parent, "claude", home=None, environ={})
    settings = Settings(select=("PL031",), profile="claude")
    found = analyze(command.read_text(), path=str(command), settings=settings, discovery=discovery)
    assert len(found.findings) == 1


def test_a_skill_directly_in_a_nested_skills_folder_is_judged_there(repo: Path, home: Path) -> None:
    _set_up(repo, "gemini")
    nested = _write(repo / ".agents/skills/a/b/.gemini/skills/SKILL.md", SKILL.format("n"))
    assert _check(nested, home, "PL031") == []


def test_agent_md_is_asked_of_the_discoverys_home(repo: Path, home: Path, tmp_path: Path) -> None:
    """The discovery's home names AGENT.md in Gemini's settings; $HOME does not."""
    other = tmp_path / "other-home"
    _write(other / ".gemini/settings.json", '{"context": {"fileName": ["AGENT.md"]}}\n')
    _set_up(repo, "gemini")
    legacy = _write(repo / "AGENT.md", "# Notes\n")
    discovery = discover(repo, "gemini", home=other, environ={})
    settings = Settings(select=("PL031",), profile="gemini")
    found = analyze(legacy.read_text(), path=str(legacy), settings=settings, discovery=discovery)
    assert found.findings == ()
    bare = analyze(legacy.read_text(), path=str(legacy), settings=settings)
    assert len(bare.findings) == 1


# PL031: the skill names Gemini CLI rewrites before it compares them.
#
# Gemini CLI replaces each of ``: \ / < > * ? " |`` in a skill's front matter ``name``
# with ``-``, so ``db:migrate`` in ``.gemini/skills`` is hidden by ``db-migrate`` in the
# preferred ``.agents/skills``. Written against the variants of ``_GEMINI_UNSAFE`` that
# drop a character from the class (docs/mutation.md, "Module-level patterns").


@pytest.mark.parametrize("char", [":", "\\", "/", "<", ">", "*", "?", '"', "|"])
def test_a_name_gemini_rewrites_is_hidden_by_the_rewritten_name(
    repo: Path, home: Path, char: str
) -> None:
    _set_up(repo, "gemini")
    winner = _write(repo / ".agents/skills/one/SKILL.md", SKILL.format("db-migrate"))
    loser = _write(repo / ".gemini/skills/two/SKILL.md", SKILL.format(f"db{char}migrate"))
    (finding,) = _check(loser, home, "PL031")
    assert finding.message == (
        "this skill is never listed: Gemini CLI lists only the `db-migrate` of "
        f"../../../.agents/skills/one/SKILL.md, which it prefers ({GEMINI_SKILLS})"
    )
    assert finding.related == (Related(0, 0, "the `db-migrate` Gemini CLI lists", str(winner)),)
    assert (finding.start, finding.end) == (0, 3)  # the first line, `---`


@pytest.mark.parametrize("name", ["db.migrate", "db_migrate", "db migrate", "db+migrate"])
def test_other_characters_keep_the_names_apart(repo: Path, home: Path, name: str) -> None:
    _set_up(repo, "gemini")
    _write(repo / ".agents/skills/one/SKILL.md", SKILL.format("db-migrate"))
    loser = _write(repo / ".gemini/skills/two/SKILL.md", SKILL.format(name))
    assert _check(loser, home, "PL031") == []
