"""The server factory: one ``PromptServer`` per process, features wired by closures.

``create_server()`` builds the server and asks each feature module to register its
handlers against that instance; nothing reads a module-level server. Capabilities are
computed by pygls from the registered features after our ``initialize`` handler ran, so
the debug command (only with ``debug: true``) can be added there.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import sys
import threading
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, cast

import cattrs
from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer
from pygls.protocol import default_converter
from pygls.uris import from_fs_path, to_fs_path

from promptls import __version__, later
from promptls.analysis.model import Analysis, DocumentKind
from promptls.lsp import (
    actions,
    commands,
    completion,
    hover,
    inlay,
    links,
    references,
    rename,
    symbols,
    sync,
    watch,
    workspace_diagnostics,
)
from promptls.lsp.diagnostics import client_pulls, client_refreshes, to_diagnostics
from promptls.lsp.documents import Document, Documents, Snapshot
from promptls.lsp.markup import client_wants_markdown
from promptls.lsp.positions import ClientMapper, encoding_name
from promptls.lsp.pygls_compat import PromptProtocol, ResyncingInput
from promptls.lsp.settings import SECTION, SettingsStore
from promptls.lsp.warmup import Warmup
from promptls.text.paths import within

if TYPE_CHECKING:
    from promptls.config import Settings
    from promptls.discovery import Discovery, DiscoveryCache
    from promptls.lsp.codecache import CodeCache

log = logging.getLogger(__name__)

CLIENT_ANSWER_TIMEOUT = 10.0
"""Seconds to wait for the client's settings before going on with what we have."""


@functools.cache
def converter() -> cattrs.Converter:
    """pygls' converter for lsprotocol's types, made once per process.

    Making it registers hooks for every lsprotocol type (~0.1 s of CPU); one server per
    process makes it once either way, and a host that forks servers from a prepared
    process (``commands.serve.prepare``) makes it before forking. Nothing promptls does
    registers hooks of its own on it, so servers sharing it see the same converter.
    """
    made: cattrs.Converter = default_converter()  # type: ignore[no-untyped-call]
    return made


class PromptServer(LanguageServer):
    """pygls server plus the promptls state every feature shares."""

    def __init__(self) -> None:
        """Build empty state; real values arrive with ``initialize``."""
        super().__init__(
            "promptls", __version__, protocol_cls=PromptProtocol, converter_factory=converter
        )
        self.settings = SettingsStore(self.warn)
        self.documents = Documents(self._analyze, self._publish, "utf-16")
        self._discovery: DiscoveryCache | None = None
        self._discovery_lock = threading.Lock()
        self.loop: asyncio.AbstractEventLoop | None = None
        """The server's event loop, so worker threads can hand messages back to it."""
        self.pull = False
        self.markdown = True
        self.revisions: dict[str, str] = {}
        """Folder → last context revision told to the client (``promptls/contextChanged``)."""
        self.warmup = Warmup(self)
        self.code_cache: CodeCache | None = None
        """The generated-code cache ``promptls serve`` started with (saved by the warm-up)."""
        self.on_open: list[Callable[[str], None]] = []
        """Called with a document's URI after it opened."""
        self.on_close: list[Callable[[str], None]] = []
        """Called with a document's URI after it closed (its disk state matters again)."""
        self.on_refresh: list[Callable[[], None]] = []
        """Called when settings changed (every result computed under them is stale)."""
        self.on_files: list[Callable[[list[str]], None]] = []
        """Called with the paths of a ``didChangeWatchedFiles`` after discovery forgot them."""

    # -- transport --------------------------------------------------------------------

    def start_io(self, stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> None:
        """stdio, read through :class:`ResyncingInput` so one broken frame loses one message."""
        reader = ResyncingInput(stdin or sys.stdin.buffer)
        super().start_io(cast(BinaryIO, reader), stdout)

    def report_server_error(self, error: Exception, source: Any) -> None:
        """A body that is not JSON gets JSON-RPC's Parse error, not an error pop-up."""
        protocol = self.protocol
        if isinstance(protocol, PromptProtocol) and protocol.answer_unparsable(error):
            return
        super().report_server_error(error, source)

    def note_client(self, params: types.InitializeParams) -> None:
        """Record what the client can do (encoding, pull diagnostics, markdown)."""
        caps = params.capabilities
        self.loop = asyncio.get_running_loop()
        self.pull = client_pulls(caps)
        self.markdown = client_wants_markdown(caps)
        self.documents.encoding = encoding_name(self.workspace.position_encoding)
        self.settings.set_init_options(params.initialization_options)

    # -- messages ---------------------------------------------------------------------

    def warn(self, message: str) -> None:
        """Tell the user about a problem they can fix (invalid settings, broken config).

        Settings are resolved lazily, sometimes in the analysis worker thread; messages
        are always written from the event loop's thread.
        """
        log.warning("%s", message)
        params = types.ShowMessageParams(type=types.MessageType.Warning, message=message)
        loop = self.loop
        if loop is not None and threading.current_thread() is not threading.main_thread():
            loop.call_soon_threadsafe(self.window_show_message, params)
        else:
            self.window_show_message(params)

    # -- workspace --------------------------------------------------------------------

    def folders(self) -> list[str]:
        """Workspace folder paths (the root URI when the client sent no folders)."""
        out: list[str] = []
        try:
            workspace = self.workspace
        except RuntimeError:
            return out
        for folder in workspace.folders.values():
            path = to_fs_path(folder.uri)
            if path:
                out.append(path)
        root = workspace.root_path
        if not out and root:
            out.append(root)
        return out

    def folder_for(self, path: str) -> str:
        """The workspace folder holding ``path``, else the path's own directory."""
        best = ""
        for folder in self.folders():
            if within(path, folder) and len(folder) > len(best):
                best = folder
        return best or str(Path(path).parent)

    def open_index(self, uri: str) -> ClientMapper | None:
        """Line index of an open document (for related locations in other files)."""
        doc = self.documents.get(uri)
        return doc.index(self.documents.encoding) if doc is not None else None

    @property
    def discovery(self) -> DiscoveryCache:
        """The discovery cache, built (and the discovery code imported) on first need.

        Nothing before ``initialize`` needs discovery; importing it there cost ~6 ms of
        start-up (``python -X importtime``).
        """
        cache = self._discovery
        if cache is None:
            with self._discovery_lock:
                if self._discovery is None:
                    self._discovery = later.discovery.DiscoveryCache()
                cache = self._discovery
        return cache

    def discover(self, folder: str, profile: str) -> Discovery:
        """Discovery for a folder and profile, memoised until a watched file changes.

        The cache is shared by the event loop and the analysis worker threads: locked.
        """
        cache = self.discovery
        with self._discovery_lock:
            return cache.discover(folder, profile)

    def invalidate_discovery(self, path: str) -> None:
        """Forget cached discovery results that depend on ``path`` (a file event)."""
        cache = self.discovery
        with self._discovery_lock:
            cache.invalidate(path)

    # -- analysis ---------------------------------------------------------------------

    def warm_up(self) -> None:
        """Start loading the analysis in the background (``lsp/warmup.py``)."""
        self.warmup.start()

    async def when_warm(self) -> None:
        """Wait (in the event loop) until the analysis is loaded."""
        await self.warmup.when_warm()

    async def after_first_open(self, work: Callable[[], Awaitable[None]]) -> None:
        """Run ``work`` once the documents opened so far are analysed."""
        await self.warmup.after_first_open(work)

    async def warm_rest(self) -> None:
        """Load what only some documents need, after the first diagnostics."""
        await self.warmup.rest()

    def _analyze(self, doc: Document, text: str) -> Analysis:
        """Worker-thread analysis with the document's settings and discovery."""
        self.warmup.wait()

        settings = self.settings.for_path(doc.path)
        folder = None if doc.path is None else later.discovery_api.owning_folder(doc.path)
        return later.analysis_agents.analyze_for_agents(
            text, path=doc.path, settings=settings, folder=folder, discover=self._discover_quietly
        )

    def _discover_quietly(self, folder: str, profile: str) -> Discovery | None:
        """Discovery for an analysis: a failure is logged, and the file-level rules that
        need it stay quiet."""
        try:
            return self.discover(folder, profile)
        except Exception:
            log.exception("discovery of %s for %s failed", folder, profile)
            return None

    def settings_for(self, doc: Document) -> Settings:
        """Effective settings for an open document."""
        return self.settings.for_path(doc.path)

    def _publish(self, doc: Document, snapshot: Snapshot) -> None:
        """Push diagnostics for a fresh snapshot (pull clients ask on their own)."""
        if not self.pull:
            diagnostics = to_diagnostics(snapshot, self.client_capabilities, self.open_index)
            self.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(
                    uri=doc.uri, diagnostics=diagnostics, version=snapshot.version
                )
            )
        self._measure_later(snapshot)

    def _measure_later(self, snapshot: Snapshot) -> None:
        """Measure the halves in a worker after diagnostics went out.

        Hover, lens and symbols all show them; measuring here keeps a large document's
        split off the event loop without delaying its diagnostics.
        """
        exact = snapshot.analysis.exact_markers
        if exact and self.loop is not None:
            self.loop.run_in_executor(None, snapshot.wire, exact[0].marker)

    def refresh_all(self) -> None:
        """Settings changed: recompute everything, then re-push or ask pull clients."""
        self.documents.invalidate_all()
        self._ask_pull_refresh()
        for listener in self.on_refresh:
            listener()

    def refresh_instruction_documents(self) -> None:
        """Discovery changed: only instruction files' file-level findings depend on it."""
        docs = [
            doc
            for doc in self.documents
            if doc.snapshot is None or doc.snapshot.analysis.kind is DocumentKind.INSTRUCTION
        ]
        if docs:
            self.documents.invalidate(docs)
            self._ask_pull_refresh()

    def _ask_pull_refresh(self) -> None:
        """Pull clients re-request diagnostics when told to (if they support it)."""
        if self.pull and client_refreshes(self.client_capabilities):
            self.workspace_diagnostic_refresh(None)

    async def snapshot(self, uri: str) -> Snapshot | None:
        """The analysed current version of an open document (shared by every feature)."""
        doc = self.documents.get(uri)
        if doc is None:
            return None
        return await self.documents.snapshot(doc)

    # -- settings ---------------------------------------------------------------------

    async def pull_configuration(self) -> bool:
        """Ask the client for each folder's ``promptls`` section, if it can answer; whether
        the answer changed the settings (and everything was refreshed)."""
        ws = self.client_capabilities.workspace
        if not (ws and ws.configuration):
            return False
        folders = self.folders()
        items = [types.ConfigurationItem(section=SECTION)] + [
            types.ConfigurationItem(scope_uri=from_fs_path(f), section=SECTION) for f in folders
        ]
        try:
            answers: Sequence[Any] = await asyncio.wait_for(
                self.workspace_configuration_async(types.ConfigurationParams(items=items)),
                CLIENT_ANSWER_TIMEOUT,
            )
        except TimeoutError:
            log.warning("no answer to workspace/configuration; keeping the current settings")
            return False
        except Exception:
            log.exception("workspace/configuration failed")
            return False
        before = self.settings.editor_layers()
        if answers:
            self.settings.set_global(answers[0])
        for folder, answer in zip(folders, answers[1:], strict=False):
            self.settings.set_folder(folder, answer)
        # The first answer usually repeats what the server started with; re-analysing
        # then would only delay the first diagnostics (the answer arrives while the first
        # open is being analysed, so its publication would wait for a second analysis).
        if self.settings.editor_layers() == before:
            return False
        self.refresh_all()
        return True


class _UserErrorFilter(logging.Filter):
    """Keep rejected command arguments out of the error log.

    pygls logs every error response with a traceback; an InvalidParams answer to a bad
    command argument is the user's mistake, already explained in the response, so it is
    logged as one warning line instead.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        """Demote InvalidParams tracebacks to a one-line warning."""
        exc = record.exc_info[1] if record.exc_info else None
        if isinstance(exc, JsonRpcInvalidParams):
            record.exc_info = None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
            record.msg, record.args = "rejected: %s", (exc,)
        return True


async def _after_initialized(
    server: PromptServer, scan: workspace_diagnostics.WorkspaceScan
) -> None:
    """Once the first documents are analysed: watch files, then check the workspace's
    unopened files while the rest loads in quiet moments. The watchers wait too: their
    globs come from discovery, and building and sending the registration (lsprotocol
    makes its serialiser on first use) took the interpreter from the first analysis for
    ~3 ms."""
    await server.after_first_open(lambda: watch.register_watchers(server))
    server.warmup.rest_task = asyncio.create_task(server.warm_rest())
    await scan.after()


def create_server() -> PromptServer:
    """Build a server with every feature registered."""
    rpc_log = logging.getLogger("pygls.protocol.json_rpc")
    if not any(isinstance(f, _UserErrorFilter) for f in rpc_log.filters):
        rpc_log.addFilter(_UserErrorFilter())
    server = PromptServer()

    def on_initialize() -> None:
        if server.settings.debug:
            commands.register_debug(server)

    scan = workspace_diagnostics.register(server)
    sync.register(
        server,
        on_initialize=on_initialize,
        on_initialized=lambda: _after_initialized(server, scan),
    )
    hover.register(server)
    actions.register(server)
    commands.register(server)
    symbols.register(server)
    watch.register(server)
    links.register(server)
    references.register(server)
    completion.register(server)
    rename.register(server)
    inlay.register(server)
    return server
