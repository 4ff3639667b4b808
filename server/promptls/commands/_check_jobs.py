"""More than one process for a large ``promptls check``: each analyses a slice of the files.

A big tree is thousands of independent analyses, and CPython runs them on one core.
Above ``PARALLEL_FROM`` files, where ``fork`` is cheap (Linux: the children start with
everything already imported) and at least two CPUs are ours, the file list is cut into
contiguous slices (neighbouring files share folders, so each process's discoveries and
run memo stay warm); the parent analyses the first slice, each child one of the others
and sends its analyses back pickled through a pipe. The parent then reports them in the
original file order, so the output is the same as one process's, byte for byte. A child
that fails in any way (a crash, a signal, a short answer) costs time, never findings:
the parent analyses that slice itself.

``--fix``, ``--diff`` and stdin always run in one process: they write files or print as
they go, in order.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import TypeVar

from promptls import later

T = TypeVar("T")
R = TypeVar("R")

PARALLEL_FROM = 1000
"""Files from which ``--jobs auto`` uses two processes (about half a second of work:
below it, the second process saves less than it costs)."""

AUTO_JOBS = 2
"""Processes ``--jobs auto`` uses for a large run."""


def auto_jobs(count: int) -> int:
    """How many processes ``--jobs auto`` uses for ``count`` files."""
    if count < PARALLEL_FROM or not can_fork():
        return 1
    return max(1, min(AUTO_JOBS, _cpus()))


def can_fork() -> bool:
    """Whether children can start as copies of this process (Linux; elsewhere a fork of
    a process holding system frameworks is not safe, and a fresh interpreter per child
    would re-import everything)."""
    return sys.platform.startswith("linux") and hasattr(os, "fork")


def _one_thread() -> bool:
    """Whether this process runs a single thread, Python's or a native library's: only
    then is a forked child safe (a lock another thread held would stay held in it).
    ``check`` forks before it analyses anything, so this holds unless a caller's own
    code started threads."""
    try:
        return len(os.listdir("/proc/self/task")) == 1  # noqa: PTH208
    except OSError:
        return False


def _cpus() -> int:
    """The CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def in_slices(
    items: Sequence[T], jobs: int, work: Callable[[T], R], send: Callable[[R], R] = lambda r: r
) -> list[R]:
    """``[work(item) for item in items]``, computed by ``jobs`` processes, in order;
    a child returns ``send(work(item))``: only what the caller uses of a result, so
    less is pickled, piped and unpickled while the parent waits."""
    if jobs <= 1 or len(items) < 2 or not can_fork() or not _one_thread():
        return [work(item) for item in items]
    size = -(-len(items) // jobs)
    slices = [items[i : i + size] for i in range(0, len(items), size)]
    for stream in (sys.stdout, sys.stderr):  # a child must not print the parent's buffer
        with contextlib.suppress(Exception):
            stream.flush()
    children = [_start(part, lambda item: send(work(item))) for part in slices[1:]]
    results = [work(item) for item in slices[0]]
    for part, child in zip(slices[1:], children, strict=True):
        answer: list[R] | None = _collect(child, len(part))
        results += answer if answer is not None else [work(item) for item in part]
    return results


def _start(part: Sequence[T], work: Callable[[T], R]) -> tuple[int, int] | None:
    """Fork a child computing ``part``; its pid and the pipe to read, or None."""
    try:
        read_end, write_end = os.pipe()
    except OSError:
        return None
    try:
        pid = os.fork()
    except OSError:
        os.close(read_end)
        os.close(write_end)
        return None
    if pid:
        os.close(write_end)
        return pid, read_end
    status = 1
    try:  # the child: compute, answer, leave without running the parent's exit code
        os.close(read_end)

        data = later.pickle.dumps([work(item) for item in part], later.pickle.HIGHEST_PROTOCOL)
        with os.fdopen(write_end, "wb") as out:
            out.write(data)
        status = 0
    finally:
        os._exit(status)


def _collect(child: tuple[int, int] | None, count: int) -> list[R] | None:
    """The child's results, or None when it did not deliver all of them."""
    if child is None:
        return None
    pid, read_end = child
    with os.fdopen(read_end, "rb") as stream:
        data = stream.read()
    _, status = os.waitpid(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        return None

    try:
        answer = later.pickle.loads(data)
    except Exception:  # a truncated answer: the parent computes the slice itself
        return None
    return answer if isinstance(answer, list) and len(answer) == count else None
