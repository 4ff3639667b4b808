"""Fixtures for the end-to-end LSP tests; the client and its helpers live in ``client.py``."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_lsp

from tests.lsp.client import CONFIG, PromptClient, capabilities, client_params, initialize

PROFILES = client_params()
"""Every module runs under each client profile; the Neovim and Emacs ones (UTF-8 and
UTF-32, three servers a module instead of one) are marked slow, so ``scripts/test --quick``
runs the LSP suite under VS Code's (UTF-16) and the full run under all three."""


@pytest_lsp.fixture(config=CONFIG, params=PROFILES, scope="module")
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
