"""The end-to-end test client: a real ``promptls serve`` over stdio, driven by pytest-lsp.

Each client profile negotiates a different position encoding: VS Code (no
``positionEncodings``: UTF-16), Neovim 0.11 (prefers UTF-8; also pulls diagnostics) and
Emacs 29 (prefers UTF-32). :class:`PromptClient` is pytest-lsp's client with what these
tests need as typed attributes (the profile, its encoding, the workspace folder, and a
recorder of everything the server sends unasked), so no test patches attributes onto it.
Expected positions come from ``tests/positions.py``, not from the server's mapper.
"""

from __future__ import annotations

import asyncio
import functools
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import pytest
from cattrs import Converter
from lsprotocol import types
from pygls.protocol import default_converter
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES

from tests import MARKER as MARKER  # re-exported: the LSP tests take it from here
from tests import forkserver
from tests.positions import encoded_offset, encoded_position

CLIENTS = {"vscode": "visual-studio-code", "neovim": "neovim", "emacs": "emacs"}
ENCODINGS = {"vscode": "utf-16", "neovim": "utf-8", "emacs": "utf-32"}


def client_params(*names: str) -> list[Any]:
    """Parameters for a test run under several client profiles (all when none are named):
    VS Code's as is, the others marked slow, as the module-scoped servers are
    (``conftest.PROFILES``), so ``scripts/test --quick`` runs the LSP suite under VS
    Code's profile and the full run under each."""
    return [
        name if name == "vscode" else pytest.param(name, marks=pytest.mark.slow)
        for name in names or tuple(CLIENTS)
    ]


EXTRA_ARGS = os.environ.get("PROMPTLS_TEST_SERVER_ARGS", "").split()
"""E.g. ``--log-level debug --log-file /tmp/s.log`` to debug a failing test."""
SERVER = [sys.executable, "-m", "promptls", "serve", *EXTRA_ARGS]
FAKE_HOME = tempfile.mkdtemp(prefix="promptls-lsp-home-")
"""The server never sees the real HOME: user-scope instruction files come from here."""
TIMEOUT = 30.0

T = TypeVar("T")


@dataclass
class Events:
    """Everything the server sent on its own, plus an event to wait on new arrivals."""

    published: list[types.PublishDiagnosticsParams] = field(default_factory=list)
    context_changed: list[Any] = field(default_factory=list)
    registrations: list[types.Registration] = field(default_factory=list)
    refreshes: int = 0
    arrived: asyncio.Event = field(default_factory=asyncio.Event)

    def last(self, uri: str) -> types.PublishDiagnosticsParams | None:
        """The newest diagnostics published for ``uri``."""
        for params in reversed(self.published):
            if params.uri == uri:
                return params
        return None

    async def until(self, predicate: Callable[[], T | None], timeout: float = TIMEOUT) -> T:
        """Wait (event-driven, no polling sleeps) until ``predicate`` returns a value."""

        async def loop() -> T:
            while True:
                value = predicate()
                if value:
                    return value
                self.arrived.clear()
                await self.arrived.wait()

        return await asyncio.wait_for(loop(), timeout)

    async def diagnostics(self, uri: str, version: int | None) -> types.PublishDiagnosticsParams:
        """Wait for diagnostics of exactly this version (``None``: the clearing publish)."""
        return await self.until(
            lambda: next(
                (p for p in reversed(self.published) if p.uri == uri and p.version == version),
                None,
            )
        )


@functools.cache
def _converter() -> Converter:
    """One converter for every client of this process: cattrs makes a type's structure and
    unstructure code the first time the type is read or written, and keeps it in the
    converter, so a converter per client made it all again for every test's session."""
    return default_converter()


class PromptClient(LanguageClient):
    """pytest-lsp's client, recording what the server sends, with its test profile.

    ``name`` (pygls' client name) is the profile's short name (``vscode``, ``neovim``,
    ``emacs``) once :func:`initialize` ran; ``encoding`` is the position encoding that
    profile negotiates and ``root`` its one workspace folder.
    """

    def __init__(self) -> None:
        """A client that records publishes, registrations, messages and refreshes."""
        super().__init__(converter_factory=_converter)
        self.events = Events()
        self.encoding = "utf-16"
        self.root = Path()
        self.init_result: types.InitializeResult | None = None
        features: dict[str, Callable[..., Any]] = dict(DEFAULT_CLIENT_FEATURES)
        features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = _published
        features[types.WINDOW_SHOW_MESSAGE] = _shown
        features[types.CLIENT_REGISTER_CAPABILITY] = _registered
        features[types.WORKSPACE_DIAGNOSTIC_REFRESH] = _refreshed
        features["promptls/contextChanged"] = _context_changed
        for method, func in features.items():
            self.feature(method)(func)


# pygls hands these the client first because their first parameter is annotated with it.


def _published(client: PromptClient, params: types.PublishDiagnosticsParams) -> None:
    client.diagnostics[params.uri] = params.diagnostics
    client.events.published.append(params)
    client.events.arrived.set()


def _context_changed(client: PromptClient, params: Any) -> None:
    client.events.context_changed.append(params)
    client.events.arrived.set()


def _registered(client: PromptClient, params: types.RegistrationParams) -> None:
    client.events.registrations.extend(params.registrations)
    client.events.arrived.set()


def _shown(client: PromptClient, params: types.ShowMessageParams) -> None:
    client.messages.append(params)
    client.events.arrived.set()


def _refreshed(client: PromptClient, params: None) -> None:
    client.diagnostic_refresh_count += 1
    client.events.refreshes += 1
    client.events.arrived.set()


def events_of(client: PromptClient) -> Events:
    """The recorder of a client (kept as a function for call sites that read better)."""
    return client.events


class _Config(ClientServerConfig):  # type: ignore[misc]
    """pytest-lsp's configuration, starting servers through the worker's fork server."""

    def get_server_command(self, devtools: str | None = None) -> list[str]:
        """The fork server's launcher when it runs (``forkserver.py``), else ``SERVER``."""
        if devtools is None and self.server_command == SERVER and not EXTRA_ARGS:
            command = forkserver.launcher_command(self.server_env or dict(os.environ))
            if command is not None:
                return command
        return list(super().get_server_command(devtools))


CONFIG = _Config(
    server_command=SERVER,
    client_factory=PromptClient,
    server_env={**os.environ, "HOME": FAKE_HOME, "PROMPTLS_TEST": "1"},
)


def capabilities(name: str) -> types.ClientCapabilities:
    """The capability profile of a client by short name (a new object each time: a test
    may change its copy)."""
    return _converter().structure(_capabilities_data(name), types.ClientCapabilities)


@functools.cache
def _capabilities_data(name: str) -> Any:
    """pytest-lsp's profile of a client, read once (its reader makes a converter each
    time, and with it the capabilities' structure code)."""
    return _converter().unstructure(client_capabilities(CLIENTS[name]))


def can_operate(name: str, kind: types.ResourceOperationKind) -> bool:
    """Whether a client takes versioned document changes with this file operation."""
    ws = capabilities(name).workspace
    caps = ws.workspace_edit if ws else None
    return bool(caps and caps.document_changes and kind in (caps.resource_operations or ()))


def uri_of(path: Path) -> str:
    """``file:`` URI of a path."""
    return path.resolve().as_uri()


async def start() -> PromptClient:
    """A new server and its (not yet initialized) client."""
    client = await CONFIG.start()
    assert isinstance(client, PromptClient)
    return client


@asynccontextmanager
async def session(
    name: str,
    root: Path,
    *,
    init_options: Any = None,
    configuration: dict[str, Any] | None = None,
    caps: types.ClientCapabilities | None = None,
) -> AsyncIterator[PromptClient]:
    """A fresh server for one test (for settings and capability variants)."""
    client = await start()
    if configuration is not None:
        for scope, value in configuration.items():
            client.set_configuration(value, section="promptls", scope_uri=scope)
    await initialize(client, caps or capabilities(name), root, init_options, name=name)
    try:
        yield client
    finally:
        await client.shutdown_session()
        await client.stop()


async def initialize(
    client: LanguageClient,
    caps: types.ClientCapabilities,
    root: Path,
    init_options: Any,
    *,
    name: str | None = None,
) -> types.InitializeResult:
    """Initialize with one workspace folder; a :class:`PromptClient` records the profile."""
    folder = types.WorkspaceFolder(uri=uri_of(root), name=root.name)
    result = await client.initialize_session(
        types.InitializeParams(
            capabilities=caps,
            root_uri=uri_of(root),
            workspace_folders=[folder],
            initialization_options=init_options,
        )
    )
    if isinstance(client, PromptClient) and name is not None:
        client.name, client.encoding, client.root = name, ENCODINGS[name], root
        client.init_result = result
    return result


# -- expected positions, as lsprotocol types -----------------------------------------------


def position(text: str, offset: int, encoding: str) -> types.Position:
    """Expected LSP position of a code-point offset."""
    line, character = encoded_position(text, offset, encoding)
    return types.Position(line=line, character=character)


def span(text: str, start: int, end: int, encoding: str) -> types.Range:
    """Expected LSP range of ``text[start:end]``."""
    return types.Range(start=position(text, start, encoding), end=position(text, end, encoding))


def offset_of(text: str, pos: types.Position, encoding: str) -> int:
    """Code-point offset of an LSP position (for applying edits in tests)."""
    return encoded_offset(text, pos.line, pos.character, encoding)


def apply_edits(text: str, edits: list[types.TextEdit], encoding: str) -> str:
    """Apply LSP text edits (non-overlapping) the way a client would."""
    spans = [
        (offset_of(text, e.range.start, encoding), offset_of(text, e.range.end, encoding), e)
        for e in edits
    ]
    for start, end, edit in sorted(spans, key=lambda s: s[0], reverse=True):
        text = text[:start] + edit.new_text + text[end:]
    return text


def edits_for(edit: types.WorkspaceEdit, uri: str) -> list[types.TextEdit]:
    """The text edits a workspace edit makes to one document (either shape)."""
    out: list[types.TextEdit] = []
    if edit.changes:
        out.extend(edit.changes.get(uri, []))
    for change in edit.document_changes or []:
        if isinstance(change, types.TextDocumentEdit) and change.text_document.uri == uri:
            out.extend(e for e in change.edits if isinstance(e, types.TextEdit))
    return out


# -- requests and notifications ------------------------------------------------------------


def open_doc(
    client: LanguageClient, uri: str, text: str, version: int = 1, lang: str = "markdown"
) -> None:
    """Send ``didOpen``."""
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id=lang, version=version, text=text
            )
        )
    )


def change_doc(
    client: LanguageClient, uri: str, version: int, rng: types.Range | None, new_text: str
) -> None:
    """Send one incremental (or, without range, full) ``didChange``."""
    change: types.TextDocumentContentChangeEvent
    if rng is None:
        change = types.TextDocumentContentChangeWholeDocument(text=new_text)
    else:
        change = types.TextDocumentContentChangePartial(range=rng, text=new_text)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[change],
        )
    )


def close_doc(client: LanguageClient, uri: str) -> None:
    """Send ``didClose``."""
    client.text_document_did_close(
        types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )


async def diagnostics(
    client: PromptClient, name: str, uri: str, version: int
) -> list[types.Diagnostic]:
    """Diagnostics of a version, pulled or pushed depending on what the client does."""
    if name == "neovim":
        report = await client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )
        assert isinstance(report, types.RelatedFullDocumentDiagnosticReport)
        return list(report.items)
    params = await client.events.diagnostics(uri, version)
    return list(params.diagnostics)


async def execute(client: LanguageClient, command: str, *arguments: Any) -> Any:
    """Run a workspace command."""
    return await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=command, arguments=list(arguments))
    )


async def hover(client: LanguageClient, uri: str, pos: types.Position) -> types.Hover | None:
    """Request a hover."""
    return await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=pos)
    )


def initialized_over_stdio(process: subprocess.Popen[bytes]) -> None:
    """Send ``initialize`` to a server started as a plain process and read its answer's
    first line: the server is past start-up, serving."""
    params = {"processId": None, "rootUri": None, "capabilities": {}}
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": params})
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body.encode()))
    process.stdin.flush()
    assert process.stdout.readline().startswith(b"Content-Length:")
