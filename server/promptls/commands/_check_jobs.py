"""More than one process for a large ``promptls check``: each analyses parts of the files.

A big tree is thousands of independent analyses, and CPython runs them on one core.
Above ``PARALLEL_FROM`` files, where ``fork`` is cheap (Linux: the children start with
everything already imported) and at least two CPUs are ours, the work is cut into
chunks of neighbouring items (files, or subtrees still to walk: neighbours share
folders, so each process's discoveries and run memo stay warm) and every process, the
parent too, takes the next chunk as it finishes one: a process that got the slow chunks
does not hold the others up. The chunks' numbers wait in a pipe, four bytes each, read
four bytes at a time (Linux hands a pipe's readers whole reads in turn). Each child sends
its results back pickled through a pipe of its own; the parent puts them in the
original order, so the output is the same as one process's, byte for byte. The first
chunk is the first item alone (a walk's top folder), which the parent computes before it
forks: the modules the analysis imports on first use and the discoveries of the folders
above every chunk (the root's rules, its set-up markers, the run memo's stats and reads)
are then made once, not once per process. A child that
fails in any way (a crash, a signal, a short answer) costs time, never findings: the
parent computes the chunks it did not deliver.

``--fix``, ``--diff`` and stdin always run in one process: they write files or print as
they go, in order.
"""

from __future__ import annotations

import contextlib
import gc
import itertools
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

from promptls import later

T = TypeVar("T")
R = TypeVar("R")

PARALLEL_FROM = 1000
"""Files from which ``--jobs auto`` uses two processes (about half a second of work:
below it, the second process saves less than it costs)."""

AUTO_JOBS = 2
"""Processes ``--jobs auto`` uses for a large run."""


GC_FIRST_GENERATION = 200_000
"""Allocations between two collections of the youngest generation during a ``check``."""


@contextlib.contextmanager
def few_collections() -> Iterator[None]:
    """The cyclic garbage collector rarely during the run: the analyses allocate
    millions of short-lived objects and make almost no cycles (a 50,000-file tree's peak
    memory is the same either way), yet the default threshold (700) had the collector
    spend ~5 % of the run walking the young objects. What exists before the run
    (the imported modules) is frozen out of the collections, so the children
    :func:`in_slices` forks do not copy those pages by touching them either."""
    before = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(GC_FIRST_GENERATION, *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()


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


CHUNKS_PER_JOB = 64
"""Chunks per process: enough that the last ones to finish are small (on the bench
monorepo two processes end ~0.015 s apart with 128 chunks, ~0.05-0.09 s with 64, for
the same CPU time)."""
MAX_CHUNKS = 1024
"""Chunks at most: their numbers fill one page, the least a pipe holds."""


def in_slices(
    items: Sequence[T], jobs: int, work: Callable[[T], R], send: Callable[[R], R] = lambda r: r
) -> list[R]:
    """``[work(item) for item in items]``, computed by ``jobs`` processes, in order;
    a child returns ``send(work(item))``: only what the caller uses of a result, so
    less is pickled, piped and unpickled while the parent waits."""
    if jobs <= 1 or len(items) < 2 or not can_fork() or not _one_thread():
        return [work(item) for item in items]
    rest = _chunks(len(items) - 1, min(jobs * CHUNKS_PER_JOB, MAX_CHUNKS) - 1)
    chunks = [(0, 1), *((start + 1, end + 1) for start, end in rest)]
    try:
        tasks = _tasks(len(chunks))
    except OSError:
        return [work(item) for item in items]
    for stream in (sys.stdout, sys.stderr):  # a child must not print the parent's buffer
        with contextlib.suppress(Exception):
            stream.flush()
    done = _take(tasks, chunks, items, work, most=1)  # before the fork: see the docstring
    children = [
        _start(tasks, chunks, items, lambda item: send(work(item)))
        for _ in range(min(jobs, len(chunks)) - 1)
    ]
    done.update(_take(tasks, chunks, items, work))
    os.close(tasks)
    for child in children:
        answer: dict[int, list[R]] = _collect(child) or {}
        for index, answered in answer.items():
            done.setdefault(index, answered)
    results: list[R] = []
    for index, (start, end) in enumerate(chunks):
        part = done.get(index)
        if part is None or len(part) != end - start:  # a child's answer was short
            part = [work(item) for item in items[start:end]]
        results += part
    return results


def _chunks(count: int, most: int) -> list[tuple[int, int]]:
    """``range(count)`` cut into at most ``most`` runs of neighbours, as even as can be."""
    parts = min(count, most)
    edges = [count * n // parts for n in range(parts + 1)]
    return list(itertools.pairwise(edges))


def _tasks(count: int) -> int:
    """A pipe holding the chunk numbers ``0 .. count - 1``; its read end (the write end
    is closed, so a reader meets the end once every number is taken)."""
    read_end, write_end = os.pipe()
    try:
        os.set_blocking(write_end, False)  # a full pipe raises instead of waiting forever
        data = b"".join(n.to_bytes(4, "little") for n in range(count))
        while data:  # fits in the pipe's buffer (one page at least)
            data = data[os.write(write_end, data) :]
    except OSError:
        os.close(read_end)
        raise
    finally:
        os.close(write_end)
    return read_end


def _take(
    tasks: int,
    chunks: list[tuple[int, int]],
    items: Sequence[T],
    work: Callable[[T], R],
    most: int | None = None,
) -> dict[int, list[R]]:
    """Compute chunk after chunk, as long as the pipe has numbers (and at most ``most``
    chunks): each chunk's results."""
    done: dict[int, list[R]] = {}
    while most is None or len(done) < most:
        try:
            number = os.read(tasks, 4)
        except OSError:
            break
        if len(number) != 4:
            break
        index = int.from_bytes(number, "little")
        start, end = chunks[index]
        done[index] = [work(item) for item in items[start:end]]
    return done


def _start(
    tasks: int, chunks: list[tuple[int, int]], items: Sequence[T], work: Callable[[T], R]
) -> tuple[int, int] | None:
    """Fork a child taking chunks from ``tasks``; its pid and the pipe to read, or None."""
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
        done = _take(tasks, chunks, items, work)
        data = later.pickle.dumps(done, later.pickle.HIGHEST_PROTOCOL)
        with os.fdopen(write_end, "wb") as out:
            out.write(data)
        status = 0
    finally:
        os._exit(status)


def _collect(child: tuple[int, int] | None) -> dict[int, list[R]] | None:
    """The child's results by chunk, or None when it did not answer in full."""
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
    except Exception:  # a truncated answer: the parent computes the chunks itself
        return None
    return answer if isinstance(answer, dict) else None
