"""Bounded, non-blocking reads of files an agent would load, with the reason when it cannot.

Instruction files sit in user-controlled trees, so anything can be at their path: a FIFO
that would block a read forever, a device, a symlink loop, a directory, a 50 MB binary,
a file that vanishes between ``stat`` and ``open``. Every one of those becomes a
``FileRead`` with a sentence saying why, never an exception and never a hang.

FIFOs and devices are recognised by ``stat`` before opening, and the open itself uses
``O_NONBLOCK`` with a second ``fstat`` check, so a file swapped for a FIFO in between
still cannot block. Reads stop at ``max_bytes`` (an over-cap file is *truncated and
reported*, not skipped: the first part of a huge file is still what a user wants to see).
"""

# Plain str paths on purpose: cheap stats and comparable cache keys.
# ruff: noqa: PTH114, PTH115, PTH116

from __future__ import annotations

import errno
import os
import stat
from enum import Enum
from typing import NamedTuple, cast

from promptls.text import runmemo

DEFAULT_MAX_BYTES = 1024 * 1024
"""Per-file read cap (1 MiB): far above any real instruction file, far below a hazard."""

_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)


class Presence(Enum):
    """What ``lstat`` says sits at a candidate path, for slot decisions (codex)."""

    MISSING = "missing"
    FILE = "file"
    SYMLINK = "symlink"
    DIRECTORY = "directory"
    OTHER = "other"


class FileRead(NamedTuple):
    """The outcome of one bounded read.

    ``data`` is None when the file was not read; ``problem`` then says why. ``size`` is
    the size on disk when known; ``truncated`` means ``data`` stops at the read cap.
    ``identity`` is the file's (device, inode) from the read's own ``fstat``, so callers
    can tell two paths to one file apart without another ``stat``.
    """

    data: bytes | None
    size: int | None
    problem: str = ""
    truncated: bool = False
    missing: bool = False
    identity: tuple[int, int] | None = None


def presence(path: str) -> Presence:
    """Classify a path without following symlinks; any error counts as missing."""
    return runmemo.answer("presence", path, _presence)


def _presence(path: str) -> Presence:
    """``presence`` itself, always from the file system."""
    try:
        mode = os.lstat(path).st_mode
    except (OSError, ValueError):
        return Presence.MISSING
    if stat.S_ISLNK(mode):
        return Presence.SYMLINK
    if stat.S_ISREG(mode):
        return Presence.FILE
    if stat.S_ISDIR(mode):
        return Presence.DIRECTORY
    return Presence.OTHER


def is_regular_file(path: str) -> bool:
    """Whether ``path`` is a regular file once symlinks are followed; errors say no."""
    return runmemo.answer("regular", path, _is_regular_file)


def _is_regular_file(path: str) -> bool:
    """``is_regular_file`` itself, always from the file system."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def describe_mode(mode: int) -> str:
    """Name a non-regular file type in words a user recognises."""
    if stat.S_ISDIR(mode):
        return "a directory, not a file"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe), not a regular file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device, not a regular file"
    if stat.S_ISSOCK(mode):
        return "a socket, not a regular file"
    return "not a regular file"


def describe_error(exc: OSError, path: str) -> str:
    """Turn an OSError into a short reason; ELOOP and broken symlinks get their own words."""
    code = exc.errno
    if code == errno.ELOOP:
        return "a symlink loop"
    if code in (errno.EACCES, errno.EPERM):
        return "permission denied"
    if code == errno.ENOENT:
        if os.path.islink(path):
            try:
                target = os.readlink(path)
            except OSError:
                target = "?"
            return f"a broken symlink (to {target})"
        return "it disappeared before it could be read"
    if code == errno.ENOTDIR:
        return "a parent of the path is not a directory"
    if code == errno.ENAMETOOLONG:
        return "the path is too long"
    if code == errno.EISDIR:
        return "a directory, not a file"
    return exc.strerror or f"error {code}"


def read_bounded(path: str, max_bytes: int = DEFAULT_MAX_BYTES) -> FileRead:
    """Read at most ``max_bytes`` of a regular file; anything else gets a reason.

    A missing path (not even a dangling symlink) is ``missing=True`` with no problem,
    because for discovery an absent candidate is normal, not worth reporting. Inside a
    ``check`` run (``runmemo.run_memo``) each (path, cap) is read once.
    """
    tables = runmemo.current()
    if tables is None:
        return _read_bounded(path, max_bytes)
    table = tables.setdefault("read", {})
    kept = cast("tuple[int, FileRead] | None", table.get(path))
    if kept is not None:
        cap, found = kept
        if cap == max_bytes or (cap > max_bytes and _fits(found, max_bytes)):
            return found
    found = _read_bounded(path, max_bytes)
    if found.data is None or len(found.data) <= runmemo.MAX_KEPT_BYTES:
        table[path] = (max_bytes, found)
    return found


def _fits(read: FileRead, max_bytes: int) -> bool:
    """Whether a read made with a larger cap is what a read capped at ``max_bytes``
    returns: the whole file fitted under both, or it was not read at all (the reasons
    do not depend on the cap)."""
    return not read.truncated and (read.data is None or len(read.data) <= max_bytes)


def _read_bounded(path: str, max_bytes: int) -> FileRead:
    """``read_bounded`` itself, always from the file system."""
    try:
        st = os.lstat(path)  # one call settles the common case: the candidate is absent
    except ValueError:
        return FileRead(None, None, "the path contains a NUL character")
    except OSError as exc:
        if exc.errno in (errno.ENOENT, errno.ENOTDIR):
            return FileRead(None, None, missing=True)
        return FileRead(None, None, describe_error(exc, path))
    if stat.S_ISLNK(st.st_mode):
        try:
            st = os.stat(path)
        except OSError as exc:
            return FileRead(None, None, describe_error(exc, path))
    if not stat.S_ISREG(st.st_mode):
        return FileRead(None, None, describe_mode(st.st_mode))
    try:
        fd = os.open(path, _FLAGS)
    except OSError as exc:
        return FileRead(None, st.st_size, describe_error(exc, path))
    try:
        fst = os.fstat(fd)
        if not stat.S_ISREG(fst.st_mode):
            return FileRead(None, None, describe_mode(fst.st_mode))
        chunks: list[bytes] = []
        remaining = max(0, max_bytes) + 1
        while remaining > 0:
            chunk = os.read(fd, min(remaining, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            remaining -= len(chunk)
    except OSError as exc:
        return FileRead(None, None, describe_error(exc, path))
    finally:
        os.close(fd)
    data = b"".join(chunks)
    size = max(fst.st_size, len(data))
    identity = (fst.st_dev, fst.st_ino) if fst.st_ino else None
    if len(data) > max_bytes:
        return FileRead(data[: max(0, max_bytes)], size, truncated=True, identity=identity)
    return FileRead(data, size, identity=identity)


def capped(read: FileRead, max_bytes: int) -> FileRead:
    """``read`` as a read capped at ``max_bytes`` would have returned it (a caller that read
    further for its own purpose, such as a rule's front matter, hands on the capped view)."""
    if read.data is None or len(read.data) <= max_bytes:
        return read
    return read._replace(data=read.data[: max(0, max_bytes)], truncated=True)


def char_boundary(data: bytes) -> bytes:
    """Drop an incomplete UTF-8 sequence at the very end so a cut never makes garbage."""
    for back in range(1, min(4, len(data)) + 1):
        byte = data[-back]
        if byte & 0xC0 == 0x80:
            continue
        if byte < 0x80:
            return data
        need = 2 if byte >= 0xC0 else 1
        if byte >= 0xE0:
            need = 3
        if byte >= 0xF0:
            need = 4
        return data if back >= need else data[:-back]
    return data


def decode(data: bytes) -> tuple[str, int | None]:
    """Decode UTF-8, replacing bad bytes; also return the offset of the first bad byte."""
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError as exc:
        return data.decode("utf-8", "replace"), exc.start


def human_bytes(count: int) -> str:
    """Binary units for reasons ("32 KiB", "1 MiB"); exact bytes when not round."""
    for unit, size in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if count >= size and count % size == 0:
            return f"{count // size} {unit}"
    return f"{count} bytes"
