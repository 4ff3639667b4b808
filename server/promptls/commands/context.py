"""``promptls context [DIR]``: which instruction files an agent would load, and why not
the others.

For one profile (``--profile``, else the ``profile`` of the promptls config that
``check`` reads), every agent the repository is set up for (the default; ``or`` when
none is) or all of them (``--all-profiles``) it prints the loaded
files in order (scope, bytes, path), every file that was cut, dropped,
shadowed, skipped or failed to import with the reason, the skills the agent would list,
the environment, and the context revision (a short hash of exactly what the model would
see of the environment and instruction files).

Human output (``promptls.views.text``) shows paths relative to the current folder
when below it, home paths as ``~/…``, and escapes control, bidirectional and invisible
characters in paths, reasons and values, so a hostile file name cannot drive the
terminal. ``--json`` prints absolute paths and raw values, in the camelCase shape the
language server's ``promptls.showContextFiles`` returns (one serialiser,
``promptls.views.shapes``; described in ``promptls api-json``)::

    {"folder", "environment": {...},
     "profiles": [{"profile", "title", "projectRoot", "revision",
                   "files": [{"order", "path", "scope", "status", "bytes"}],
                   "entries": [{"path", "scope", "status", "reason", "size", "order",
                                "importedFrom", "line"}],
                   "skills": [{"name", "description", "path"}]}],
     "text"}

The shape is the same with one profile or all of them; with more than one, ``coverage``
is the matrix of real files by agents (``promptls.views.matrix``), first in the text.
PATH may be a file (or ``--for FILE`` names one below DIR): the answer is then for that
file, ``target`` in the JSON names it, rules whose globs match it load (the reason names
the glob), and nested files the agent reads when it works there are ``lazy`` entries.
For a file given as PATH the folder is the one the agent would be started in: the
current folder when the file is below it, else the file's repository (the nearest
folder above it holding ``.git``), else the file's own folder (docs/cli.md).
"""

from __future__ import annotations

import argparse
import os
import sys

from promptls import later
from promptls.agents.registry import AUTO_PROFILE
from promptls.assembly.environment import detect_environment
from promptls.assembly.render import context_revision
from promptls.commands import UsageError
from promptls.commands._common import (
    add_home_argument,
    check_profile,
    logical_path,
    print_json,
    resolve_dir,
    resolve_home,
    resolve_today,
    setup_stdout,
)
from promptls.discovery import PROFILES, Discovery, discover
from promptls.discovery.api import owning_folder
from promptls.discovery.setup import active_profiles
from promptls.discovery.skills import discover_skills
from promptls.text import runmemo
from promptls.text.escape import safe_line
from promptls.text.paths import within
from promptls.views.context_text import context_text
from promptls.views.text import ProfileContext

NAME = "context"
HELP = "show the instruction files each agent would load for a folder, and why"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """PATH, the profile choice, --json and --home."""
    parser.add_argument(
        "dir",
        metavar="PATH",
        nargs="?",
        default=".",
        help="workspace folder, or a file to answer for (its folder: see docs/cli.md)",
    )
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--profile",
        help=f"agent profile: {', '.join(PROFILES)} (default: every agent the repository "
        "is set up for, else or)",
    )
    group.add_argument("--all-profiles", action="store_true", help="show every profile")
    parser.add_argument(
        "--for",
        dest="target",
        metavar="FILE",
        help="answer for one file below DIR: path-scoped rules that apply to it, "
        "nested files the agent loads lazily when it reads it",
    )
    parser.add_argument(
        "--loaders",
        metavar="FILE",
        help="who loads FILE: the files that import it and, per profile, its status and "
        "position for its folder (what the editor's references and showLoaders answer)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON")
    add_home_argument(parser)


def run(args: argparse.Namespace) -> int:
    """Discover per profile, then print text or JSON; the profiles' discoveries share
    their stats, listings and reads (``runmemo``: they climb the same folders)."""
    with runmemo.run_memo():
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    """``run`` inside the run's file-system memo."""
    if args.loaders is not None:
        return _run_loaders(args)
    folder, target = _folder_and_target(args.dir, args.target)
    home = resolve_home(args)
    today = resolve_today()
    names = list(PROFILES) if args.all_profiles else list(_profiles(folder, args.profile))
    env = detect_environment(folder, today=today)
    results: list[ProfileContext] = []
    for name in names:
        found = discover(folder, name, home=home, target=target)
        skills = discover_skills(folder, name, home=home)
        results.append(ProfileContext(found, context_revision(env, found.files), skills))
    base = _cwd()
    if args.json:
        shaped = later.views_shapes.context_result(
            folder, env, results, home=home, base=base, target=target
        )
        print_json(shaped)
        return 0
    setup_stdout()
    print(context_text(folder, env, results, home=home, base=base, target=target))
    return 0


def _run_loaders(args: argparse.Namespace) -> int:
    """``--loaders FILE``: the answer of ``analysis.loaders.find_loaders``."""
    if args.target is not None:
        raise UsageError("--loaders and --for answer different questions: give one")
    path = logical_path(args.loaders)
    if not later.pathlib.Path(path).is_file():
        raise UsageError(f"--loaders {safe_line(args.loaders)} is not a file")
    home = resolve_home(args)
    folder = owning_folder(path)
    names = list(PROFILES) if args.all_profiles else list(_profiles(folder, args.profile))

    def discover_in(root: str, name: str) -> Discovery:
        return discover(root, name, home=home)

    found = later.analysis_loaders.find_loaders(path, names, discover_in, home=home)
    if args.json:
        print_json(later.views_loaders.loaders_result(found))
        return 0
    setup_stdout()
    print(later.views_loaders.loaders_text(found))
    return 0


def _profiles(folder: str, value: str | None) -> tuple[str, ...]:
    """The profile asked for, else the one the folder's promptls config names (as
    ``check`` and the server read it), else the agents the repository is set up for.

    A config file that does not load is a warning here, not an error: ``context``
    answers a question about the agents, which do not read promptls's config.
    """
    if value is None:
        value = _configured_profile(folder)
    if value is not None and value != AUTO_PROFILE:
        return (check_profile(value),)
    return active_profiles(folder, None)


def _configured_profile(folder: str) -> str | None:
    """The ``profile`` of the nearest promptls config above ``folder`` (None: unset)."""
    try:
        return later.config.load_config(folder).settings.profile
    except later.config.ConfigError as exc:
        print(f"promptls: ignoring invalid config: {safe_line(str(exc))}", file=sys.stderr)
        return None


def _folder_and_target(value: str, target: str | None) -> tuple[str, str | None]:
    """The folder to discover from and the file to answer for (None: the folder itself).

    A file as PATH is answered from the folder its agent would be started in: the
    current folder when the file lies below it, else its repository root, else its own
    folder. ``--for`` keeps naming a file below a folder PATH.
    """
    try:
        # A folder, the usual PATH, is told without loading pathlib: what os.path.isdir
        # finds a folder pathlib does too, and the reverse (pathlib only drops the "."
        # parts and trailing slashes a folder's path resolves through anyway). pathlib
        # answers the rest: it finds "file.md/" a file, where os.path.exists does not.
        is_file = not os.path.isdir(value) and later.pathlib.Path(value).exists()  # noqa: PTH112
    except OSError:
        is_file = False
    if not is_file:
        folder = resolve_dir(value)
        return folder, _target(target, folder)
    if target is not None:
        raise UsageError(f"{safe_line(value)} is a file: give --for a folder PATH, or drop --for")
    path = logical_path(value)
    return start_folder(path, _cwd()), path


def start_folder(path: str, cwd: str | None) -> str:
    """The folder an agent asked about ``path`` would run in: ``cwd`` when it contains
    the file, else the nearest folder above the file holding ``.git``, else its folder."""
    if cwd is not None and within(path, cwd, strict=True):
        return cwd
    folder = later.pathlib.Path(path).parent
    for current in (folder, *folder.parents):
        if os.path.lexists(current / ".git"):
            return str(current)
    return str(folder)


def _target(value: str | None, folder: str) -> str | None:
    """``--for FILE`` as an absolute path below ``folder`` (it need not exist yet: the
    agent may be about to create it); anywhere else is a user error."""
    if value is None:
        return None
    path = logical_path(value)
    if not within(path, folder, strict=True):
        raise UsageError(f"--for {safe_line(value)} is not inside {safe_line(folder)}")
    if later.pathlib.Path(path).is_dir():
        raise UsageError(f"--for {safe_line(value)} is a folder; name a file in it")
    return path


def _cwd() -> str | None:
    """The current folder, for shortening paths; None when it is gone."""
    try:
        return os.getcwd()  # noqa: PTH109 (str(Path.cwd()) is this string)
    except OSError:
        return None
