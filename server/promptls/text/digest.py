"""SHA-256 of bytes, without importing ``hashlib``.

``hashlib`` loads OpenSSL's bindings (``_hashlib``) as it is imported: ~3 ms of every
command that prints a context revision or a finding's fingerprint, a tenth of
``context``'s own work. CPython's built-in SHA-256 (``_sha2`` from 3.12, ``_sha256``
before) gives the same digest and loads in a tenth of that; ``hashlib`` is the fallback
on an interpreter without either.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_sha256: Callable[[bytes], Any]
try:
    from _sha2 import sha256 as _sha256  # type: ignore[import-not-found, no-redef, unused-ignore]
except ImportError:
    try:
        from _sha256 import sha256 as _sha256  # type: ignore[import-not-found, no-redef, unused-ignore]
    except ImportError:  # pragma: no cover - an interpreter without CPython's modules
        from hashlib import sha256 as _sha256


def sha256_hex(data: bytes) -> str:
    """The SHA-256 digest of ``data`` in hexadecimal, as ``hashlib.sha256`` gives it."""
    return str(_sha256(data).hexdigest())
