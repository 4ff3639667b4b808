"""Answers shared by every discovery of one ``promptls check`` run.

A check over a big tree discovers thousands of folders, and their walks overlap: every
walk climbs the same parent folders to the file system root, every Claude walk reads
the same user settings and rules folder, every set-up look finds the same repository
root. Each of those is a ``stat``, a listing, a read or a ``realpath`` that answers the
same thing each time within one run. ``run_memo()`` opens a scope (a context variable)
in which the functions here answer each question once and then from memory; outside
such a scope they are the plain system calls, so the language server, whose files
change while it runs (its ``DiscoveryCache`` is invalidated per path instead), and every
library caller see the file system as it is now.

The memo is only as fresh as the run: a caller that writes files inside the scope
(``check --fix``) calls ``forget()`` after each write. The answers keep the exact
results and errors of the calls they replace (a path that cannot be listed is None, as
the callers treated the error), so nothing a user sees changes, only how often it is
asked. Large reads are not kept (``MAX_KEPT_BYTES``), so memory stays bounded by what
instruction files weigh. ``remembered`` also holds what discovery derives from those
reads and nothing else (a settings file parsed, a text's imports, a rule's front
matter), keyed by the path or the text itself.
"""

# Plain str paths on purpose: the memo's keys are the strings callers pass.
# ruff: noqa: PTH118, PTH119, PTH120, PTH208

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TypeVar, cast

__all__ = [
    "MAX_KEPT_BYTES",
    "abspath",
    "answer",
    "current",
    "exists",
    "folded_listing",
    "forget",
    "isdir",
    "isfile",
    "islink",
    "lexists",
    "listdir",
    "realpath",
    "remembered",
    "run_memo",
]

T = TypeVar("T")
A = TypeVar("A")

MAX_KEPT_BYTES = 1024 * 1024
"""Reads larger than this are answered but not kept (instruction files are far smaller)."""

_Tables = dict[str, dict[Hashable, object]]

_RUN: ContextVar[_Tables | None] = ContextVar("promptls_run_memo", default=None)


@contextmanager
def run_memo() -> Iterator[None]:
    """Share file-system answers until the block ends (one ``check`` run)."""
    token = _RUN.set({})
    try:
        yield
    finally:
        _RUN.reset(token)


def current() -> dict[str, dict[Hashable, object]] | None:
    """The current run's tables (kind → key → answer), or None outside a run."""
    return _RUN.get()


def forget() -> None:
    """Drop every answer of the current run (after the run wrote a file)."""
    tables = _RUN.get()
    if tables is not None:
        tables.clear()


def remembered(kind: str, key: Hashable, compute: Callable[[], T]) -> T:
    """``compute()``, once per ``(kind, key)`` inside a run; every time outside one.

    The result is shared, so callers must not mutate it. An exception is not
    remembered: it reaches the caller and the next call computes again.
    """
    return _kept(kind, key, _invoke, compute)


def answer(kind: str, path: str, call: Callable[[str], T]) -> T:
    """``call(path)``, remembered under ``kind`` as ``remembered`` does (no closure per
    question: every stat and listing of a run asks here, most answered from memory)."""
    return _kept(kind, path, call, path)


def _invoke(compute: Callable[[], T]) -> T:
    """``compute()``."""
    return compute()


def _kept(kind: str, key: Hashable, call: Callable[[A], T], arg: A) -> T:
    """``call(arg)``, once per ``(kind, key)`` inside a run; every time outside one."""
    tables = _RUN.get()
    if tables is None:
        return call(arg)
    table = tables.get(kind)
    if table is None:
        table = tables[kind] = {}
    try:
        return table[key]  # type: ignore[return-value]
    except KeyError:
        value = table[key] = call(arg)
        return value


def abspath(path: str) -> str:
    """``os.path.abspath(path)``: a run does not change its working folder, so a path's
    absolute form is worked out once (``getcwd`` is a system call, and the rules ask for
    the same file's path many times)."""
    return _kept("abspath", path, os.path.abspath, path)


def lexists(path: str) -> bool:
    """``os.path.lexists``: something (even a dangling link) is at ``path``."""
    return answer("lexists", path, os.path.lexists)


def exists(path: str) -> bool:
    """``os.path.exists``: ``path`` leads somewhere once links are followed."""
    return answer("exists", path, os.path.exists)


def isdir(path: str) -> bool:
    """``os.path.isdir``."""
    return answer("isdir", path, os.path.isdir)


def isfile(path: str) -> bool:
    """``os.path.isfile``."""
    return answer("isfile", path, os.path.isfile)


def islink(path: str) -> bool:
    """``os.path.islink``."""
    return answer("islink", path, os.path.islink)


def realpath(path: str) -> str:
    r"""``os.path.realpath`` (relative paths against the working folder, which a run
    does not change). In a run, an absolute normalised path costs one ``lstat`` of its
    last part: its folders' answers are remembered on the way (the standard function
    ``lstat``\ s every part of every path)."""
    tables = _RUN.get()
    if tables is None:
        return os.path.realpath(path)
    table = cast("dict[str, str]", tables.setdefault("realpath", {}))
    found = table.get(path)
    if found is None:
        plain = (
            path.startswith("/") and not path.startswith("//") and os.path.normpath(path) == path
        )
        found = table[path] = _resolve(path, table) if plain else os.path.realpath(path)
    return found


def _resolve(path: str, table: dict[str, str]) -> str:
    """``os.path.realpath`` of an absolute normalised path, through the answers ``table``
    holds for its folders: a part that is a link is resolved by ``os.path.realpath``,
    any other (a missing one too, as that function does) is kept as it is."""
    pending: list[str] = []
    current = path
    while current not in table:
        parent = os.path.dirname(current)
        if parent == current:
            table[current] = current
            break
        pending.append(current)
        current = parent
    real = table[current]
    for folder in reversed(pending):
        candidate = os.path.join(real, os.path.basename(folder))
        try:
            link = stat.S_ISLNK(os.lstat(candidate).st_mode)
        except OSError:
            link = False
        real = table[folder] = os.path.realpath(candidate) if link else candidate
    return real


def _listing(path: str) -> tuple[str, ...] | None:
    """The entries of a folder in the system's order; None when it cannot be listed."""
    try:
        return tuple(os.listdir(path))
    except (OSError, ValueError):
        return None


def listdir(path: str) -> tuple[str, ...] | None:
    """``os.listdir`` as a tuple, or None where it would raise ``OSError``/``ValueError``."""
    return answer("listdir", path, _listing)


def folded_listing(path: str) -> frozenset[str] | None:
    """``listdir``'s names case-folded (a superset of what a case-insensitive file
    system matches: callers confirm a hit with a real call); None when it cannot be
    listed. One set per folder and run, for every caller that asks "could X be here?"."""
    return remembered("folded listing", path, lambda: _folded(listdir(path)))


def _folded(names: tuple[str, ...] | None) -> frozenset[str] | None:
    """The names case-folded."""
    return None if names is None else frozenset(name.casefold() for name in names)
