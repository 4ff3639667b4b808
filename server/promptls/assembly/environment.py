"""The ambient machine state an agent must know: platform, shell, date and Git branch.

Everything is read from the host without running anything: the platform from
``sys.platform`` and ``platform.machine()`` (mapped to Go runtime identifiers, as the
reference implementation reports them), the shell from ``$SHELL``, and the Git state from
the repository's own files (``.git`` and ``HEAD``). When something cannot be read the
field says so by being empty; it never guesses.
"""

# Plain str paths on purpose: cheap stats and comparable cache keys.
# ruff: noqa: PTH100

from __future__ import annotations

import os
import sys
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING

from promptls.discovery.git import GitLocation, find_git_dir, read_git_branch
from promptls.record import Record

if TYPE_CHECKING:
    from datetime import date

__all__ = ["Environment", "GitLocation", "detect_environment", "find_git_dir", "go_arch", "go_os"]

_OS_PREFIXES = (
    ("linux", "linux"),
    ("darwin", "darwin"),
    ("win32", "windows"),
    ("cygwin", "windows"),
    ("msys", "windows"),
    ("freebsd", "freebsd"),
    ("openbsd", "openbsd"),
    ("netbsd", "netbsd"),
    ("dragonfly", "dragonfly"),
    ("sunos", "solaris"),
    ("aix", "aix"),
    ("android", "android"),
    ("ios", "ios"),
    ("emscripten", "js"),
    ("wasi", "wasip1"),
)

_ARCH = {
    "x86_64": "amd64",
    "amd64": "amd64",
    "x64": "amd64",
    "aarch64": "arm64",
    "arm64": "arm64",
    "armv8l": "arm",
    "armv7l": "arm",
    "armv7": "arm",
    "armv6l": "arm",
    "arm": "arm",
    "i386": "386",
    "i486": "386",
    "i586": "386",
    "i686": "386",
    "x86": "386",
    "riscv64": "riscv64",
    "ppc64le": "ppc64le",
    "ppc64": "ppc64",
    "s390x": "s390x",
    "mips64": "mips64",
    "mips64el": "mips64le",
    "mips": "mips",
    "mipsel": "mipsle",
    "loongarch64": "loong64",
    "wasm32": "wasm",
}


class Environment(Record):
    """What the model needs before it can write a correct shell command or reason about
    dates; every field is read from the host, and empty when it cannot be read."""

    cwd: str
    os: str
    arch: str
    shell: str
    date: str
    git_repo: bool
    git_branch: str


def go_os(sys_platform: str) -> str:
    """Map ``sys.platform`` to Go's GOOS so the rendered context matches the reference."""
    for prefix, name in _OS_PREFIXES:
        if sys_platform.startswith(prefix):
            return name
    return sys_platform


if sys.platform == "win32":
    from platform import machine
else:

    def machine() -> str:
        """``platform.machine()``, which is the ``uname`` machine on a POSIX system: read
        without importing ``platform`` (~1 ms of every ``context``)."""
        return os.uname().machine


def go_arch(machine: str) -> str:
    """Map ``platform.machine()`` to Go's GOARCH; unknown machines pass through lowercased."""
    key = machine.strip().lower()
    return _ARCH.get(key, key)


def _iso_day(today: date | None) -> str:
    """``today`` as ``YYYY-MM-DD``, else the local date: what ``date.today().isoformat()``
    gives, without importing ``datetime`` (~1.5 ms of every ``context``) for the one
    field."""
    return today.isoformat() if today is not None else time.strftime("%Y-%m-%d")


def detect_environment(
    root: str | os.PathLike[str],
    *,
    environ: Mapping[str, str] | None = None,
    today: date | None = None,
) -> Environment:
    """Capture the environment for a workspace root; never raises, never runs git.

    ``environ`` (default ``os.environ``) supplies ``$SHELL``; ``today`` (default the local
    date) makes the date deterministic in tests.
    """
    env = os.environ if environ is None else environ
    try:
        cwd = os.path.abspath(os.fspath(root))
    except (TypeError, ValueError, OSError):
        cwd = str(root)
    location = find_git_dir(cwd)
    branch = ""
    if location is not None and location.git_dir is not None:
        branch = read_git_branch(location.git_dir)
    return Environment(
        cwd=cwd,
        os=go_os(sys.platform),
        arch=go_arch(machine()),
        shell=env.get("SHELL", "") or "",
        date=_iso_day(today),
        git_repo=location is not None,
        git_branch=branch,
    )
