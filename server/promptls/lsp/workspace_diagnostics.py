"""Workspace diagnostics: the problems of files nobody opened, as ``promptls check`` sees them.

A shadowed ``AGENTS.md`` is exactly the file nobody opens, so its finding has to reach
the Problems panel on its own. After the first open has been answered, the server walks
every workspace folder with the walk ``check`` uses (``analysis/check_files.py``: its
exclusions and the top-level ``.gitignore``) and analyses each file with the same function,
under the folder's settings, so the result equals ``promptls check`` on that folder.

* Never blocking: the scan runs in the event loop, one folder listing or one file at a
  time, yielding between them, so a request waits for at most one small file's analysis
  (a large file is analysed in a worker thread instead). A thread for the whole scan
  would share the GIL with every request for its whole length.
* Bounded: at most ``workspaceDiagnosticsMaxFiles`` files (in the walk's order); past it
  a message names the cap once.
* Push clients get ``publishDiagnostics`` (no version) per file with findings; clients
  that ask ``workspace/diagnostic`` (VS Code's does at start-up) get it answered once
  the scan is done and are told to re-ask (``workspace/diagnostic/refresh``) only when a
  result changed since their last answer and no request of theirs waits for the scan:
  a refresh makes the editor re-pull every open document too, for nothing if no result
  moved (a file checked again with the same findings keeps its result id). A client that
  pulls document diagnostics but never asked for the workspace's by the end of the scan
  (Neovim 0.11) is pushed the unopened files' results instead.
  An open document's diagnostics come from its live text: disk results are never
  published over them (a pushed one is cleared when the file opens), and are re-read
  from disk when it closes.
* Incremental: a watched file's change re-checks that file (and, when it is an
  instruction file, every instruction file: shadowing, budgets and imports span files);
  a deleted file's diagnostics are cleared; a config or ``.gitignore`` change rescans.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.uris import from_fs_path

from promptls import later
from promptls.analysis.model import Analysis, DocumentKind
from promptls.lsp.diagnostics import client_refreshes, to_diagnostics
from promptls.lsp.documents import Snapshot
from promptls.lsp.positions import ClientMapper
from promptls.lsp.watchers import watch_scanned_files
from promptls.text.paths import within

if TYPE_CHECKING:
    from promptls.analysis.check_files import Discoveries
    from promptls.analysis.settings import Settings
    from promptls.lsp.server import PromptServer

log = logging.getLogger(__name__)

SLICE = 0.002
"""Seconds of scanning between two pauses."""
PAUSE = 0.0005
"""Seconds the scan sleeps after each slice. pygls reads stdin in a worker thread, which
needs the GIL for each header line and body; ``sleep(0)`` never lets it go (the loop
takes the GIL straight back), so a request waited for the interpreter's 5 ms switch
interval, several times per message. Idle in ``select`` for this long, the loop lets the
reader deliver a whole request, which then runs before the scan resumes."""
LARGE_FILE = 256 * 1024
"""Bytes above which a file is analysed in a worker thread, not between two messages."""
RESCAN_NAMES = frozenset({".gitignore"})
"""Files whose change alters the file set: the whole scan starts over (a config file's
change reaches :meth:`WorkspaceScan.refresh` through the server's settings refresh)."""


class WorkspaceScan:
    """The disk results of the workspace's files and the task that computes them."""

    def __init__(self, server: PromptServer) -> None:
        """Empty: nothing is read before :meth:`start`."""
        self.server = server
        self.kinds: dict[str, DocumentKind] = {}
        """Path → kind of every file the scan checks (its file set)."""
        self.results: dict[str, list[types.Diagnostic]] = {}
        """URI → disk diagnostics, for files with at least one."""
        self.result_ids: dict[str, str] = {}
        self.serial = 0
        self.done = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.capped = False
        self.shown: set[str] = set()
        """URIs this scan pushed findings for (and has not cleared since)."""
        self.since = 0.0
        """When the scan last paused (``time.perf_counter``)."""
        self.discoveries: Discoveries | None = None
        """This pass's discoveries (``check``'s memo, fresh for every scan and re-check):
        the shared cache is only invalidated by watched files, so a background pass
        filling it could keep what it saw mid-write for clients that watch nothing."""
        self.pulled = False
        """The client asked ``workspace/diagnostic``: it gets results only that way."""
        self.answered = 0
        """``serial`` as of the newest ``workspace/diagnostic`` answer: what the client has."""
        self.waiting = 0
        """``workspace/diagnostic`` requests waiting for the scan (their answers bring it)."""

    # -- the scan ------------------------------------------------------------------------

    def start(self) -> None:
        """(Re)start the full scan; a running one is cancelled first."""
        if self.task is not None:
            self.task.cancel()
        self.done.clear()
        self.task = asyncio.get_running_loop().create_task(self._scan())

    async def _scan(self) -> None:
        """Walk every folder, check every file, publish as results come in."""
        cap = self.server.settings.max_workspace_files
        seen: dict[str, DocumentKind] = {}
        try:
            capped = await self._walk(cap, seen)
        except Exception:  # a broken walk must not leave pull requests waiting forever
            log.exception("workspace diagnostics: the scan failed")
            capped = False
        for gone in set(self.kinds) - set(seen):
            self._store(gone, [])
        self.kinds = seen
        if self.server.pull and not self.pulled:
            self.done.set()  # a pull client that never asks: push what was found
            for uri in self.shown - set(self.results):
                self._publish(uri, [])
            for uri, diagnostics in self.results.items():
                if self.server.documents.get(uri) is None:
                    self._publish(uri, diagnostics)
        if capped and not self.capped:
            self.capped = True
            self.server.warn(
                f"promptls: workspace diagnostics cover only the first {cap} files of the "
                "workspace (the workspaceDiagnosticsMaxFiles setting); open a file to check it."
            )
        self.done.set()
        self._refresh_pull()

    async def _walk(self, cap: int, seen: dict[str, DocumentKind]) -> bool:
        """Check the folders' files into ``seen``, the walk's first ``cap`` only; whether
        there were more (the walk stops there: counting the rest would be unbounded)."""
        self.discoveries = later.analysis_check_files.Discoveries()
        checked = 0
        folders = self.server.folders() if cap else []
        for folder in folders:
            settings = self.server.settings.for_folder(folder)
            # A workspace folder inside this one checks its own files, under its settings.
            inner = [f for f in folders if f != folder and within(f, folder)]
            for batch in later.analysis_check_files.walk_folders(Path(folder), settings):
                await self._breathe()
                for path in batch:
                    if inner and any(within(str(path), f) for f in inner):
                        continue
                    if checked == cap:
                        return True
                    checked += 1
                    kind = await self._check(path, settings)
                    if kind is not None:
                        seen[str(path)] = kind
                    await self._breathe()
        return False

    async def _breathe(self) -> None:
        """Give the event loop (and the thread reading requests) a turn; at the end of a
        slice, also let the open documents' pending analyses finish first (a file just
        opened or edited matters more than one nobody looks at)."""
        if time.perf_counter() - self.since < SLICE:
            await asyncio.sleep(0)
            return
        await asyncio.sleep(PAUSE)
        await self.server.documents.settled()
        self.since = time.perf_counter()

    async def _check(
        self, path: Path, settings: Settings, *, again: bool = False
    ) -> DocumentKind | None:
        """Check one file from disk and store its diagnostics; its kind, or None when it
        cannot be read. A file open in the editor is not read: its diagnostics come from
        the live text, and it is checked from disk when it closes. A large file waits for
        a quiet moment first: its analysis shares the interpreter with the open documents'
        for ~10-20 ms per MB, and an editor that just started often opens a file the scan
        is about to reach (its ``didOpen`` may still be on its way)."""
        with contextlib.suppress(OSError):  # unreadable: read_text says so below
            if path.stat().st_size > LARGE_FILE:
                await self.server.warmup.quiet()
        if self.server.documents.get(from_fs_path(str(path)) or str(path)) is not None:
            return later.analysis_engine.document_kind(str(path), settings)
        read = later.analysis_check_files.read_text(path)
        if read is None:
            self._store(str(path), [])
            return None
        text = read[0]
        try:
            if len(read[1]) > LARGE_FILE:
                analysis = await asyncio.to_thread(self._analyze, text, path, settings)
            else:
                analysis = self._analyze(text, path, settings)
        except Exception:
            log.exception("workspace diagnostics: checking %s failed", path)
            return None
        self._store(str(path), self._diagnostics(path, text, analysis), again=again)
        return analysis.kind

    def _analyze(self, text: str, path: Path, settings: Settings) -> Analysis:
        """What ``promptls check`` finds in this text (the same function, with the
        per-file memo ``check`` has: ``analyze_file_text``)."""
        if self.discoveries is None:
            self.discoveries = later.analysis_check_files.Discoveries()
        return later.analysis_check_files.analyze_file_text(text, path, settings, self.discoveries)

    def _diagnostics(self, path: Path, text: str, analysis: Analysis) -> list[types.Diagnostic]:
        """Findings as diagnostics in the client's encoding (no version: not open)."""
        if not analysis.findings:
            return []
        uri = from_fs_path(str(path)) or str(path)
        index = ClientMapper(text, self.server.documents.encoding)
        snapshot = Snapshot(uri, 0, index, analysis)
        return to_diagnostics(snapshot, self.server.client_capabilities, self.server.open_index)

    def _store(
        self, path: str, diagnostics: list[types.Diagnostic], *, again: bool = False
    ) -> None:
        """Keep a file's new result and push it when it changes what the client shows
        (``again``: the client was told something else meanwhile)."""
        uri = from_fs_path(path) or path
        had = self.results.get(uri, [])
        if diagnostics:
            self.results[uri] = diagnostics
        else:
            self.results.pop(uri, None)
        if had == diagnostics and not again:
            return  # nothing the client shows changes: same result id, nothing sent
        self.serial += 1
        self.result_ids[uri] = str(self.serial)
        if self.pushes() and self.server.documents.get(uri) is None:
            self._publish(uri, diagnostics)

    def pushes(self) -> bool:
        """Whether results go out as ``publishDiagnostics``."""
        return not self.pulled and (not self.server.pull or self.done.is_set())

    def _publish(self, uri: str, diagnostics: list[types.Diagnostic]) -> None:
        """One ``publishDiagnostics`` without a version (the file is not open)."""
        if diagnostics:
            self.shown.add(uri)
        else:
            self.shown.discard(uri)
        self.server.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics)
        )

    def _refresh_pull(self) -> None:
        """Ask a pull client to re-ask when it can be asked and holds stale results: it
        asked before, none of its requests waits (that answer brings them) and a result
        changed since its last answer (open documents are analysed from their live text:
        a refresh brings them nothing)."""
        server = self.server
        stale = self.pulled and not self.waiting and self.serial != self.answered
        if stale and server.pull and client_refreshes(server.client_capabilities):
            server.workspace_diagnostic_refresh(None)

    # -- changes -------------------------------------------------------------------------

    def active(self) -> bool:
        """Whether the scan started and is not turned off (a cap of 0)."""
        return self.task is not None and self.server.settings.max_workspace_files > 0

    def refresh(self) -> None:
        """Settings changed: every disk result may differ, so the scan starts over."""
        if self.active():
            self.start()

    def files_changed(self, paths: list[str]) -> None:
        """A watched-files event: rescan, or re-check the files it concerns."""
        if not self.active():
            return  # not started (the first scan will read the new state), or off
        if any(Path(p).name in RESCAN_NAMES for p in paths):
            self.start()
            return
        asyncio.get_running_loop().create_task(self._recheck(paths))

    def opened(self, uri: str) -> None:
        """A document opened: a disk result pushed to a pull client is cleared (its live
        text is pulled); a push client's is replaced by the live publish anyway."""
        if self.server.pull and uri in self.results and self.pushes():
            self._publish(uri, [])

    def closed(self, uri: str) -> None:
        """A document closed: what the disk holds is what the client should show again."""
        path = next((p for p in self.kinds if (from_fs_path(p) or p) == uri), None)
        if path is not None and self.active():
            asyncio.get_running_loop().create_task(self._recheck([path], follow=False))

    async def _recheck(self, paths: list[str], *, follow: bool = True) -> None:
        """Re-check changed files (after the running scan); an instruction file's change
        re-checks every instruction file, since its findings span files."""
        await self.done.wait()
        self.discoveries = later.analysis_check_files.Discoveries()
        todo = dict.fromkeys(paths)
        for path in paths:
            folder = self._folder(path)
            settings = None if folder is None else self.server.settings.for_folder(folder)
            if settings is None or not later.analysis_check_files.walked(
                Path(folder or ""), Path(path), settings
            ):
                self.kinds.pop(path, None)
                self._store(path, [])
                todo.pop(path, None)
        if follow and any(self._instruction(p) for p in paths):
            todo.update(
                dict.fromkeys(p for p, k in self.kinds.items() if k is DocumentKind.INSTRUCTION)
            )
        for path in todo:
            folder = self._folder(path)
            if folder is None:
                continue
            settings = self.server.settings.for_folder(folder)
            kind = await self._check(Path(path), settings, again=not follow)
            if kind is None:
                self.kinds.pop(path, None)
            else:
                self.kinds[path] = kind
            await self._breathe()
        self._refresh_pull()

    def _instruction(self, path: str) -> bool:
        """Whether a changed path is (or was) an instruction file."""
        if self.kinds.get(path) is DocumentKind.INSTRUCTION:
            return True
        return (
            later.analysis_engine.document_kind(path, self.server.settings.for_path(path))
            is DocumentKind.INSTRUCTION
        )

    def _folder(self, path: str) -> str | None:
        """The most specific workspace folder holding ``path``."""
        folders = [f for f in self.server.folders() if within(path, f)]
        return max(folders, key=len) if folders else None

    async def after(self) -> None:
        """Start-up work once the first open is answered: the extra watchers, the scan."""
        await watch_scanned_files(self.server)
        self.start()

    # -- pull ----------------------------------------------------------------------------

    async def report(
        self, params: types.WorkspaceDiagnosticParams
    ) -> types.WorkspaceDiagnosticReport:
        """Every unopened file with findings, plus empty reports for files the client had
        results for that have none now; unchanged results are said to be unchanged."""
        if not self.pulled:
            self.pulled = True
            for uri in list(self.shown):  # pushed before this client first asked
                self._publish(uri, [])
        self.waiting += 1
        try:
            await self.done.wait()
        finally:
            self.waiting -= 1
        self.answered = self.serial
        previous = {p.uri: p.value for p in params.previous_result_ids}
        items: list[types.WorkspaceDocumentDiagnosticReport] = []
        for uri in dict.fromkeys([*self.results, *previous]):
            if self.server.documents.get(uri) is not None:
                continue
            rid = self.result_ids.get(uri, "0")
            if previous.get(uri) == rid:
                items.append(
                    types.WorkspaceUnchangedDocumentDiagnosticReport(
                        uri=uri, result_id=rid, version=None
                    )
                )
            else:
                items.append(
                    types.WorkspaceFullDocumentDiagnosticReport(
                        uri=uri, items=self.results.get(uri, []), result_id=rid, version=None
                    )
                )
        return types.WorkspaceDiagnosticReport(items=items)


def register(server: PromptServer) -> WorkspaceScan:
    """Wire ``workspace/diagnostic`` and the scan's hooks; the factory starts the scan
    (:meth:`WorkspaceScan.after`) once the first open has been answered."""
    scan = WorkspaceScan(server)
    server.on_files.append(scan.files_changed)
    server.on_refresh.append(scan.refresh)
    server.on_open.append(scan.opened)
    server.on_close.append(scan.closed)

    @server.feature(types.WORKSPACE_DIAGNOSTIC)
    async def workspace_diagnostic(
        params: types.WorkspaceDiagnosticParams,
    ) -> types.WorkspaceDiagnosticReport:
        """Pull model: the disk results of every unopened file with findings."""
        return await scan.report(params)

    return scan
