"""End-to-end helpers: a real ``promptls serve`` over stdio driven by pytest-lsp clients.

Each client profile negotiates a different position encoding: VS Code (no
``positionEncodings``: UTF-16), Neovim 0.11 (prefers UTF-8; also pulls diagnostics) and
Emacs 29 (prefers UTF-32). Expected positions are computed here independently of the
server's ``positions.py``: split on LSP line breaks, then count the line prefix in the
encoding's code units.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.protocol import default_converter
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES

from tests.positions import LINE_BREAK, units

MARKER = "__ZIDANE_SYSTEM_PROMPT_BOUNDARY__"
CLIENTS = {"vscode": "visual-studio-code", "neovim": "neovim", "emacs": "emacs"}
ENCODINGS = {"vscode": "utf-16", "neovim": "utf-8", "emacs": "utf-32"}
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


def make_client() -> LanguageClient:
    """A pytest-lsp client that also records notifications and registrations."""
    client = LanguageClient(converter_factory=default_converter)
    events = Events()
    client.events = events  # type: ignore[attr-defined]
    features = dict(DEFAULT_CLIENT_FEATURES)

    def publish(ls: LanguageClient, params: types.PublishDiagnosticsParams) -> None:
        ls.diagnostics[params.uri] = params.diagnostics
        events.published.append(params)
        events.arrived.set()

    def context_changed(ls: LanguageClient, params: Any) -> None:
        events.context_changed.append(params)
        events.arrived.set()

    def register_capability(ls: LanguageClient, params: types.RegistrationParams) -> None:
        events.registrations.extend(params.registrations)
        events.arrived.set()

    def show_message(ls: LanguageClient, params: types.ShowMessageParams) -> None:
        ls.messages.append(params)
        events.arrived.set()

    def refresh(ls: LanguageClient, params: None) -> None:
        ls.diagnostic_refresh_count += 1
        events.refreshes += 1
        events.arrived.set()

    features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = publish
    features[types.WINDOW_SHOW_MESSAGE] = show_message
    features[types.CLIENT_REGISTER_CAPABILITY] = register_capability
    features[types.WORKSPACE_DIAGNOSTIC_REFRESH] = refresh
    features["promptls/contextChanged"] = context_changed
    for method, func in features.items():
        client.feature(method)(func)
    return client


def events_of(client: LanguageClient) -> Events:
    """The recorder attached by :func:`make_client`."""
    events: Events = client.events  # type: ignore[attr-defined]
    return events


CONFIG = ClientServerConfig(
    server_command=SERVER,
    client_factory=make_client,
    server_env={**os.environ, "HOME": FAKE_HOME, "PROMPTLS_TEST": "1"},
)


def capabilities(name: str) -> types.ClientCapabilities:
    """The capability profile of a client by short name."""
    return client_capabilities(CLIENTS[name])


def uri_of(path: Path) -> str:
    """``file:`` URI of a path."""
    return path.resolve().as_uri()


@asynccontextmanager
async def session(
    name: str,
    root: Path,
    *,
    init_options: Any = None,
    configuration: dict[str, Any] | None = None,
    caps: types.ClientCapabilities | None = None,
) -> AsyncIterator[LanguageClient]:
    """A fresh server for one test (for settings and capability variants)."""
    client = await CONFIG.start()
    if configuration is not None:
        for scope, value in configuration.items():
            client.set_configuration(value, section="promptls", scope_uri=scope)
    await initialize(client, caps or capabilities(name), root, init_options)
    try:
        yield client
    finally:
        await client.shutdown_session()
        await client.stop()


async def initialize(
    client: LanguageClient, caps: types.ClientCapabilities, root: Path, init_options: Any
) -> types.InitializeResult:
    """Initialize with one workspace folder."""
    folder = types.WorkspaceFolder(uri=uri_of(root), name=root.name)
    return await client.initialize_session(
        types.InitializeParams(
            capabilities=caps,
            root_uri=uri_of(root),
            workspace_folders=[folder],
            initialization_options=init_options,
        )
    )


# -- independent position arithmetic ------------------------------------------------------


def position(text: str, offset: int, encoding: str) -> types.Position:
    """Expected LSP position of a code-point offset."""
    before = text[:offset]
    breaks = list(LINE_BREAK.finditer(before))
    line_start = breaks[-1].end() if breaks else 0
    # A "\r" right at the end could still be the first half of "\r\n": then the
    # offset is on the line that "\r" ends, which the regex above already handles.
    return types.Position(line=len(breaks), character=units(before[line_start:], encoding))


def span(text: str, start: int, end: int, encoding: str) -> types.Range:
    """Expected LSP range of ``text[start:end]``."""
    return types.Range(start=position(text, start, encoding), end=position(text, end, encoding))


def offset_of(text: str, pos: types.Position, encoding: str) -> int:
    """Code-point offset of an LSP position (for applying edits in tests)."""
    starts = [0] + [m.end() for m in LINE_BREAK.finditer(text)]
    line_start = starts[pos.line]
    offset, done = line_start, 0
    while offset < len(text) and done < pos.character and text[offset] not in "\r\n":
        done += units(text[offset], encoding)
        offset += 1
    return offset


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
    client: LanguageClient, name: str, uri: str, version: int
) -> list[types.Diagnostic]:
    """Diagnostics of a version, pulled or pushed depending on what the client does."""
    if name == "neovim":
        report = await client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )
        assert isinstance(report, types.RelatedFullDocumentDiagnosticReport)
        return list(report.items)
    params = await events_of(client).diagnostics(uri, version)
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


@pytest_lsp.fixture(config=CONFIG, params=list(CLIENTS), scope="module")
async def lsp(
    lsp_client: LanguageClient,
    request: pytest.FixtureRequest,
    tmp_path_factory: pytest.TempPathFactory,
) -> AsyncIterator[None]:
    """One server per test module and client profile, with ``debug: true``.

    The client carries ``name``, ``encoding`` and ``root`` (its workspace folder).
    """
    name = request.param
    root = tmp_path_factory.mktemp(f"ws-{name}")
    lsp_client.name = name  # type: ignore[attr-defined]
    lsp_client.encoding = ENCODINGS[name]  # type: ignore[attr-defined]
    lsp_client.root = root  # type: ignore[attr-defined]
    result = await initialize(lsp_client, capabilities(name), root, {"debug": True})
    lsp_client.init_result = result  # type: ignore[attr-defined]
    yield
    await lsp_client.shutdown_session()
