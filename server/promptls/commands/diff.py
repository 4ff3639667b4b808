"""``promptls diff BASE [HEAD]``: what a change does for each agent.

BASE and HEAD are git revisions of the repository around ``--dir`` (default: the
current folder) or two folders; without HEAD the files as they are now. A revision is
read by :mod:`._revision` (``git archive`` into a temporary folder; a ref or a hash only,
never an option). Both sides go through the same discovery, rendering and check as
``context``, ``preview`` and ``check`` (:mod:`._diff_model` compares them), for every
agent either side is set up for (or ``--profile``). Output: ``text``, ``json`` or
``markdown`` (a pull-request comment or job summary: :mod:`._diff_output`). Exit status
1 when HEAD has a finding BASE did not (at or above ``--fail-on``) or an agent newly
cuts or drops a file for its budget; 0 otherwise; 2 for a usage error.
"""

from __future__ import annotations

import argparse
import sys
from contextlib import ExitStack
from datetime import date
from pathlib import Path

from promptls.analysis.model import Severity
from promptls.assembly.assemble import assemble_prompt
from promptls.commands._check_since import relative
from promptls.commands._common import (
    add_fail_on_argument,
    add_home_argument,
    logical_path,
    resolve_dir,
    resolve_home,
    resolve_today,
    setup_stdout,
)
from promptls.commands._diff_model import Side, Tree, agent_side, compare
from promptls.commands._diff_output import FORMATS
from promptls.commands._revision import checkout, refuse_option
from promptls.commands.check import check_paths
from promptls.commands.context import _profiles as profiles_for
from promptls.commands.preview import measured_rendering
from promptls.discovery import PROFILES
from promptls.discovery.setup import detect_setups
from promptls.record import replace
from promptls.text import runmemo

NAME = "diff"
HELP = "show what a change does for each agent: files sent, sizes, cached prefix, new findings"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """BASE, HEAD, --dir, --format, --profile, --fail-on and --home."""
    parser.add_argument("base", metavar="BASE", help="git revision or folder to compare from")
    parser.add_argument(
        "head",
        metavar="HEAD",
        nargs="?",
        help="git revision or folder to compare to (default: the files as they are)",
    )
    parser.add_argument(
        "--dir", default=".", metavar="DIR", help="folder in the repository (default: .)"
    )
    parser.add_argument("--format", choices=tuple(FORMATS), default="text")
    parser.add_argument(
        "--profile",
        help=f"one agent: {', '.join(PROFILES)} (default: every agent either side is set up for)",
    )
    add_fail_on_argument(parser, "a new finding")
    add_home_argument(parser)


def run(args: argparse.Namespace) -> int:
    """Compare the two sides and print the change."""
    folder = resolve_dir(args.dir)
    home, today = resolve_home(args), resolve_today()
    for spec in (args.base, args.head):
        if spec is not None and not Path(spec).is_dir():
            refuse_option(spec, "diff")
    with ExitStack() as stack, runmemo.run_memo():
        base = _open(args.base, folder, stack)
        head = _open(args.head, folder, stack)
        if args.head is None and base.top != base.shown_top:
            # against a revision, the working folder's paths are shown from the same top
            head = replace(head, top=base.shown_top, shown_top=base.shown_top)
        base = replace(base, shown_top=head.shown_top)
        set_up = [frozenset(s.profile for s in detect_setups(t.root)) for t in (base, head)]
        names = dict.fromkeys([*profiles_for(base.root, args.profile)])
        names.update(dict.fromkeys(profiles_for(head.root, args.profile)))
        old = _side(base, list(names), set_up[0], args, home, today)
        new = _side(head, list(names), set_up[1], args, home, today)
        change = compare(old, new)
    setup_stdout()
    sys.stdout.write(FORMATS[args.format](change))
    fail = Severity(args.fail_on).rank
    failing = any(n.finding.severity.rank <= fail for n in change.findings)
    return 1 if failing or any(a.newly_over for a in change.agents) else 0


def _open(spec: str | None, folder: str, stack: ExitStack) -> Tree:
    """One side on disk: the working folder, a folder given, or a revision's tree."""
    if spec is None:
        return Tree("working tree", folder, folder, folder)
    if Path(spec).is_dir():
        root = logical_path(spec)
        return Tree(spec, root, root, root)
    tree = stack.enter_context(checkout(spec, folder, "diff", missing_ok=True))
    return Tree(spec, tree.root, tree.tree, tree.logical_top)


def _side(
    tree: Tree,
    names: list[str],
    set_up: frozenset[str],
    args: argparse.Namespace,
    home: str | None,
    today: date | None,
) -> Side:
    """One side through the same discovery, rendering and check as the other commands."""
    agents = {}
    for name in names:
        prompt = assemble_prompt(tree.root, profile=name, home=home, today=today)
        agents[name] = agent_side(
            tree, prompt.discovery, measured_rendering(prompt), name in set_up, PROFILES[name].title
        )
    reports, files = check_paths([tree.root], home, profile=args.profile)
    return Side(tree, agents, reports, frozenset(relative(p, tree.root) for p in files))
