"""The ``promptls`` command line: a thin argparse front over the pure core.

Importing this module must not import pygls or lsprotocol (a test checks ``sys.modules``):
CI runs ``promptls check`` on every push and start-up time is the user's time.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, NoReturn

from promptls import __version__, later
from promptls.commands import COMMAND_MODULES, UsageError

if TYPE_CHECKING:
    import argparse

EDITOR_SERVE = (("serve",), ("serve", "--stdio"))
"""The command lines editors start the server with: served without building a parser
(building one costs ~3 ms of CPU on every editor start, before ``initialize``)."""


_collector_paused = False
"""Whether ``console`` paused the cycle collector for the start-up (``_end_start_up``)."""


def _load_commands(names: Sequence[str]) -> list[ModuleType]:
    """Import the named subcommand modules, and only those."""
    # Deferred (cli → commands): each command imports what it runs on; --version needs none.
    return [importlib.import_module(f"promptls.commands.{name}") for name in names]


def _parser_class() -> type[argparse.ArgumentParser]:
    """An argparse parser whose usage errors are one line, like every other user error.

    argparse prints the whole usage block before the message; in CI logs that buries the
    one sentence that says what went wrong, so the usage stays behind ``--help``.
    """

    class _Formatter(later.argparse.HelpFormatter):
        def __init__(self, prog: str, *args: Any, **kwargs: Any) -> None:
            if len(args) < 3 and kwargs.get("width") is None:
                kwargs["width"] = terminal_columns() - 2  # what argparse subtracts
            super().__init__(prog, *args, **kwargs)

    class _Parser(later.argparse.ArgumentParser):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            kwargs.setdefault("formatter_class", _Formatter)
            super().__init__(*args, **kwargs)

        def error(self, message: str) -> NoReturn:
            self.exit(2, f"{self.prog}: error: {message} (see --help)\n")

    return _Parser


def terminal_columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size`` gives it (``$COLUMNS``, else
    standard output's terminal, else 80), for help text. argparse asks ``shutil`` for it
    whenever an argument is added (it formats each to check it), and importing
    ``shutil`` costs ~3 ms of every command (it loads the compression modules)."""
    with contextlib.suppress(KeyError, ValueError):
        columns = int(os.environ["COLUMNS"])
        if columns > 0:
            return columns
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or 80  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        return 80


def build_parser(only: str | None = None, *, commands: bool = True) -> argparse.ArgumentParser:
    """Build the parser with one subparser per command module (or just ``only``, or none)."""
    parser_class = _parser_class()
    parser = parser_class(
        prog="promptls",
        description="Lint, preview and serve agent system prompts and instruction files.",
    )
    parser.add_argument("--version", action="version", version=f"promptls {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=parser_class)
    names = (COMMAND_MODULES if only is None else (only,)) if commands else ()
    for module in _load_commands(names):
        command = sub.add_parser(module.NAME, help=module.HELP, description=module.HELP)
        module.add_arguments(command)
        command.set_defaults(_run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; user errors become one line on stderr and exit status 2."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    # `promptls serve` is started by every editor session and `check` by every CI step:
    # building only the named command's parser skips importing the other command
    # modules (~10-25 ms of start-up, measured by scripts/bench). Help and errors for the
    # named command read the same; anything else gets the full parser. `--version` (what
    # editors and scripts probe) needs no command at all: argparse answers it and exits
    # before any later argument is looked at.
    first = args_list[0] if args_list else None
    run: Callable[[Any], int] | None
    args: argparse.Namespace | None = None
    if tuple(args_list) in EDITOR_SERVE:
        [serve] = _load_commands(["serve"])
        run = serve.run_stdio
    else:
        parser = build_parser(
            first if first in COMMAND_MODULES else None, commands=first != "--version"
        )
        args = parser.parse_args(argv)
        run = getattr(args, "_run", None)
        if run is None:
            parser.print_help(sys.stderr)
            return 2
    _end_start_up()
    try:
        status: int = run(args)
    except UsageError as exc:
        print(f"promptls: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # `promptls render big.txt | head` is normal use, not a failure.
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        return 130
    return status


def console() -> NoReturn:
    """The ``promptls`` program: :func:`main`, then leave without tearing the interpreter
    down.

    After a large ``check`` the process holds thousands of analyses; freeing them one by
    one, and the modules after them, took ~30 ms of every run (measured on the 4,020-file
    tree). Nothing is lost by skipping it: every command writes its files before it
    returns, and what it printed is flushed here. ``main`` itself stays an ordinary
    function for callers that run it in their own process.
    """
    global _collector_paused
    if gc.isenabled():
        gc.disable()
        _collector_paused = True
    try:
        status = main()
    except SystemExit as exc:  # argparse's --help, --version and usage errors
        status = _exit_status(exc.code)
    logging = sys.modules.get("logging")  # flush log files, if anything logged at all
    if logging is not None:
        logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # a closed pipe (`| head`) or stream
            stream.flush()
    os._exit(status)


def _end_start_up() -> None:
    """Resume the cycle collector, without the objects the start-up made, once the
    command's modules are loaded (``console`` pauses it).

    Importing a command makes tens of thousands of objects (modules, classes,
    functions) that live as long as the process; with the collector on, each allocation
    burst walked them again (~2% of ``promptls context``'s instructions, measured with
    callgrind). ``gc.freeze`` moves them out of its sight; what the command makes is
    collected as usual, so a long ``check`` or ``serve`` keeps its memory bounded. A
    library caller of ``main`` never paused the collector, and this leaves its settings
    alone."""
    global _collector_paused
    if _collector_paused:
        _collector_paused = False
        gc.freeze()
        gc.enable()


def _exit_status(code: object) -> int:
    """The status ``sys.exit(code)`` would give: None is 0, a number is itself, anything
    else is printed to stderr and gives 1."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=sys.stderr)
    return 1


if __name__ == "__main__":
    console()
