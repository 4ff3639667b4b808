"""Helpers shared by the ``render``, ``context`` and ``preview`` commands.

Two environment variables make output reproducible without touching the real machine:

* ``PROMPTLS_HOME=DIR`` (or ``--home DIR``): the home directory discovery reads user-level
  files and skills from. Tests and the demo point it at a fake home so the real one is
  never read.
* ``PROMPTLS_TODAY=YYYY-MM-DD``: the date the environment block reports.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import TYPE_CHECKING, Any

from promptls import later
from promptls.commands import UsageError
from promptls.text.escape import safe_line

if TYPE_CHECKING:
    from datetime import date


def setup_stdout() -> None:
    """Write UTF-8 whatever the locale, and never fail on a lone surrogate."""
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(encoding="utf-8", errors="backslashreplace")


def print_json(data: Any) -> None:
    """Stable JSON (sorted keys would reorder meaningful lists, so insertion order)."""
    setup_stdout()
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def add_home_argument(parser: argparse.ArgumentParser) -> None:
    """``--home DIR``: pin the home directory (tests, demos, CI reproducibility)."""
    parser.add_argument(
        "--home",
        metavar="DIR",
        help="home directory for user-level files and skills "
        "(default: $PROMPTLS_HOME, else your home)",
    )


def add_fail_on_argument(parser: argparse.ArgumentParser, what: str) -> None:
    """``--fail-on``: the lowest severity of ``what`` that makes the exit status 1."""
    parser.add_argument(
        "--fail-on",
        choices=("error", "warning", "info"),
        default="warning",
        help=f"lowest severity of {what} that makes the exit status 1 (default: warning)",
    )


def resolve_home(args: argparse.Namespace) -> str | None:
    """The home to use: ``--home``, else ``$PROMPTLS_HOME``, else None (the real one)."""
    home = getattr(args, "home", None) or os.environ.get("PROMPTLS_HOME") or None
    if home is None:
        return None
    if not home.startswith("~") and os.path.isdir(home):  # noqa: PTH112
        # Without loading pathlib: Path(home).resolve() of a folder is its realpath.
        return os.path.realpath(home)
    path = later.pathlib.Path(home).expanduser()
    if not path.is_dir():
        raise UsageError(f"home directory not found: {safe_line(home)}")
    return str(path.resolve())


def resolve_today() -> date | None:
    """``$PROMPTLS_TODAY`` as a date, or None for the real local date."""
    value = os.environ.get("PROMPTLS_TODAY", "").strip()
    if not value:
        return None
    try:
        return later.datetime.date.fromisoformat(value)
    except ValueError:
        raise UsageError(
            f"PROMPTLS_TODAY must be a date like 2026-01-31, not {safe_line(value)!r}"
        ) from None


def logical_path(value: str) -> str:
    """``value`` made absolute and normalised, symlinks kept: the path the user gave, as
    the agents see it (codex keeps a symlinked folder as given)."""
    return os.path.abspath(value)  # noqa: PTH100 (normpath of cwd/value: what Path.absolute gave)


def resolve_dir(value: str | None) -> str:
    """The workspace folder argument, absolute, symlinks kept; a missing folder is a user
    error."""
    if os.path.isdir(value or "."):  # noqa: PTH112
        # The usual answer, without loading pathlib: a path os.path.isdir finds a folder
        # is one for pathlib too, and logical_path normalises both spellings alike.
        return logical_path(value or ".")
    path = later.pathlib.Path(value or ".")
    try:
        if not path.is_dir():
            what = "not a directory" if path.exists() else "directory not found"
            raise UsageError(f"{what}: {safe_line(str(value))}")
        return logical_path(str(path))
    except OSError as exc:
        raise UsageError(f"cannot open {safe_line(str(value))}: {exc.strerror}") from None


def check_profile(name: str) -> str:
    """A known profile name, or a user error listing the valid ones."""
    if name not in later.discovery.PROFILES:
        known = ", ".join(sorted(later.discovery.PROFILES))
        raise UsageError(f"unknown profile {safe_line(name)!r} (choose from {known})")
    return name


def read_input(value: str) -> str:
    """Read a prompt file (``-`` is stdin) as UTF-8; bad input is one clear error line.

    Decoding is strict: the command prints what the model would receive, and guessing at
    broken bytes would print something the file does not say.
    """
    try:
        data = sys.stdin.buffer.read() if value == "-" else later.pathlib.Path(value).read_bytes()
    except IsADirectoryError:
        raise UsageError(f"is a directory: {safe_line(value)}") from None
    except FileNotFoundError:
        raise UsageError(f"file not found: {safe_line(value)}") from None
    except OSError as exc:
        raise UsageError(f"cannot read {safe_line(value)}: {exc.strerror or exc}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        name = "stdin" if value == "-" else safe_line(value)
        bad = data[exc.start]
        raise UsageError(
            f"{name} is not valid UTF-8 (byte 0x{bad:02x} at offset {exc.start})"
        ) from None
