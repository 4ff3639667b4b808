"""The demo workspace shows every marker rule (scripts/demo runs check on it)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from promptls.analysis import MARKER_RULES
from promptls.cli import main
from promptls.discovery import PROFILES
from tests.cli.conftest import Demo

DEMO = Path(__file__).resolve().parents[1] / "fixtures" / "demo-workspace"


def test_every_marker_rule_fires_on_the_demo(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(DEMO)
    assert main(["check", "--format", "json", "."]) == 1
    found = {item["code"] for item in json.loads(capsys.readouterr().out)}
    assert set(MARKER_RULES) <= found


def test_the_demo_source_file_loads_each_agents_path_scoped_rule(
    demo: Demo, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """scripts/demo asks every agent which instructions apply to one source file: each
    agent that scopes rules to paths has a rule in the demo that matches it. Run as
    scripts/demo runs it, in a copy whose ``dot-git`` is ``.git``: Qwen Code reads rules
    from the repository root only."""
    monkeypatch.chdir(demo.ws)
    target = "packages/core/src/api/handler.ts"
    args = ["context", "packages/core", "--all-profiles", "--for", target, "--json"]
    assert main([*args, "--home", str(demo.home)]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["target"] == str(demo.ws / target)
    scoped = {name for name, profile in PROFILES.items() if profile.rules_scope_key}
    assert "claude" in scoped
    for result in answer["profiles"]:
        if result["profile"] not in scoped:
            continue
        rules = [e for e in result["entries"] if "(matches " in e["reason"]]
        assert [e["status"] for e in rules] == ["loaded"], (result["profile"], rules)


def test_the_demo_previews_one_folder_for_every_agent(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """scripts/demo previews packages/core for every agent: each one sends something,
    and each says whether its framing is sourced or not documented."""
    monkeypatch.chdir(DEMO)
    target = "packages/core/src/api/handler.ts"
    home = str(DEMO.parent / "demo-home")
    args = ["preview", "packages/core", "--all-profiles", "--for", target, "--format", "json"]
    assert main([*args, "--home", home]) == 0
    answer = json.loads(capsys.readouterr().out)
    renderings = {r["profile"]: r for r in answer["renderings"]}
    assert list(renderings) == list(PROFILES)
    for name, rendering in renderings.items():
        assert rendering["files"], name
        assert rendering["framing"] in {"sourced", "not documented"}
    assert {n for n, r in renderings.items() if r["framing"] == "not documented"} == {
        "cursor",
        "windsurf",
        "kiro",
    }
