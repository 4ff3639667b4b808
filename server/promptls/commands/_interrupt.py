"""Ctrl-C ends a stdio server (``serve``, ``mcp``) at once, with the status every command
ends with after an interrupt (130).

Left to Python, the interrupt reaches the event loop, whose shutdown then waits for the
thread reading stdin: the server hung until its input closed. Nothing is lost by leaving
at once: these servers write no file but the language server's code cache, and that
atomically; the log is flushed first. A SIGINT the server was started with ignored (by
job control, or an editor) stays ignored.

The kernel may deliver the signal to any of the server's threads. Python runs a handler
only on the main thread, and only once that thread runs Python again: a server idle in
its event loop while the signal landed on the thread reading stdin would keep running.
So a small thread also watches the signal wake-up descriptor, which the interpreter
writes to from whichever thread received the signal, and leaves from there.
"""

from __future__ import annotations

import logging
import os
import signal
import threading


def _leave(_signum: int = signal.SIGINT, _frame: object = None) -> None:
    """Flush the log and exit with 130, from whichever thread sees the interrupt first."""
    logging.shutdown()
    os._exit(130)


def _watch(wakeup: int) -> None:
    """Leave once the wake-up descriptor says SIGINT arrived (it carries each signal's
    number, for every signal with a Python handler)."""
    while data := os.read(wakeup, 64):
        if signal.SIGINT in data:
            _leave()


def leave_on_interrupt() -> None:
    """From now on, SIGINT flushes the log and exits with 130 (unless it is ignored).
    Call it on the main thread, before the server starts its own threads."""
    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        return
    signal.signal(signal.SIGINT, _leave)
    wakeup, written = os.pipe()
    os.set_blocking(written, False)
    signal.set_wakeup_fd(written, warn_on_full_buffer=False)
    threading.Thread(target=_watch, args=(wakeup,), name="promptls-interrupt", daemon=True).start()
