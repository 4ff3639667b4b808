"""Fixtures shared by more than one test folder."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("quick", max_examples=10)
"""``scripts/test --quick`` runs every property test with a tenth of its examples
(``--hypothesis-profile quick``); the full run keeps Hypothesis' default profile, and a
test asking for more says so with ``tests.examples``."""


@pytest.fixture(scope="session")
def _homes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of this process' fake homes."""
    return tmp_path_factory.mktemp("homes")


@pytest.fixture
def fake_home(_homes: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty fake home for in-process runs: discovery never reads the real one. Made
    with ``mkdtemp`` in one folder: pytest's numbered ``mktemp`` lists every folder made so
    far, so a home per test cost more with each test (thousands of them a run)."""
    home = Path(tempfile.mkdtemp(prefix="home", dir=_homes))
    monkeypatch.setenv("PROMPTLS_HOME", str(home))
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("CODEX_HOME", raising=False)
    return home


@pytest.fixture(autouse=True, scope="session")
def _code_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Every server a test starts (pytest-lsp, the editors) keeps its generated code in one
    folder of this run, not in the user's cache (``promptls/lsp/codecache.py``)."""
    folder = tmp_path_factory.mktemp("code-cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PROMPTLS_CODE_CACHE", str(folder))
        yield
