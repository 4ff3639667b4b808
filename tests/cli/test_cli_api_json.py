"""``promptls api-json`` and the files generated from it: the one source clients copy."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import pytest

from promptls.analysis.engine import document_kind
from promptls.analysis.model import DocumentKind
from promptls.analysis.settings import DEFAULT_SETTINGS, Settings
from promptls.apidesc.describe import api_description
from promptls.config import settings_from_mapping
from promptls.discovery import PROFILES, instruction_file_names
from tests.cli.conftest import run_cli

ROOT = Path(__file__).resolve().parents[2]


def _generator() -> ModuleType:
    """``scripts/gen_api.py`` as a module (scripts/ is not a package)."""
    spec = importlib.util.spec_from_file_location("gen_api", ROOT / "scripts" / "gen_api.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_api_json_prints_the_description() -> None:
    result = run_cli("api-json", home=None)
    assert result.code == 0 and result.err == ""
    assert json.loads(result.text) == json.loads(json.dumps(api_description()))


def test_committed_client_copies_match_the_generator() -> None:
    """Fails when package.json, api.ts, api.lua or docs/settings.md drift from
    ``promptls api-json``; ``scripts/gen-api`` rewrites them."""
    gen = _generator()
    stale = [str(p.relative_to(ROOT)) for p in gen.stale(gen.outputs())]
    assert stale == [], f"out of date, run scripts/gen-api: {stale}"


def test_a_changed_description_is_caught_as_drift() -> None:
    """The drift check is not vacuous: one renamed setting makes every copy stale."""
    gen = _generator()
    api = api_description()
    api["settings"][0]["key"] = "renamed"
    stale = {p.name for p in gen.stale(gen.outputs(api))}
    assert stale == {"package.json", "api.ts", "api.lua", "settings.md"}


def test_every_setting_is_described_and_its_keys_parse() -> None:
    """Each ``Settings`` field appears once, and both spellings the description gives
    (editor camelCase, config kebab-case) are accepted with the described default."""
    settings = api_description()["settings"]
    assert len(settings) == len(Settings.__dataclass_fields__)
    for setting in settings:
        assert setting["description"].strip()
        value = setting["default"]
        if value is None:
            continue
        for key in (setting["key"], setting["configKey"]):
            parsed, problems = settings_from_mapping({key: value})
            assert problems == [], (key, problems)
            assert parsed == DEFAULT_SETTINGS, key


def test_profiles_and_enum_follow_discovery() -> None:
    api = api_description()
    [profile] = [s for s in api["settings"] if s["key"] == "profile"]
    assert profile["enum"] == [*PROFILES, "auto"]
    assert profile["enum"][:-1] == [p["name"] for p in api["profiles"]]
    assert len(profile["enumDescriptions"]) == len(PROFILES) + 1
    assert profile["default"] is None  # unset: the agents the repository is set up for


def _example(glob: str) -> str:
    """A path a glob matches: ``**/`` as a folder, ``*`` as a name."""
    return "/w/" + glob.replace("**/", "sub/").replace("*", "x")


@pytest.mark.parametrize("glob", api_description()["instructionFiles"]["globs"])
def test_every_instruction_glob_is_an_instruction_file(glob: str) -> None:
    assert document_kind(_example(glob)) is DocumentKind.INSTRUCTION


def test_instruction_globs_cover_every_name_discovery_loads() -> None:
    globs = api_description()["instructionFiles"]["globs"]
    tails = {g.rsplit("/", 1)[-1] for g in globs}
    assert set(instruction_file_names()) <= tails


@pytest.mark.parametrize("glob", api_description()["promptFiles"]["globs"])
def test_every_prompt_glob_is_a_prompt_file(glob: str) -> None:
    assert document_kind(_example(glob)) is DocumentKind.PROMPT


@pytest.mark.parametrize(
    ("glob", "path", "hit"),
    [
        ("**/*.prompt", "/w/a.prompt", True),
        ("**/*.prompt", "/w/a.prompt.md", False),
        ("**/*.prompt.md", "/w/dir/a.prompt.md", True),
        ("**/*.prompt.md", "/w/dir/aXprompt.md", False),
        ("**/prompts/**/*.md", "/w/prompts/a.md", True),
        ("**/prompts/**/*.md", "/w/prompts/deep/a.md", True),
        ("**/prompts/**/*.md", "/w/notprompts/a.md", False),
    ],
)
def test_lua_patterns_match_what_the_globs_match(glob: str, path: str, hit: bool) -> None:
    """The Neovim plugin's filetype patterns (Lua patterns, anchored by vim.filetype)."""
    pattern = _generator().lua_pattern(glob)
    regex = re.sub(r"%(.)", lambda m: re.escape(m.group(1)), pattern)
    assert (re.fullmatch(regex, path) is not None) is hit, (pattern, regex)


def _gen_docs() -> ModuleType:
    """``scripts/gen_docs.py``, as ``scripts/gen_api.py`` imports it."""
    _generator()
    return sys.modules["gen_docs"]


def test_a_changed_rule_is_caught_as_drift_in_both_rule_tables(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The rule object is the only source: a changed summary makes docs/rules.md and the
    README stale until ``scripts/gen-api`` rewrites them."""
    docs = _gen_docs()
    rule = docs.RULES["PL001"]
    changed = dict(docs.RULES, PL001=replace(rule, summary="A changed summary."))
    monkeypatch.setattr(docs, "RULES", changed)
    stale = {p.name for p in _generator().stale(docs.outputs())}
    assert stale == {"rules.md", "README.md"}


def test_a_new_module_without_a_docstring_stops_the_module_map(tmp_path: Path) -> None:
    docs = _gen_docs()
    (tmp_path / "fresh.py").write_text("X = 1\n", encoding="utf-8")
    with pytest.raises(ValueError, match="no docstring"):
        docs._entries(tmp_path, 0)


def test_a_new_module_changes_the_module_map(tmp_path: Path) -> None:
    docs = _gen_docs()
    (tmp_path / "fresh.py").write_text('"""Why it exists.\n\nMore."""\n', encoding="utf-8")
    assert docs._entries(tmp_path, 0) == ["- `fresh.py`: Why it exists."]
