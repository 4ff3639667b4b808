"""Which paths a client may ask about: the workspace roots it gave, or the server's folder.

An MCP client names the folders the server may work in with ``roots/list``. A client
that gives none (no roots capability, or an empty list) gets the folder the server was
started in: every client the set-up lines cover starts stdio servers in the project
folder, so that is the workspace it meant. Every path a tool receives is checked here
before anything reads it: made absolute (a relative path is taken from the first root),
then refused unless it lies in a root both as written and with its symbolic links
resolved, so neither ``..`` nor a link planted in the workspace reaches a file outside.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import unquote, urlsplit

from promptls.record import Record
from promptls.text.escape import safe_line
from promptls.text.paths import within


class InputError(ValueError):
    """A tool argument the server refuses; the message says what to send instead, for
    the model that sent it."""


class PathRefusedError(InputError):
    """A tool argument that names no path, or one outside every root."""


class Roots(Record):
    """The folders tools may answer about, and where they came from."""

    folders: tuple[str, ...]
    source: str
    """``client`` (``roots/list``) or ``cwd`` (the client gave none)."""

    def describe(self) -> str:
        """The roots as one line, for error messages."""
        shown = ", ".join(safe_line(f) for f in self.folders)
        return shown if self.source == "client" else f"{shown} (the server's folder)"


def file_uri_path(uri: str) -> str | None:
    """The local path of a ``file:`` URI; None for any other scheme or a remote host."""
    try:
        parts = urlsplit(uri)
    except ValueError:  # an unbalanced [ in the host part
        return None
    if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
        return None
    path = unquote(parts.path)
    return os.path.normpath(path) if path and "\x00" not in path else None


def roots_from(uris: Iterable[str] | None, cwd: str | None = None) -> Roots:
    """The roots of a ``roots/list`` answer (its ``file:`` URIs); when it gave none
    (None: the client cannot list roots), ``cwd``, by default the server's folder."""
    folders = tuple(dict.fromkeys(p for u in uris or () if (p := file_uri_path(u)) is not None))
    if folders:
        return Roots(folders, "client")
    if cwd is None:
        try:
            cwd = str(Path.cwd())
        except OSError:
            raise InputError("the client lists no roots and the server's folder is gone") from None
    return Roots((os.path.normpath(cwd),), "cwd")


def _real(path: str) -> str:
    """The path with symbolic links resolved (itself when that fails)."""
    try:
        return os.path.realpath(path)
    except (OSError, ValueError):
        return path


def _holders(roots: Roots, path: str) -> list[str]:
    """The roots an absolute ``path`` lies in, both as written and with links resolved
    (a link inside a root that leads out of it is in none)."""
    real = _real(path)
    return [f for f in roots.folders if within(path, f) and within(real, _real(f))]


def contains(roots: Roots, path: str) -> bool:
    """Whether an absolute ``path`` lies in one of the roots (links resolved too)."""
    return bool(_holders(roots, path))


def resolve(value: str, roots: Roots, what: str = "path") -> tuple[str, str]:
    """The innermost root holding ``value`` and ``value`` as an absolute path, or
    :class:`PathRefusedError` saying why not."""
    if not value.strip() or "\x00" in value:
        raise PathRefusedError(f"{what} must be a non-empty path, got {value!r}")
    scheme, _, _ = value.partition(":")
    uri = scheme.lower() == "file" or (len(scheme) > 1 and scheme.isalnum() and "://" in value)
    given = file_uri_path(value) if uri else value
    if given is None:
        raise PathRefusedError(f"{what} must be a path or a file: URI, got {safe_line(value)}")
    path = os.path.normpath(os.path.join(roots.folders[0], given))  # noqa: PTH118 (str paths)
    holders = _holders(roots, path)
    if not holders:
        raise PathRefusedError(
            f"{what} {safe_line(path)} is outside the workspace roots ({roots.describe()}); "
            "promptls answers only about files inside them"
        )
    return max(holders, key=len), path


def is_dir(path: str) -> bool:
    """Whether ``path`` is an existing folder (never raising)."""
    try:
        return Path(path).is_dir()
    except (OSError, ValueError):
        return False
