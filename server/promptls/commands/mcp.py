"""``promptls mcp``: serve the MCP tools over stdio; ``--print-config CLIENT`` prints the
lines that add the server to an MCP client (docs/mcp.md has them all).

The server needs the optional ``mcp`` package (``pip install 'promptls[mcp]'``); without
it the command says so in one line. ``--print-config`` needs nothing beyond the core.
"""

from __future__ import annotations

import argparse
import sys

from promptls import later
from promptls.commands import UsageError
from promptls.commands._interrupt import leave_on_interrupt
from promptls.mcp.setup import CLIENTS

NAME = "mcp"
HELP = "Run the promptls MCP server on stdio (install with: pip install 'promptls[mcp]')."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``--print-config CLIENT``; serving needs no option."""
    parser.add_argument(
        "--print-config",
        metavar="CLIENT",
        choices=list(CLIENTS),
        help=f"print the set-up lines for one client ({', '.join(CLIENTS)}) and exit",
    )


def run(args: argparse.Namespace) -> int:
    """Print a client's set-up lines, or serve until the client closes stdin."""
    if args.print_config is not None:
        sys.stdout.write(CLIENTS[args.print_config].render())
        return 0
    try:
        server = later.mcp_server  # the SDK is an optional extra, loaded only to serve
    except ModuleNotFoundError as exc:
        if exc.name is None or exc.name.split(".")[0] != "mcp":
            raise
        raise UsageError("promptls mcp needs the MCP SDK: pip install 'promptls[mcp]'") from None
    leave_on_interrupt()
    return server.run_stdio()
