"""Ctrl-C ends a stdio server (``serve``, ``mcp``) at once, with the status every command
ends with after an interrupt (130).

Left to Python, the interrupt reaches the event loop, whose shutdown then waits for the
thread reading stdin: the server hung until its input closed. Nothing is lost by leaving
at once: these servers write no file but the language server's code cache, and that
atomically; the log is flushed first. A SIGINT the server was started with ignored (by
job control, or an editor) stays ignored.
"""

from __future__ import annotations

import logging
import os
import signal


def leave_on_interrupt() -> None:
    """From now on, SIGINT flushes the log and exits with 130 (unless it is ignored)."""
    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        return

    def leave(_signum: int, _frame: object) -> None:
        logging.shutdown()
        os._exit(130)

    signal.signal(signal.SIGINT, leave)
