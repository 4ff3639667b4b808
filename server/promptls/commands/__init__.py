"""Subcommands of the ``promptls`` CLI, one module each.

Each module defines ``NAME``, ``HELP``, ``add_arguments(parser)`` and ``run(args) -> int``
and imports what it runs on at the top: the CLI imports only the module of the command it
runs (``--version`` imports none), so one command never pays for another's imports. None
of them imports pygls or lsprotocol: only ``serve`` reaches the LSP layer, in ``run``.
"""

from __future__ import annotations


class UsageError(Exception):
    """A mistake the user can fix (missing file, bad option, invalid config).

    The CLI prints its message as one line on stderr and exits 2, never a traceback.
    """


COMMAND_MODULES = (
    "check",
    "render",
    "context",
    "preview",
    "diff",
    "rules",
    "rule",
    "explain",
    "observe",
    "serve",
    "mcp",
    "api_json",
)
"""Subcommand modules in the order ``--help`` lists them."""
