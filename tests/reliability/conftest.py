"""Shared fixtures for the reliability suite: fake homes, raw servers, position arithmetic.

Positions come from ``tests/positions.py``, independent of the server's mapper.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests import MARKER as MARKER  # re-exported for the reliability tests
from tests.positions import encoded_position

from .rawlsp import RawClient

LONG = os.environ.get("PROMPTLS_LONG") == "1"
"""``scripts/test --long`` sets this: fuzz and soak run their big counts."""


def position(text: str, offset: int, encoding: str) -> dict[str, int]:
    """LSP position (as JSON) of a code-point offset that is not inside a CRLF pair."""
    if offset > 0 and text[offset - 1 : offset + 1] == "\r\n":
        raise ValueError("offset splits a CRLF pair")
    line, character = encoded_position(text, offset, encoding)
    return {"line": line, "character": character}


def lsp_range(text: str, start: int, end: int, encoding: str) -> dict[str, Any]:
    """LSP range (as JSON) of ``text[start:end]``."""
    return {"start": position(text, start, encoding), "end": position(text, end, encoding)}


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """An empty fake HOME (the real one is never touched)."""
    path = tmp_path / "home"
    path.mkdir()
    return path


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """An empty workspace folder outside any Git repository."""
    path = tmp_path / "ws"
    path.mkdir()
    return path


@pytest.fixture
def start_server(home: Path) -> Iterator[Callable[..., RawClient]]:
    """Start raw servers on demand; every one is shut down (or killed) at the end."""
    started: list[RawClient] = []

    def start(**kwargs: Any) -> RawClient:
        client = RawClient(kwargs.pop("home", home), **kwargs)
        started.append(client)
        return client

    yield start
    for client in started:
        client.close()


def assert_clean_log(client: RawClient) -> None:
    """The server logged no traceback: nothing crashed, not even in a worker."""
    log = client.log_text()
    assert "Traceback" not in log, log[-4000:]
