"""The agents' own settings files as users meet them and as ``promptls context`` shows
them: values, sources, problems, comments in ``settings.json``, and what they change in
discovery (``discovery/agent_settings.py`` and each home's ``settings.py`` and ``discovery.py``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from promptls.agents.claude.settings import claude_config
from promptls.agents.gemini.settings import gemini_config
from promptls.context import Discovery, Entry, EntryStatus, discover
from promptls.discovery.agent_settings import AgentSetting, SettingsProblem, strip_comments
from tests.core.helpers import write

# The agents' settings files as users meet them. Comments in ``settings.json`` (JSON with
# comments, as gemini-cli and Claude Code read it): blanked outside strings, kept inside
# them, line numbers unchanged so a problem's line still points at the user's line. codex's
# ``config.toml``: each value shown with the file it came from (``default`` for a built-in
# one), each unusable value or file reported with its path, sentence and line.
#
# Written against the mutants of ``discovery/agent_settings.py`` that survived the rest
# of the suite (docs/mutation.md).


@pytest.mark.parametrize(
    ("text", "stripped"),
    [
        ('{"a": "x\\"//y", // c\n"b": 1}', '{"a": "x\\"//y", \n"b": 1}'),
        ('{"a": "/* no */"}', '{"a": "/* no */"}'),
        ('"\\\\" // c', '"\\\\" '),
        ('"a\\', '"a\\'),
        ("a // c", "a "),
        ("a/* x\ny */b", "a    \n    b"),
        ("a/**/b", "a    b"),
        ("a/*/ b */c", "a        c"),
        ("a/* x\ny", "a    \n "),
        ("a/* x */b/* y */c", "a       b       c"),
    ],
)
def test_comments_are_blanked_outside_strings_keeping_lines(text: str, stripped: str) -> None:
    assert strip_comments(text) == stripped


# -- codex's config.toml as `promptls context` shows it ----------------------------------
def codex(tree: Path, *, home: Path | None = None) -> Discovery:
    """Discover as codex in ``tree/ws`` (a repository), ``tree/home`` as home by default."""
    (tree / "ws/.git").mkdir(parents=True, exist_ok=True)
    return discover(tree / "ws", "codex", home=home, environ={"HOME": str(tree / "home")})


def user_config(tree: Path, text: str | bytes) -> str:
    return str(write(tree / "home/.codex/config.toml", text))


def test_codex_defaults_are_shown_with_default_as_their_source(tree: Path) -> None:
    d = codex(tree)
    assert d.settings == (
        AgentSetting("project_doc_max_bytes", "32768", "default"),
        AgentSetting("project_doc_fallback_filenames", "[]", "default"),
        AgentSetting("project_root_markers", '[".git"]', "default"),
    )
    assert d.problems == ()


def test_codex_without_a_home_shows_its_defaults(tree: Path) -> None:
    write(tree / "ws/AGENTS.md", "rules")
    (tree / "ws/.git").mkdir(parents=True)
    d = discover(tree / "ws", "codex", environ={})
    assert [s.source for s in d.settings] == ["default"] * 3
    assert [f.path for f in d.files] == [str(tree / "ws/AGENTS.md")]


def test_codex_fallback_names_are_shown_as_toml_spells_them(tree: Path) -> None:
    path = user_config(tree, 'project_doc_fallback_filenames = ["TEAM.md", " ", "OPS.md"]\n')
    d = codex(tree)
    assert d.settings[1] == AgentSetting(
        "project_doc_fallback_filenames", '["TEAM.md", "OPS.md"]', path
    )


def test_codex_values_of_the_wrong_shape_are_reported_and_the_defaults_apply(tree: Path) -> None:
    path = user_config(
        tree,
        "project_doc_max_bytes = -1\n"
        'project_doc_fallback_filenames = "TEAM.md"\n'
        'project_root_markers = ".hg"\n',
    )
    write(tree / "ws/T", "not a fallback name")
    d = codex(tree)
    assert d.problems == (
        SettingsProblem(path, "project_doc_max_bytes must be a non-negative integer"),
        SettingsProblem(path, "project_doc_fallback_filenames must be an array of strings"),
        SettingsProblem(path, "project_root_markers must be an array of strings (codex uses .git)"),
    )
    assert [s.source for s in d.settings] == ["default"] * 3
    assert d.files == ()


def test_a_broken_project_layer_is_reported_with_its_line(tree: Path) -> None:
    layer = write(tree / "ws/.codex/config.toml", "project_doc_max_bytes = 10\nx =")
    user_config(tree, f'[projects."{tree / "ws"}"]\ntrust_level = "trusted"\n')
    d = codex(tree)
    assert d.problems == (SettingsProblem(str(layer), "invalid TOML: Invalid value", 2),)
    assert d.settings[0] == AgentSetting("project_doc_max_bytes", "32768", "default")


@pytest.mark.parametrize(
    ("text", "message", "line"),
    [
        # tomllib says "at end of document": the line is the document's last, even line 1.
        ("x =", "Invalid value", 1),
        ("x =\n\n\n", "Invalid value", 1),
        # A quoted key holding tomllib's own position words: the last "(at line" counts.
        ('[" (at line 7"]\na = 1\n[" (at line 7"]\n', "Cannot declare (' (at line 7',) twice", 3),
    ],
)
def test_a_toml_problem_keeps_its_sentence_and_its_line(
    tree: Path, text: str, message: str, line: int
) -> None:
    path = user_config(tree, text)
    assert codex(tree).problems == (SettingsProblem(path, f"invalid TOML: {message}", line),)


def test_an_untrusted_project_is_shown_with_the_file_that_says_so(tree: Path) -> None:
    ws = tree / "ws"
    path = user_config(tree, f'[projects."{ws}"]\ntrust_level = "untrusted"\n')
    d = codex(tree)
    assert d.settings[-1] == AgentSetting("trust_level", "untrusted", path)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot be read: a directory, not a file"),
        (b"project_doc_max_bytes = 1\n# caf\xe9\n", "not valid UTF-8 at byte 31"),
        ("# " + "x" * (256 * 1024) + "\n", "not read: larger than the 256 KiB promptls reads"),
    ],
)
def test_a_settings_file_that_cannot_be_used_says_why(
    tree: Path, content: str | bytes | None, message: str
) -> None:
    path = tree / "home/.codex/config.toml"
    if content is None:
        path.mkdir(parents=True)
    else:
        write(path, content)
    d = codex(tree)
    assert [str(p) for p in d.problems] == [f"{path}: {message}"]
    assert d.settings[0] == AgentSetting("project_doc_max_bytes", "32768", "default")


# The agents' settings as ``promptls context`` shows them: values, sources, problems.
#
# Pinned by the mutation run: which file a value came from, the word ``default`` for a
# built-in value, and the exact sentence a malformed key gets are what a user reads.


def _write(path: Path, data: object) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_gemini_defaults_are_shown_as_default(tmp_path: Path) -> None:
    config = gemini_config(str(tmp_path / "user"), str(tmp_path / "ws"), str(tmp_path))
    assert config.names == ("GEMINI.md",)
    assert config.markers == (".git",)
    assert config.shown == (
        AgentSetting("context.fileName", '["GEMINI.md"]', "default"),
        AgentSetting("context.memoryBoundaryMarkers", '[".git"]', "default"),
    )
    assert config.problems == ()


def test_gemini_without_a_user_folder_or_a_home_reads_the_workspace_layer(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    path = _write(ws / ".gemini" / "settings.json", {"context": {"fileName": "AGENTS.md"}})
    config = gemini_config(None, str(ws), None)
    assert config.names == ("AGENTS.md", "GEMINI.md")
    assert config.shown[0] == AgentSetting("context.fileName", '["AGENTS.md", "GEMINI.md"]', path)
    assert config.watched == (path,)


def test_gemini_workspace_names_go_in_front_of_the_user_names(tmp_path: Path) -> None:
    user, ws = tmp_path / "user", tmp_path / "ws"
    _write(user / "settings.json", {"context": {"fileName": ["USER.md"]}})
    ws_path = _write(ws / ".gemini" / "settings.json", {"context": {"fileName": "WS.md"}})
    config = gemini_config(str(user), str(ws), str(tmp_path))
    assert config.names == ("WS.md", "USER.md", "GEMINI.md")
    assert config.shown[0].source == ws_path


def test_gemini_markers_drop_absolute_names_and_names_with_dotdot(tmp_path: Path) -> None:
    user = tmp_path / "user"
    path = _write(
        user / "settings.json",
        {"context": {"memoryBoundaryMarkers": ["/abs/.git", ".git", "../up", "a/../b", ".hg"]}},
    )
    config = gemini_config(str(user), str(tmp_path / "ws"), str(tmp_path))
    assert config.markers == (".git", ".hg")
    assert config.shown[1] == AgentSetting("context.memoryBoundaryMarkers", '[".git", ".hg"]', path)


def test_gemini_keys_of_the_wrong_shape_are_reported_and_defaults_kept(tmp_path: Path) -> None:
    user = tmp_path / "user"
    path = _write(user / "settings.json", {"context": {"fileName": 5, "memoryBoundaryMarkers": 7}})
    config = gemini_config(str(user), str(tmp_path / "ws"), str(tmp_path))
    assert config.names == ("GEMINI.md",)
    assert config.markers == (".git",)
    assert config.problems == (
        SettingsProblem(path, "context.fileName must be a string or a list of strings"),
        SettingsProblem(path, "context.memoryBoundaryMarkers must be a list of strings"),
    )
    assert [s.source for s in config.shown] == ["default", "default"]


def test_a_broken_gemini_settings_file_says_that_gemini_refuses_it(tmp_path: Path) -> None:
    user = tmp_path / "user"
    user.mkdir()
    (user / "settings.json").write_text('{\n  "context": \n}\n', encoding="utf-8")
    config = gemini_config(str(user), str(tmp_path / "ws"), str(tmp_path))
    (problem,) = config.problems
    assert problem.line == 3
    assert problem.message.endswith("(gemini-cli refuses to start with this file)")
    assert config.names == ("GEMINI.md",)


def _claude_layers(tmp_path: Path) -> tuple[Path, Path, Path]:
    return tmp_path / "etc", tmp_path / "home" / ".claude", tmp_path / "ws"


def test_claude_merges_excludes_from_every_layer_and_the_managed_file_sets_the_mode(
    tmp_path: Path,
) -> None:
    managed, user, ws = _claude_layers(tmp_path)
    plugin = {"agents-md@builtin": {"options": {"instructionFiles": "claude-md"}}}
    managed_path = _write(
        managed / "managed-settings.json",
        {"claudeMdExcludes": ["**/vendor/**"], "pluginConfigs": plugin},
    )
    user_path = _write(user / "settings.json", {"claudeMdExcludes": ["  ", "/abs/CLAUDE.md"]})
    project_plugin = {"agents-md@builtin": {"options": {"instructionFiles": "managed-only"}}}
    local_path = _write(
        ws / ".claude" / "settings.local.json",
        {"claudeMdExcludes": ["**/other/*"], "pluginConfigs": project_plugin},
    )
    config = claude_config(str(managed), str(user), str(ws))
    # The project layers cannot choose the mode; the managed file can.
    assert config.instruction_files == "claude-md"
    assert config.shown == (
        AgentSetting("instructionFiles", "claude-md", managed_path),
        AgentSetting("claudeMdExcludes", "**/vendor/**", managed_path),
        AgentSetting("claudeMdExcludes", "/abs/CLAUDE.md", user_path),
        AgentSetting("claudeMdExcludes", "**/other/*", local_path),
    )
    assert config.problems == ()


def test_claude_default_mode_is_shown_as_default(tmp_path: Path) -> None:
    managed, _, ws = _claude_layers(tmp_path)
    config = claude_config(str(managed), None, str(ws))
    assert config.shown == (AgentSetting("instructionFiles", "claude-md-or-agents-md", "default"),)
    assert str(managed / "managed-settings.json") in config.watched


def test_claude_settings_of_the_wrong_shape_are_reported(tmp_path: Path) -> None:
    managed, user, ws = _claude_layers(tmp_path)
    plugin = {"agents-md@builtin": {"options": {"instructionFiles": "agents-only"}}}
    settings = {"claudeMdExcludes": "CLAUDE.md", "pluginConfigs": plugin}
    path = _write(user / "settings.json", settings)
    (ws / ".claude").mkdir(parents=True)
    (ws / ".claude" / "settings.json").write_text("[1]", encoding="utf-8")
    config = claude_config(str(managed), str(user), str(ws))
    assert config.instruction_files == "claude-md-or-agents-md"
    assert [str(p) for p in config.problems] == [
        f"{path}: claudeMdExcludes must be a list of strings",
        f"{path}: instructionFiles 'agents-only' is not one of claude-md-or-agents-md, "
        "claude-md-and-agents-md, claude-md, managed-only",
        f"{ws / '.claude' / 'settings.json'}: not a JSON object (Claude Code ignores this file)",
    ]


# How the agents' own settings show in ``promptls context``: the reason of an AGENTS.md
# Claude Code passes over, the machine-wide ``managed-settings.json`` found under the
# system root, the source named in codex's budget note and in its untrusted-project reason.
#
# Written against the mutants of the settings hooks (``agents/<home>/discovery.py``)
# that survived the rest of the suite (docs/mutation.md).


def entry(d: Discovery, path: Path) -> Entry:
    [found] = [e for e in d.entries if e.path == str(path)]
    return found


def claude(tree: Path) -> Discovery:
    (tree / "ws/.git").mkdir(parents=True, exist_ok=True)
    return discover(tree / "ws", "claude", home=tree / "home", environ={}, system_root=tree / "sys")


def codex_with_config(tree: Path, config: str = "", cwd: str = "ws") -> Discovery:
    (tree / "h").mkdir(exist_ok=True)
    if config:
        write(tree / "h/config.toml", config + "\n")
    return discover(
        tree / cwd, "codex", home=tree / "home", environ={"CODEX_HOME": str(tree / "h")}
    )


def test_agents_md_beside_whitespace_claude_md_loads(tree: Path) -> None:
    """Oracle scenario "claude: whitespace-only CLAUDE.md falls back to AGENTS.md"."""
    write(tree / "ws/CLAUDE.md", "  \n\n")
    agents = write(tree / "ws/AGENTS.md", "agents")
    assert entry(claude(tree), agents).status is EntryStatus.LOADED


def test_agents_md_beside_claude_md_is_skipped_with_the_default_mode_named(tree: Path) -> None:
    write(tree / "ws/CLAUDE.md", "claude")
    agents = write(tree / "ws/AGENTS.md", "agents")
    assert entry(claude(tree), agents).reason == (
        "skipped: a CLAUDE file with text exists in a folder of the walk, and Claude Code "
        "reads AGENTS.md only where none does (instructionFiles = claude-md-or-agents-md, "
        "the default since 2.1.277)"
    )


def test_managed_settings_are_read_under_the_system_root(tree: Path) -> None:
    managed = write(
        tree / "sys/etc/claude-code/managed-settings.json",
        json.dumps({"claudeMdExcludes": ["**/ws/CLAUDE.md"]}),
    )
    own = write(tree / "ws/CLAUDE.md", "own")
    d = claude(tree)
    [shown] = [s for s in d.settings if s.key == "claudeMdExcludes"]
    assert shown.source == str(managed)
    assert entry(d, own).status is EntryStatus.SKIPPED


def test_a_cut_by_the_default_budget_names_no_source(tree: Path) -> None:
    doc = write(tree / "ws/AGENTS.md", "x" * 40_000)
    assert entry(codex_with_config(tree), doc).reason == (
        "cut at byte 32768: codex's 32 KiB budget for all project instruction files "
        "runs out in this file"
    )


def test_an_untrusted_project_names_the_file_that_says_so(tree: Path) -> None:
    doc = write(tree / "ws/AGENTS.md", "project doc")
    config = f'[projects."{tree / "ws"}"]\ntrust_level = "untrusted"'
    assert entry(codex_with_config(tree, config), doc).reason == (
        f"dropped: {tree / 'h/config.toml'} marks this project untrusted, and codex loads "
        "no project files for an untrusted project"
    )


def test_trust_is_looked_up_for_the_project_root_and_for_the_folder(tree: Path) -> None:
    write(tree / "ws/.git", "")
    doc = write(tree / "ws/sub/AGENTS.md", "project doc")
    for trusted in ("ws", "ws/sub"):
        config = f'[projects."{tree / trusted}"]\ntrust_level = "untrusted"'
        assert (
            entry(codex_with_config(tree, config, "ws/sub"), doc).status is EntryStatus.DROPPED
        ), trusted


def test_gemini_in_the_home_folder_reads_its_user_settings_once(tree: Path) -> None:
    write(tree / "home/.gemini/settings.json", "{broken")
    d = discover(tree / "home", "gemini", home=tree / "home", environ={})
    assert [p.path for p in d.problems] == [str(tree / "home/.gemini/settings.json")]
