"""``promptls serve``: run the language server over stdio (default) or TCP."""

from __future__ import annotations

import contextlib
import gc
import logging
from collections.abc import Iterator
from typing import TYPE_CHECKING

from promptls import later
from promptls.commands import UsageError
from promptls.commands._interrupt import leave_on_interrupt

if TYPE_CHECKING:
    import argparse

    from promptls.lsp.codecache import CodeCache
    from promptls.lsp.server import PromptServer

log = logging.getLogger(__name__)

NAME = "serve"
HELP = "Run the promptls language server (stdio by default)."

LOG_LEVELS = ("debug", "info", "warning", "error")

_NEVER_DURING_START = 1 << 30
"""A GC threshold no start-up reaches: those collections wait until it is over."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Transport and logging options; stdio needs no option at all."""
    transport = parser.add_mutually_exclusive_group()
    transport.add_argument(
        "--stdio", action="store_true", help="speak LSP on stdin/stdout (the default)"
    )
    transport.add_argument("--tcp", metavar="HOST:PORT", help="listen on a TCP socket instead")
    parser.add_argument("--log-file", metavar="FILE", help="write the server log to FILE")
    parser.add_argument(
        "--log-level",
        default="warning",
        choices=LOG_LEVELS,
        help="log verbosity (default: warning)",
    )


def _host_port(value: str) -> tuple[str, int]:
    """Parse ``HOST:PORT`` (``[::1]:PORT`` for IPv6) or fail with a usage error."""
    host, sep, port = value.rpartition(":")
    host = host.strip("[]")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise UsageError(f"--tcp expects HOST:PORT, got {value!r}")
    return host, int(port)


_prepared: list[CodeCache | None] = []
"""The code cache :func:`prepare` started, in a host that prepared before forking."""


def prepare() -> None:
    """Import the LSP stack now, through the code cache, as a server's start would, and
    make the converter every server of this process shares.

    For a host that forks servers from one prepared process (the test suite's fork
    server, ``tests/forkserver.py``): each child then starts at ``create_server``
    with nothing left to import, the server a fresh ``promptls serve`` with the host's
    environment would be. The host must fork before it starts any thread.
    """
    with _starting():
        cache = _import_stack()
        _report(cache)
        _prepared[:] = [cache]


def _build_server() -> PromptServer:
    """Import the LSP stack (unless :func:`prepare` did) and build the server."""
    with _starting():
        cache = _prepared[0] if _prepared else _import_stack()
        server = later.lsp_server.create_server()
        server.code_cache = cache
        if not _prepared:
            _report(cache)
    return server


def _import_stack() -> CodeCache | None:
    """Import lsprotocol and pygls through the code cache (``lsp/codecache.py``, when it
    is on) and make pygls' converter; the cache it ran with."""
    cache = later.codecache.start()
    later.lsp_server.converter()
    return cache


def _report(cache: CodeCache | None) -> None:
    """Warn when the code cache had no effect; log what it did for the start."""
    if cache is not None and later.codecache.check_effect(cache):
        log.debug("code cache at start: %d reused, %d compiled", cache.reused, cache.compiled)


@contextlib.contextmanager
def _starting() -> Iterator[None]:
    """Start-up with only the youngest GC generation, then the start-up objects frozen.

    Importing lsprotocol leaves ~50 000 long-lived objects (its classes, the attrs and
    cattrs machinery). CPython would walk them again in middle-generation collections
    (~10 ms) and full ones (~18 ms, measured with ``gc.callbacks``) before
    ``initialize`` could be answered, finding almost nothing to free. Only those two
    are held off: youngest-generation collections still run and reclaim the import's
    short-lived cycles. What they miss is kept, about 1 MiB (RSS measured: 40.3 against
    39.3 MiB), while stopping the collector outright would keep ~9 MiB. Afterwards
    the start-up objects are frozen, so no full collection in the session walks them.
    """
    young, middle, old = gc.get_threshold()
    gc.set_threshold(young, _NEVER_DURING_START, _NEVER_DURING_START)
    try:
        yield
    finally:
        gc.set_threshold(young, middle, old)
    gc.freeze()


def run_stdio(_args: object = None) -> int:
    """``promptls serve [--stdio]``, as editors start it: what ``run`` does for those
    arguments, called by ``cli.main`` without building a parser (~3 ms of CPU per start)."""
    return _serve(None, None, "warning")


def run(args: argparse.Namespace) -> int:
    """Start the server; the LSP stack is imported only here so other commands stay fast."""
    return _serve(args.tcp, args.log_file, args.log_level)


def _serve(tcp_arg: str | None, log_file: str | None, log_level: str) -> int:
    """Set up logging, build the server and serve stdio or TCP until the client leaves."""
    tcp = _host_port(tcp_arg) if tcp_arg else None
    handlers: list[logging.Handler] = []
    if log_file:
        try:
            handlers.append(logging.FileHandler(log_file, encoding="utf-8"))
        except OSError as exc:
            raise UsageError(f"cannot open log file {log_file}: {exc.strerror}") from None
    else:
        handlers.append(logging.StreamHandler())  # stderr: stdout carries the protocol
    logging.basicConfig(
        level=getattr(logging, log_level.upper()),
        handlers=handlers,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    server = _build_server()
    leave_on_interrupt()
    if tcp is not None:
        server.start_tcp(*tcp)
    else:
        server.start_io()
    return 0
