"""Fixtures for the end-to-end LSP tests; the client and its helpers live in ``client.py``."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_lsp

from tests.lsp.client import CLIENTS, CONFIG, PromptClient, capabilities, initialize


@pytest_lsp.fixture(config=CONFIG, params=list(CLIENTS), scope="module")
async def lsp(
    lsp_client: PromptClient,
    request: pytest.FixtureRequest,
    tmp_path_factory: pytest.TempPathFactory,
) -> AsyncIterator[None]:
    """One server per test module and client profile, with ``debug: true``.

    The client's ``name``, ``encoding`` and ``root`` (its workspace folder) are set.
    """
    name = request.param
    root = tmp_path_factory.mktemp(f"ws-{name}")
    await initialize(lsp_client, capabilities(name), root, {"debug": True}, name=name)
    yield
    await lsp_client.shutdown_session()
