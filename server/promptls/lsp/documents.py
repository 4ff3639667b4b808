"""Open documents: text per version, and one analysis per version shared by every feature.

Timing decisions (documented in docs/server.md):

* ``didOpen`` analyses at once (delay 0): the user just opened the file and wants to see.
* ``didChange`` publishes :data:`CHANGE_DELAY` (150 ms) after the last keystroke, so a
  burst of typing costs one analysis, not one per key. A document whose last analysis
  took long (a 1 MB prompt: ~25 ms) starts the analysis that much before the delay ends
  (:func:`lead_time`), so its diagnostics still appear 150 ms after typing stops instead
  of 150 ms plus the analysis; the publication itself never comes earlier.
* A hover, code action, symbol or pull-diagnostic request for a version that is not
  analysed yet does not wait for the debounce: it computes (or joins the computation
  already running for that exact version). Every consumer of a version gets the same
  :class:`Snapshot`.
* A newer version or a close cancels the pending publication; a result that arrives for
  a version that is no longer current is never published.

The analysis runs in a worker thread so the server keeps reading messages (and can see
the cancellation) while a large document is analysed.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from lsprotocol import types

from promptls import later
from promptls.analysis.model import Analysis, DocumentKind
from promptls.lsp.positions import ClientMapper, encoding_name
from promptls.record import Record
from promptls.text.chunks import ChunkedText

if TYPE_CHECKING:
    from promptls.lsp.wire import Wire

log = logging.getLogger(__name__)

OPEN_DELAY = 0.0
"""Seconds between ``didOpen`` and the analysis that publishes diagnostics."""
CHANGE_DELAY = 0.15
"""Seconds of quiet after the last ``didChange`` before diagnostics are published."""
LEAD_FACTOR = 1.5
"""How much earlier than its last analysis took a debounced analysis starts (the same
text analyses in about the same time; the margin absorbs a busy machine)."""
LEAD_SLACK = 0.002
"""Seconds added to every lead: the hand-off to the worker thread and back."""


def lead_time(delay: float, last_cost: float) -> float:
    """Seconds before the end of ``delay`` to start analysing a document whose last
    analysis took ``last_cost`` seconds: long enough to be done when the delay ends,
    never more than the delay. A small file leads by ~2 ms, so a pause in typing that
    is shorter than the delay almost never costs an analysis nobody sees."""
    return min(delay, last_cost * LEAD_FACTOR + LEAD_SLACK)


class Snapshot:
    """One analysed version: the text, its line index and its analysis, consistent.

    Never changed once made (features running in other threads share it). A plain class,
    not a frozen dataclass: this module loads before ``initialize``, and generating a
    frozen dataclass's methods costs ~0.35 ms of every start.
    """

    __slots__ = ("_wires", "analysis", "index", "stamp", "uri", "version")

    def __init__(
        self, uri: str, version: int, index: ClientMapper, analysis: Analysis, stamp: int = 0
    ) -> None:
        """``stamp``: the context stamp (settings/discovery changes) it was analysed under."""
        self.uri = uri
        self.version = version
        self.index = index
        self.analysis = analysis
        self.stamp = stamp
        self._wires: dict[str, Wire] = {}

    @property
    def text(self) -> str:
        """The exact text that was analysed."""
        return self.index.text

    def wire(self, marker: str) -> Wire:
        """This version's halves and wire sizes under ``marker``, measured once.

        Hover, lens, symbols and ``renderWire`` all ask for the same split; keeping it on
        the snapshot makes "once per version" hold by construction, and the measure goes
        away with the version. Two threads racing here both compute the same value.
        """
        found = self._wires.get(marker)
        if found is None:
            found = self._wires[marker] = later.wire.wire_of(self.text, marker)
        return found


class Document(Record, frozen=False, eq=False):
    """The server's copy of one open document."""

    uri: str
    path: str | None
    version: int
    source: ChunkedText
    """The text, as chunks that take a keystroke without copying the rest."""
    language_id: str = ""
    _index: ClientMapper | None = None
    snapshot: Snapshot | None = None
    snapshot_key: tuple[int, int] | None = None
    pending: asyncio.Future[Snapshot] | None = None
    pending_key: tuple[int, int] | None = None
    publish_task: asyncio.Task[None] | None = None
    closed: bool = False
    epoch: int = 0
    """Bumped when something this document depends on changed (e.g. its discovery)."""
    cost: float = 0.0
    """Wall seconds its last analysis took (the worker measures it): sets the lead."""

    @property
    def text(self) -> str:
        """The current text (joined from its chunks once per version that is read)."""
        return self.source.text

    def index(self, encoding: str) -> ClientMapper:
        """Position mapper of the current text, made once per version (and encoding)."""
        current = self._index
        text = self.text
        if current is None or current.text is not text or current.encoding != encoding:
            self._index = current = ClientMapper(text, encoding)
        return current


Analyzer = Callable[[Document, str], Analysis]
"""Computes the analysis of a document's text (runs in a worker thread)."""
Publisher = Callable[[Document, Snapshot], None]
"""Called in the event loop with a fresh snapshot of the current version."""


class Documents:
    """Text store plus the per-version analysis cache and debounced publication."""

    def __init__(self, analyzer: Analyzer, publisher: Publisher, encoding: str) -> None:
        """``analyzer`` and ``publisher`` are closures built by the server factory."""
        self._analyzer = analyzer
        self._publisher = publisher
        self.encoding = encoding
        self.generation = 0
        """Bumped when settings or discovery change: every cached analysis goes stale."""
        self._docs: dict[str, Document] = {}

    def __iter__(self) -> Iterator[Document]:
        """Iterate over the open documents (a copy: safe while documents close)."""
        return iter(list(self._docs.values()))

    def get(self, uri: str) -> Document | None:
        """The open document at ``uri``, if any."""
        return self._docs.get(uri)

    def open(self, uri: str, path: str | None, version: int, text: str, language: str) -> None:
        """Start tracking a document and analyse it right away."""
        old = self._docs.pop(uri, None)
        if old is not None:
            self._forget(old)
        source = ChunkedText(text)
        doc = Document(uri=uri, path=path, version=version, source=source, language_id=language)
        self._docs[uri] = doc
        self.schedule(doc, OPEN_DELAY)

    def change(
        self, uri: str, version: int, changes: Iterable[types.TextDocumentContentChangeEvent]
    ) -> None:
        """Apply incremental (or full) changes in order and debounce the analysis.

        A keystroke rewrites the chunk it falls in (``text/chunks.py``): its cost grows
        with the edit, not the document; the text and its line index are made again
        only when a version is analysed or read."""
        doc = self._docs.get(uri)
        if doc is None:
            log.warning("didChange for a document that is not open: %s", uri)
            return
        encoding = encoding_name(self.encoding)
        for change in changes:
            if isinstance(change, types.TextDocumentContentChangePartial):
                start, end = change.range.start, change.range.end
                where = (start.line, start.character), (end.line, end.character)
                doc.source.replace(*where, change.text, encoding)
            else:
                doc.source = ChunkedText(change.text)
        doc.version = version
        self.schedule(doc, CHANGE_DELAY)

    def close(self, uri: str) -> Document | None:
        """Stop tracking a document; anything pending for it is cancelled."""
        doc = self._docs.pop(uri, None)
        if doc is not None:
            self._forget(doc)
        return doc

    def _forget(self, doc: Document) -> None:
        """Cancel a document's pending publication and drop its cached results."""
        doc.closed = True
        if doc.publish_task is not None:
            doc.publish_task.cancel()
            doc.publish_task = None
        doc.pending = None
        doc.snapshot = None

    def invalidate(self, docs: Iterable[Document], delay: float = 0.0) -> None:
        """Some documents' context changed: recompute and republish just those."""
        for doc in docs:
            doc.epoch += 1
            self.schedule(doc, delay)

    def invalidate_all(self, delay: float = 0.0) -> None:
        """Settings or discovery changed: recompute and republish every open document."""
        self.generation += 1
        for doc in list(self._docs.values()):
            self.schedule(doc, delay)

    def schedule(self, doc: Document, delay: float) -> None:
        """(Re)start the debounced analyse-and-publish task for the current version."""
        if doc.publish_task is not None:
            doc.publish_task.cancel()
        doc.publish_task = asyncio.get_running_loop().create_task(
            self._publish_later(doc, doc.version, delay)
        )

    async def _publish_later(self, doc: Document, version: int, delay: float) -> None:
        """Wait out the debounce, analyse, and publish only if still current.

        The analysis starts :func:`lead_time` before the delay ends and the publication
        waits for the rest of it, so a slow analysis overlaps the quiet period.
        """
        if delay > 0:
            loop = asyncio.get_running_loop()
            due = loop.time() + delay
            await asyncio.sleep(delay - lead_time(delay, doc.cost))
            snapshot = await self.snapshot(doc)
            rest = due - loop.time()
            if rest > 0:
                await asyncio.sleep(rest)
        else:
            snapshot = await self.snapshot(doc)
        if snapshot is None or doc.closed or doc.version != version:
            return
        if snapshot.version != doc.version:
            return
        try:
            self._publisher(doc, snapshot)
        except Exception:
            log.exception("publishing diagnostics for %s failed", doc.uri)

    async def snapshot(self, doc: Document) -> Snapshot | None:
        """The analysed snapshot of the current version, computed at most once.

        Returns ``None`` when the document is closed before the analysis finishes.
        """
        # generation and epoch only grow, so their sum identifies this document's context.
        key = (doc.version, self.generation + doc.epoch)
        if doc.snapshot is not None and doc.snapshot_key == key:
            return doc.snapshot
        if doc.pending is None or doc.pending_key != key:
            doc.pending_key = key
            doc.pending = asyncio.get_running_loop().create_future()
            pending = doc.pending
            index = doc.index(self.encoding)
            task = asyncio.get_running_loop().run_in_executor(None, self._analyze, doc, index, key)
            task.add_done_callback(lambda fut: self._settle(doc, key, pending, fut))
        future = doc.pending
        try:
            return await asyncio.shield(future)
        except asyncio.CancelledError:
            if future.cancelled() and doc.closed:
                return None
            raise

    def _analyze(self, doc: Document, index: ClientMapper, key: tuple[int, int]) -> Snapshot:
        """Worker-thread body: analyse one text; failures become an empty analysis."""
        began = time.perf_counter()
        try:
            analysis = self._analyzer(doc, index.text)
        except Exception:
            log.exception("analysis of %s failed", doc.uri)
            analysis = _empty_analysis(index.text, doc.path)
        doc.cost = time.perf_counter() - began
        return Snapshot(doc.uri, key[0], index, analysis, key[1])

    def _settle(
        self,
        doc: Document,
        key: tuple[int, int],
        pending: asyncio.Future[Snapshot],
        done: asyncio.Future[Snapshot],
    ) -> None:
        """Hand the worker's result to every waiter and cache it if still current."""
        if pending.done():
            return
        if done.cancelled():
            pending.cancel()
            return
        exc = done.exception()
        if exc is not None:
            pending.set_exception(exc)
            return
        snapshot = done.result()
        if doc.closed:
            pending.cancel()
            return
        if doc.pending_key == key:
            doc.snapshot, doc.snapshot_key = snapshot, key
        pending.set_result(snapshot)

    async def settled(self) -> None:
        """Wait until every publication scheduled so far has run (or was cancelled)."""
        pending = [
            doc.publish_task
            for doc in self._docs.values()
            if doc.publish_task is not None and not doc.publish_task.done()
        ]
        if pending:
            await asyncio.wait(pending)

    def close_all(self) -> None:
        """Cancel everything (shutdown)."""
        for doc in list(self._docs.values()):
            self.close(doc.uri)


def _empty_analysis(text: str, path: str | None) -> Analysis:
    """What features see when the analysis itself failed: no markers, no findings."""
    return Analysis(text=text, kind=DocumentKind.OTHER, markers=(), findings=(), path=path)
