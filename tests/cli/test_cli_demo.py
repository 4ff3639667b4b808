"""The demo workspace shows every marker rule (scripts/demo runs check on it)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from promptls.analysis import MARKER_RULES
from promptls.cli import main

DEMO = Path(__file__).resolve().parents[1] / "fixtures" / "demo-workspace"


def test_every_marker_rule_fires_on_the_demo(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(DEMO)
    assert main(["check", "--format", "json", "."]) == 1
    found = {item["code"] for item in json.loads(capsys.readouterr().out)}
    assert set(MARKER_RULES) <= found
