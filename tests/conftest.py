"""Fixtures shared by more than one test folder."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def fake_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty fake home for in-process runs: discovery never reads the real one."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("PROMPTLS_HOME", str(home))
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("CODEX_HOME", raising=False)
    return home
