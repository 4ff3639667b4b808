"""Subcommands of the ``promptls`` CLI, one module each.

Each module defines ``NAME``, ``HELP``, ``add_arguments(parser)`` and ``run(args) -> int``.
Modules keep their heavier imports inside ``run`` so that ``promptls --help`` and every
other subcommand start fast, and none of them imports pygls or lsprotocol at module level:
only ``serve`` reaches the LSP layer, lazily.
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
    "rules",
    "explain",
    "serve",
    "api_json",
)
"""Subcommand modules in the order ``--help`` lists them; missing ones are skipped."""
