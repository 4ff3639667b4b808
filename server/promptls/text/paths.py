"""Whether a path lies in a folder, and whether two paths name the same file: the one
containment test and the one path comparison every layer uses.

Discovery (is a folder below the root, is an import inside the project), the commands
(is ``--for FILE`` inside the folder), the language server and the MCP server (is an
argument inside a workspace folder or a client root) and the views (show a path relative
to its folder) all ask the same question, so they must never answer it differently.

The semantics, chosen once:

- **Lexical.** Nothing is read from disk: a symbolic link counts where it is written,
  not where it points. A caller that confines by real location (an MCP root, an import
  that must stay in its project) passes ``os.path.realpath`` of both sides, and asks
  about the paths as written too when both must hold.
- **Normalised.** Both sides go through ``os.path.normpath`` first: ``.`` and ``..``
  components, doubled separators and a trailing separator make no difference
  (``/a/b/`` is ``/a/b``; ``/a/b/../c`` is ``/a/c``).
- **Whole components.** ``/a/bc`` is not inside ``/a/b``.
- **Case** is compared as ``os.path.normcase`` does: exactly on POSIX (a
  case-insensitive macOS volume is still compared as written), case-insensitively and
  with ``/`` read as ``\\`` on Windows.
- **Drives and roots.** Paths on different Windows drives are never inside each other;
  every absolute path is inside the file system root (``/``, ``C:\\``). A relative path is
  never inside an absolute folder, nor the reverse; an empty path or folder holds and is
  nothing.
- ``strict``: only paths below the folder count, not the folder itself.

It never raises for any ``str``. ``same_path`` compares two paths as absolute,
normalised strings, lexically too.
"""

# Plain str paths on purpose: no Path objects made per question.
# ruff: noqa: PTH117

from __future__ import annotations

import os
from functools import lru_cache

from promptls.text import runmemo


def within(path: str, folder: str, *, strict: bool = False) -> bool:
    """Whether ``path`` is ``folder`` or lies below it (``strict``: only below it), by
    the rules in the module's docstring."""
    if not path or not folder:
        return False
    here = os.path.normcase(os.path.normpath(path))
    there = os.path.normcase(os.path.normpath(folder))
    if here == there:
        return not strict
    if os.path.isabs(here) != os.path.isabs(there):
        return False
    prefix = there if there.endswith(os.sep) else there + os.sep
    return here.startswith(prefix)


def same_path(a: str | None, b: str | None) -> bool:
    """Whether two paths are the same once absolute and normalised (``normcase``; no
    filesystem access); a missing or empty path is no path."""
    if not a or not b:
        return False
    return a == b or _compared(a) == _compared(b)


def _compared(path: str) -> str:
    """A path as ``same_path`` compares it. The rules compare a file with every entry of
    its discoveries (tens of thousands of times in a large ``check``), mostly the same
    few absolute paths: on POSIX those are remembered, as an absolute path's form does
    not depend on the working folder (on Windows a rooted path's drive does); a relative
    one is made absolute once per ``check`` run (``runmemo.abspath``)."""
    if os.sep == "/" and path.startswith("/"):
        return _absolute_posix(path)
    return os.path.normcase(runmemo.abspath(path))


@lru_cache(maxsize=4096)
def _absolute_posix(path: str) -> str:
    """``normcase(abspath(path))`` of an absolute POSIX path (``normpath``, no cwd)."""
    return os.path.normcase(os.path.abspath(path))  # noqa: PTH100
