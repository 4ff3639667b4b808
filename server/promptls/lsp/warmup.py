"""Loading the analysis around a new session's first open, so the user waits for neither.

``initialize`` must not wait for the analysis (the engine, discovery, config: ~30 ms of
imports), and the first ``didOpen`` must not wait for what only some documents need. So
the analysis loads in a background thread once ``initialize`` is answered, and the first
analysis waits for that thread rather than importing beside it (the work is the same, one
GIL, but the order is fixed and no module is ever seen half-imported); that analysis
then imports only the rules of its document's kind (``rules.of_kind``: a prompt needs
about half of them). What only some documents need, the other kinds' rules among it,
loads after the first diagnostics, a module at a time, each once the open documents are
analysed. Everything here is about order, not about what is analysed.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from typing import TYPE_CHECKING, cast

from lsprotocol import types

from promptls import later

if TYPE_CHECKING:
    from promptls.lsp.pygls_compat import PromptProtocol
    from promptls.lsp.server import PromptServer

log = logging.getLogger(__name__)

WARM_UP_WAIT = 30.0
"""Longest an analysis waits for the warm-up before loading what it needs itself."""

QUIET = 0.05
"""Seconds without a message before background loading goes on (``Warmup.rest``)."""

QUIET_AT_MOST = 0.5
"""Longest a module of ``Warmup.rest`` waits for a quiet moment: a client that never
pauses (a hover every few ms, typing) still gets everything loaded within seconds."""

_NO_FULL_COLLECTIONS = 1 << 30
"""A GC threshold the warm-up never reaches: its imports make objects that live for good."""


class Warmup:
    """The warm-up of one server: started once, waited for by threads and by the loop."""

    def __init__(self, server: PromptServer) -> None:
        self._server = server
        self.started = False
        self.warmed = threading.Event()
        """Set when the warm-up thread is done (for worker threads)."""
        self._done: asyncio.Event | None = None
        """Set in the event loop when the warm-up is done (for coroutines)."""
        self.rest_task: asyncio.Task[None] | None = None
        """``rest`` running beside the workspace scan (held so it is not collected)."""

    def start(self) -> None:
        """Load the analysis in a background thread, once per process.

        Called once ``initialize`` has been answered. It analyses nothing: the rules'
        patterns compile on first use (``promptls.text.lazyre``), so the first real
        analysis compiles only what its kind of document needs. Analysing sample texts
        here compiled every pattern of both kinds, ~1 ms that the first ``didOpen``
        waited for when it came at once.
        """
        if self.started:
            return
        self.started = True
        self._done = asyncio.Event()
        threading.Thread(target=self._run, name="promptls-warm-up", daemon=True).start()

    def wait(self) -> None:
        """Block a worker thread until the warm-up is over (at once if it never started)."""
        if self.started:
            self.warmed.wait(WARM_UP_WAIT)

    async def when_warm(self) -> None:
        """Wait (in the event loop) until the warm-up is over, or has taken too long."""
        done = self._done
        if done is not None:
            try:
                await asyncio.wait_for(done.wait(), WARM_UP_WAIT)
            except TimeoutError:
                log.warning("the warm-up is still running; going on without it")

    async def after_first_open(self, work: Callable[[], Awaitable[None]]) -> None:
        """Run ``work`` once the warm-up is over and the documents opened so far are analysed.

        For work the client does not wait on: run while the first ``didOpen`` is
        analysed, it would share the interpreter with that analysis and delay the
        diagnostics a new user is waiting for.
        """
        await self.when_warm()
        await self._server.documents.settled()
        await work()

    async def rest(self) -> None:
        """Load what only some documents need, so a later file does not wait for it: the
        deferred seams, then the rule modules no analysis has imported yet (the first
        analysis of a kind imports only its kind's, ``rules.of_kind``). One module at a
        time in a worker thread, each in a quiet moment (``quiet``), so a file opened or a
        hover asked meanwhile shares the interpreter with at most one module's import
        (~1-5 ms), not with all of them (~15 ms). Then, once more in a quiet moment, the
        code cache is saved if the session compiled anything new."""
        for name in later.names(later.When.AFTER_DIAGNOSTICS):
            await self.quiet()
            await asyncio.to_thread(_load_quietly, name)
        for name in later.analysis_rules.not_loaded():
            await self.quiet()
            await asyncio.to_thread(_load_rule_quietly, name)
        if self._server.code_cache is not None:
            await self.quiet()
            await asyncio.to_thread(self.save_code_cache)

    def save_code_cache(self) -> None:
        """Save the generated-code cache if this session compiled something new (after
        the warm-up's rest, and at shutdown for a session that ends before that)."""
        cache = self._server.code_cache
        if cache is None:
            return
        new = cache.compiled
        saved = cache.save()
        log.debug(
            "code cache %s: %d reused, %d compiled, %s",
            cache.path,
            cache.reused,
            new,
            "saved" if saved else "not saved",
        )

    async def quiet(self) -> None:
        """Until the open documents are analysed and no message has come for ``QUIET``
        seconds (``QUIET_AT_MOST`` at most): a user who opens a file often hovers or
        types at once, and an editor opening several files sends them back to back. The
        rest of the warm-up and the workspace scan's large files wait for it."""
        protocol = cast("PromptProtocol", self._server.protocol)
        give_up = time.monotonic() + QUIET_AT_MOST
        while True:
            await self._server.documents.settled()
            now = time.monotonic()
            waited = now - protocol.last_message
            if waited >= QUIET or now >= give_up:
                return
            await asyncio.sleep(min(QUIET - waited, give_up - now))

    def _run(self) -> None:
        """The warm-up thread: import, prepare the first publish, freeze what stays loaded."""
        try:
            with loading():
                for name in later.names(later.When.AFTER_INITIALIZE):
                    later.load(name)
                self._prepare_publish()
        except Exception:
            log.exception("warming up the analysis failed; the first analysis loads it")
        finally:
            self.warmed.set()
            self._tell_loop()

    def _tell_loop(self) -> None:
        """Wake what waits in the event loop for the warm-up (``after_first_open``)."""
        loop, done = self._server.loop, self._done
        if loop is None or done is None:
            return
        with contextlib.suppress(RuntimeError):  # the loop closed: the server is leaving
            loop.call_soon_threadsafe(done.set)

    def _prepare_publish(self) -> None:
        """Serialise one diagnostic, so the first publish finds lsprotocol's code made."""
        at = types.Position(line=0, character=0)
        diagnostic = types.Diagnostic(
            range=types.Range(start=at, end=at),
            message="",
            severity=types.DiagnosticSeverity.Warning,
            code="PL000",
            source="promptls",
            code_description=types.CodeDescription(href="https://example.invalid"),
        )
        params = types.PublishDiagnosticsParams(uri="file:///", diagnostics=[diagnostic], version=1)
        self._server.protocol._converter.unstructure(params)


def _load_quietly(name: str) -> None:
    """Import one seam (``promptls.later``); a failure is logged (it loads on first need)."""
    try:
        with loading():
            later.load(name)
    except Exception:
        log.exception("loading %s failed; it loads on first need", name)


def _load_rule_quietly(name: str) -> None:
    """Import one rule module (``rules.load``); a failure is logged (the analysis that
    needs the rule loads it, and fails there as loudly as the CLI)."""
    try:
        with loading():
            later.analysis_rules.load(name)
    except Exception:
        log.exception("loading the rule module %s failed", name)


@contextlib.contextmanager
def loading() -> Iterator[None]:
    """Like start-up (``commands/serve.py``), hold the older GC generations off while
    modules load (what they make lives as long as the process: walking it finds nothing
    to free), then freeze it with the start-up objects."""
    young, middle, old = gc.get_threshold()
    gc.set_threshold(young, _NO_FULL_COLLECTIONS, _NO_FULL_COLLECTIONS)
    try:
        yield
    finally:
        gc.set_threshold(young, middle, old)
        gc.freeze()
