"""When a debounced analysis starts and when its diagnostics appear.

A user who stops typing in a 1 MB prompt sees diagnostics 150 ms later, not 150 ms plus
the analysis: the server starts a slow document's analysis early and still publishes no
sooner than the delay. A small document is not analysed during short pauses in typing.
The server's :class:`Documents` is driven directly with a stand-in analyzer that records
when it runs, and a publisher that records what reaches the client.
"""

from __future__ import annotations

import asyncio
import threading
import time

from lsprotocol import types

from promptls.analysis.model import Analysis, DocumentKind
from promptls.lsp.documents import CHANGE_DELAY, Document, Documents, Snapshot, lead_time

URI = "file:///work/big.prompt.md"


class Recorder:
    """A stand-in analyzer and publisher that note when they run and for which version."""

    def __init__(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.analysed: list[tuple[int, float]] = []
        self.published: list[tuple[int, float]] = []
        self.hold: dict[int, threading.Event] = {}
        """Versions whose analysis waits until the test sets the event."""
        self.started: dict[int, asyncio.Event] = {}
        self.arrived = asyncio.Event()

    def analyze(self, doc: Document, text: str) -> Analysis:
        version = int(text.rsplit(" ", 1)[-1])
        self.analysed.append((version, time.perf_counter()))
        if version in self.started:
            self.loop.call_soon_threadsafe(self.started[version].set)
        if version in self.hold:
            self.hold[version].wait(10)
        return Analysis(text=text, kind=DocumentKind.PROMPT, markers=(), findings=(), path=None)

    def publish(self, doc: Document, snapshot: Snapshot) -> None:
        self.published.append((snapshot.version, time.perf_counter()))
        self.arrived.set()

    async def published_version(self, version: int) -> float:
        """Wait until ``version`` is published; when it was."""
        while True:
            for seen, at in self.published:
                if seen == version:
                    return at
            self.arrived.clear()
            await asyncio.wait_for(self.arrived.wait(), 10)


def _edit(docs: Documents, version: int) -> float:
    """Replace the text with one ending in its version number; when it was sent."""
    sent = time.perf_counter()
    docs.change(URI, version, [types.TextDocumentContentChangeWholeDocument(text=f"v {version}")])
    return sent


async def _opened(cost: float) -> tuple[Documents, Recorder]:
    """A document opened and published, whose last analysis is known to take ``cost``."""
    rec = Recorder()
    docs = Documents(rec.analyze, rec.publish, "utf-16")
    docs.open(URI, "/work/big.prompt.md", 1, "v 1", "markdown")
    await rec.published_version(1)
    doc = docs.get(URI)
    assert doc is not None
    doc.cost = cost  # what the worker measured for the last analysis
    return docs, rec


def test_the_lead_follows_the_last_analysis_and_never_exceeds_the_delay() -> None:
    assert lead_time(0.15, 0.0) < 0.005
    assert 0.03 < lead_time(0.15, 0.025) < 0.15
    assert lead_time(0.15, 1.0) == 0.15


async def test_the_worker_measures_each_analysis() -> None:
    docs, rec = await _opened(cost=0.0)
    doc = docs.get(URI)
    assert doc is not None
    rec.hold[2] = threading.Event()
    rec.started[2] = asyncio.Event()
    _edit(docs, 2)
    snapshot = asyncio.ensure_future(docs.snapshot(doc))  # a hover does not wait either
    await rec.started[2].wait()
    released = time.perf_counter()
    rec.hold[2].set()
    await snapshot
    done = time.perf_counter()
    began = dict(rec.analysed)[2]
    assert released - began <= doc.cost <= done - began


async def test_a_slow_documents_analysis_starts_early_and_publishes_after_the_delay() -> None:
    docs, rec = await _opened(cost=0.1)
    sent = _edit(docs, 2)
    published = await rec.published_version(2)
    analysed = dict(rec.analysed)[2]
    assert analysed - sent < CHANGE_DELAY, "the analysis waited out the whole delay"
    assert published - sent >= CHANGE_DELAY, "diagnostics came before the delay was over"


async def test_a_quick_documents_analysis_waits_for_the_pause() -> None:
    docs, rec = await _opened(cost=0.0)
    sent = _edit(docs, 2)
    await rec.published_version(2)
    analysed = dict(rec.analysed)[2]
    assert analysed - sent >= CHANGE_DELAY - lead_time(CHANGE_DELAY, 0.0)


async def test_typing_during_the_early_analysis_publishes_only_the_newer_version() -> None:
    docs, rec = await _opened(cost=0.1)
    rec.hold[2] = threading.Event()
    rec.started[2] = asyncio.Event()
    _edit(docs, 2)
    await rec.started[2].wait()
    sent = _edit(docs, 3)
    rec.hold[2].set()
    published = await rec.published_version(3)
    await docs.settled()
    assert [version for version, _ in rec.published] == [1, 3]
    assert published - sent >= CHANGE_DELAY


async def test_closing_during_the_early_analysis_publishes_nothing() -> None:
    docs, rec = await _opened(cost=0.1)
    rec.hold[2] = threading.Event()
    rec.started[2] = asyncio.Event()
    _edit(docs, 2)
    await rec.started[2].wait()
    docs.close(URI)
    rec.hold[2].set()
    await docs.settled()
    # Another document's full delay passes: version 2's publication would have come by now.
    docs.open("file:///work/other.md", None, 1, "v 7", "markdown")
    other = [types.TextDocumentContentChangeWholeDocument(text="v 8")]
    docs.change("file:///work/other.md", 8, other)
    await rec.published_version(8)
    assert 2 not in [version for version, _ in rec.published]
