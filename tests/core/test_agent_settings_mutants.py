"""The agents' settings files as users meet them. Comments in ``settings.json`` (JSON with
comments, as gemini-cli and Claude Code read it): blanked outside strings, kept inside
them, line numbers unchanged so a problem's line still points at the user's line. codex's
``config.toml``: each value shown with the file it came from (``default`` for a built-in
one), each unusable value or file reported with its path, sentence and line.

Written against the mutants of ``discovery/agent_settings.py`` that survived the rest
of the suite (docs/mutation.md).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.context import Discovery, discover
from promptls.discovery.agent_settings import AgentSetting, SettingsProblem, strip_comments
from tests.core.helpers import write


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
