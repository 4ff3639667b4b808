"""``promptls observe --agent NAME [DIR]``: run your own installed agent once, headless,
against a recording mock on 127.0.0.1, and compare what it sent with what promptls
predicts (``context``/``preview`` for that agent).

The one command that runs the user's agent, under the contract docs/observe.md states:
loopback only, a fake credential and none of the user's, plain-text answers (no tool
call), the user's agent folders and the repository untouched, hooks named before the
run, a time limit, and every process stopped on exit or Ctrl-C.

Formats: ``text`` (the report), ``json`` (the same, camelCase), ``wire`` (the framed
text the agent sent, raw UTF-8). Exit 0 when observation and prediction agree, 1 when
they differ, 2 for errors (missing or too old agent, a login the mock cannot satisfy).
``--plan`` runs no session: it reads the version and lists the hooks (what an editor
asks about before it runs).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from promptls import later
from promptls.agents.model import Verification
from promptls.agents.registry import PROFILES
from promptls.commands import UsageError
from promptls.commands._common import (
    add_home_argument,
    print_json,
    resolve_dir,
    resolve_home,
    setup_stdout,
)

NAME = "observe"
HELP = "run your installed agent against a local recording mock and compare with promptls"
FORMATS = ("text", "json", "wire")
ORACLE_AGENTS = tuple(
    name
    for name, p in PROFILES.items()
    if p.verified_by is not None and p.verified_by.method is Verification.ORACLE
)
"""The agents observe runs: those the oracle runs (each has a pin and an adapter), named
from the registry so that building the parser loads no oracle module."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """--agent, DIR, --agent-bin, --format, --timeout, --skip-hooks, --plan, --home."""
    parser.add_argument("dir", metavar="DIR", nargs="?", default=".", help="workspace folder")
    parser.add_argument("--agent", required=True, help=f"the agent: {', '.join(ORACLE_AGENTS)}")
    parser.add_argument(
        "--agent-bin", metavar="PROGRAM", help="the agent's program (default: found on PATH)"
    )
    parser.add_argument("--format", choices=FORMATS, default="text", help="output form")
    parser.add_argument(
        "--timeout", type=float, default=90.0, metavar="SECONDS", help="time limit for the agent"
    )
    parser.add_argument(
        "--skip-hooks",
        action="store_true",
        help="switch the start-up hooks your settings configure off (the agent's own switch)",
    )
    parser.add_argument(
        "--plan",
        action="store_true",
        help="run no session: show the agent's version, what is carried and its hooks",
    )
    add_home_argument(parser)


def run(args: argparse.Namespace) -> int:
    """Observe, print in the chosen form, exit 0/1 by agreement."""
    supported = later.oracle_observe.supported()
    if args.agent not in supported:
        raise UsageError(f"unknown agent {args.agent!r} (choose from {', '.join(supported)})")
    if args.timeout <= 0:
        raise UsageError("--timeout must be a positive number of seconds")
    folder = Path(resolve_dir(args.dir))
    configured = resolve_home(args)
    home = Path(configured) if configured is not None else None

    def before_run(plan: later.oracle_observe.Plan) -> bool:
        notice = later.oracle_report.hooks_notice(plan)
        if notice and not args.plan:
            print(f"promptls: {notice}", file=sys.stderr, flush=True)
        return not args.plan

    try:
        result = later.oracle_observe.observe(
            args.agent,
            folder,
            agent_bin=args.agent_bin,
            home=home,
            timeout=args.timeout,
            skip_hooks=args.skip_hooks,
            before_run=before_run,
        )
    except later.oracle_observe.ObserveError as exc:
        raise UsageError(str(exc)) from None
    if isinstance(result, later.oracle_observe.Plan):
        if args.format == "json":
            print_json(later.oracle_report.plan_json(result))
        else:
            setup_stdout()
            print(later.oracle_report.plan_text(result))
        return 0
    if args.format == "json":
        print_json(later.oracle_report.report_json(result))
    elif args.format == "wire":
        sys.stdout.flush()
        sys.stdout.buffer.write(result.wire.encode("utf-8", "surrogatepass"))
        sys.stdout.buffer.flush()
    else:
        setup_stdout()
        print(later.oracle_report.report_text(result))
    return 0 if result.agrees else 1
