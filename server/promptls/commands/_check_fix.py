"""Writing fixes safely: atomic replace, and never over a file that changed meanwhile."""

from __future__ import annotations

import os
from pathlib import Path

from promptls import later


class FixRefusedError(Exception):
    """The fix was not written; the message says why and the file is untouched."""


def unified_diff(display: str, before: str, after: str) -> str:
    """A ``git diff``-style unified diff of what ``--fix`` would write."""
    lines = later.difflib.unified_diff(
        before.splitlines(keepends=True),
        after.splitlines(keepends=True),
        fromfile=f"a/{display}",
        tofile=f"b/{display}",
    )
    out = []
    for line in lines:
        out.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return "".join(out)


def write_atomically(path: Path, original: bytes, new_text: str) -> None:
    """Replace ``path`` with ``new_text`` only if it still holds ``original``.

    The new content goes to a temporary file in the same directory (same filesystem),
    is flushed and synced, then renamed over the original with ``os.replace``. The file
    is compared with what was read right before the rename; if it changed on disk the
    write is refused. On any failure the temporary file is removed and the original is
    left exactly as it was.
    """
    data = new_text.encode("utf-8", "surrogatepass")
    try:
        mode = path.stat().st_mode & 0o7777
    except OSError as exc:
        raise FixRefusedError(f"cannot stat: {exc.strerror or exc}") from None
    fd, temp_name = later.tempfile.mkstemp(
        prefix=f".{path.name}.", suffix=".promptls", dir=path.parent
    )
    temp = Path(temp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        temp.chmod(mode)
        try:
            current = path.read_bytes()
        except OSError as exc:
            raise FixRefusedError(f"cannot re-read before writing: {exc.strerror or exc}") from None
        if current != original:
            raise FixRefusedError("file changed on disk since it was read; not written")
        os.replace(temp, path)  # noqa: PTH105 - one patchable call site for tests
    except FixRefusedError:
        temp.unlink(missing_ok=True)
        raise
    except OSError as exc:
        temp.unlink(missing_ok=True)
        raise FixRefusedError(f"write failed: {exc.strerror or exc}") from None
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
