"""Config: lenient settings for editors, strict files for CI, nearest file wins, and
the globs of ``prompt-files``, ``instruction-files`` and ``exclude`` as users write them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.analysis import Severity
from promptls.analysis.globs import matches
from promptls.cli import main
from promptls.config import ConfigError, Settings, load_config, settings_from_mapping

# Config: lenient settings for editors, strict files for CI, nearest file wins.


def test_mapping_accepts_three_key_styles() -> None:
    for key in ("prompt-files", "prompt_files", "promptFiles"):
        settings, problems = settings_from_mapping({key: ["*.tpl"]}, source="x")
        assert problems == [] and settings.prompt_files == ("*.tpl",)


def test_bad_values_are_reported_by_key_and_defaults_kept() -> None:
    settings, problems = settings_from_mapping(
        {"select": ["PL999"], "profile": "nope", "severity": {"PL008": "loud"}, "colour": 1},
        source="editor",
    )
    assert settings == Settings()
    assert sorted(p.key for p in problems) == ["colour", "profile", "select", "severity"]
    assert all("editor" in str(p) for p in problems)


def test_null_values_mean_unset() -> None:
    base = Settings(profile="codex")
    settings, problems = settings_from_mapping({"profile": None, "model": None}, base=base)
    assert problems == [] and settings == base


def test_severity_and_markers() -> None:
    settings, problems = settings_from_mapping(
        {"severity": {"pl008": "error"}, "markers": ["<<SPLIT>>"]}
    )
    assert problems == []
    assert settings.severity == {"PL008": Severity.ERROR}
    assert settings.markers == ("<<SPLIT>>",)


def test_nearest_config_wins(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.promptls]\nprofile = "codex"\n')
    inner = tmp_path / "a" / "b"
    inner.mkdir(parents=True)
    (tmp_path / "a" / ".promptls.toml").write_text('profile = "claude"\n')
    assert load_config(inner).settings.profile == "claude"
    assert load_config(tmp_path).settings.profile == "codex"


def test_pyproject_without_table_is_skipped(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.promptls]\nmodel = "gpt-4o"\n')
    inner = tmp_path / "pkg"
    inner.mkdir()
    (inner / "pyproject.toml").write_text('[project]\nname = "x"\n')
    loaded = load_config(inner)
    assert loaded.settings.model == "gpt-4o" and loaded.path == tmp_path / "pyproject.toml"


def test_strict_errors_name_file_and_key(tmp_path: Path) -> None:
    config = tmp_path / ".promptls.toml"
    config.write_text('ignore = ["PL123"]\n')
    with pytest.raises(ConfigError) as info:
        load_config(tmp_path)
    assert info.value.key == "ignore" and info.value.file == str(config)


def test_check_exits_2_on_bad_config(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / ".promptls.toml").write_text('profile = "vim"\n')
    (tmp_path / "a.prompt").write_text("hello\n")
    monkeypatch.chdir(tmp_path)
    assert main(["check"]) == 2
    err = capsys.readouterr().err
    assert ".promptls.toml" in err and "profile" in err and err.count("\n") == 1


def test_broken_toml_exits_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "pyproject.toml").write_text("[tool.promptls\n")
    monkeypatch.chdir(tmp_path)
    assert main(["check"]) == 2
    assert "pyproject.toml" in capsys.readouterr().err


# The glob patterns of ``prompt-files``, ``instruction-files`` and ``exclude`` as users
# write them: Windows separators, a leading ``/`` that anchors the pattern at the start of
# the path, blank entries among real ones, and names that start like the mutation
# replacement text.
#
# Written from the session 6 mutation run of the memoised ``compile_globs``
# (docs/mutation.md, "Cache-decorated functions"), which no run had mutated before.


@pytest.mark.parametrize("path", ["ws/prompts/a.md", "C:\\ws\\prompts\\a.md"])
def test_a_pattern_written_with_backslashes(path: str) -> None:
    assert matches(path, ["prompts\\*.md"])
    assert not matches("ws/other/a.md", ["prompts\\*.md"])


@pytest.mark.parametrize("blank", ["", "   ", "/", "//"])
def test_a_blank_entry_does_not_end_the_list(blank: str) -> None:
    assert matches("ws/a.prompt", [blank, "*.prompt"])
    assert not matches("ws/a.prompt", [blank])


def test_a_leading_slash_anchors_a_folder_pattern_at_the_start() -> None:
    assert matches("docs/a.md", ["/docs/*.md"])
    assert not matches("ws/docs/a.md", ["/docs/*.md"])


def test_a_leading_slash_anchors_a_file_name() -> None:
    assert matches("a.md", ["/a.md"])
    assert not matches("ws/a.md", ["/a.md"])
    assert matches("ws/a.md", ["a.md"])


def test_a_trailing_slash_is_not_part_of_the_name() -> None:
    assert matches("ws/Xcode/a.md", ["Xcode/*.md/"])
    assert not matches("ws/code/a.md", ["Xcode/*.md"])
    assert not matches("ws/Xcode/a.md", ["X/*.md"])
