"""PL031 and PL032 to the letter: whole messages, related spans, the edges of each case.

Written after a mutation run (docs/mutation.md): each test pins one thing a user sees,
the exact wording of a finding or a case at the boundary of a behaviour.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.agents.registry import PROFILES
from promptls.analysis import analyze
from promptls.analysis.model import Related, Severity
from promptls.analysis.settings import Settings
from promptls.discovery import discover
from promptls.discovery.never_loaded import SKILL_DEPTH, SKILL_PRECEDENCE

from .test_never_loaded_and_home_paths import (
    SKILL,
    _check,
    _gemini_clash,
    _home_paths,
    _personal_clash,
    _set_up,
    _write,
    home,
    repo,
)

__all__ = ["home", "repo"]  # fixtures shared with the behaviour tests

GEMINI_SKILLS = SKILL_PRECEDENCE["gemini"].source
CLAUDE_SKILLS = SKILL_PRECEDENCE["claude"].source


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
        f"({SKILL_DEPTH['codex'].source}); Gemini CLI looks at most 1 folder(s) below "
        f".agents/skills and this one is 2 folders deep ({SKILL_DEPTH['gemini'].source})"
    )
    assert finding.related == ()


def test_the_agent_md_message_names_each_agent_and_its_source(repo: Path, home: Path) -> None:
    _set_up(repo, "claude", "gemini")
    legacy = _write(repo / "AGENT.md", "# Notes\n")
    (finding,) = _check(legacy, home, "PL031")
    claude, gemini = PROFILES["claude"], PROFILES["gemini"]
    assert finding.message == (
        "no agent this repository is set up for loads AGENT.md (the AGENTS.md convention's "
        "name is plural (agents.md); no profile's loader reads AGENT.md unless its settings "
        f"name it): Claude Code reads CLAUDE.md, .claude/CLAUDE.md, AGENTS.md "
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


# -- PL032: whole messages, fixes and edges ------------------------------------------------


def test_the_prose_import_and_personal_messages(repo: Path, home: Path) -> None:
    shared = _write(repo / "CLAUDE.md", "Build in /Users/alice/build\n@/Users/alice/x.md\n")
    prose, imported = _home_paths(shared, home)
    assert prose.message == (
        "a path into one person's home folder (/Users/alice): it exists on one machine "
        "only; on every other, the agent is told about a folder that is not there; write "
        "it as ~/ or relative to the repository"
    )
    assert imported.message == (
        "an import from one person's home folder (/Users/alice): no other machine has "
        "this file, so the import loads nothing there; write it as ~/ or relative to the "
        "repository"
    )
    assert prose.fix is not None and prose.fix.title == "Replace /Users/alice/ with ~/"
    local = _write(repo / "CLAUDE.local.md", "@/Users/alice/x.md\n")
    (mine,) = _home_paths(local, home)
    assert mine.message == (
        "an import from one person's home folder (/Users/alice): a personal file, so only "
        "its author reads it; write it as ~/ or relative to the repository"
    )


def test_without_a_discovery_the_profile_decides_the_import_fix(tmp_path: Path) -> None:
    text = "@/Users/alice/notes.md\n"
    path = str(tmp_path / "GEMINI.md")
    (gemini,) = analyze(
        text, path=path, settings=Settings(select=("PL032",), profile="gemini")
    ).findings
    (claude,) = analyze(
        text, path=path, settings=Settings(select=("PL032",), profile="claude")
    ).findings
    assert gemini.fix is None
    assert claude.fix is not None
    assert claude.severity is Severity.WARNING


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
