"""Run ``promptls`` with test hooks installed first: ``python launcher.py ARGS...``.

* ``PROMPTLS_GUARD_FD=N``: every way to run a program or reach the network is replaced
  by a guard that writes one JSON line to file descriptor ``N`` and (except for the
  permitted listener) raises ``PermissionError``. Programs: ``subprocess.Popen``,
  ``os.system``/``popen``/``exec*``/``spawn*``/``posix_spawn*``/``fork*``, and the
  ``_posixsubprocess`` primitive underneath them. Network: creating any non-Unix socket,
  ``connect``/``bind``/``listen``/``sendto`` on any socket, ``getaddrinfo`` and
  ``create_connection``.
* ``PROMPTLS_GUARD_FILE=PATH``: the same, the lines appended to ``PATH`` (for a parent
  that cannot pass a descriptor, such as the MCP SDK's client starting the server).
* ``PROMPTLS_GUARD_LISTEN=HOST:PORT``: the one TCP listener ``serve --tcp`` may open
  (its socket, bind and listen are recorded but allowed).
* ``PROMPTLS_TEST_VANISH=PATH``: ``PATH`` is deleted just before promptls opens it
  (a file deleted while being read).
* ``PROMPTLS_TEST_KILL_AT_REPLACE=N``: the process kills itself with SIGKILL when it
  calls ``os.replace`` for the N-th time (power loss between write and rename).
* ``PROMPTLS_TEST_AS_NOBODY=1``: import everything promptls needs, then become uid/gid
  65534 (the interpreter itself lives where nobody may not read, so the switch happens
  after start-up); with HOME unset, the home then comes from the password database.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from collections.abc import Callable
from typing import Any

_FD = int(os.environ.get("PROMPTLS_GUARD_FD", "-1"))
if os.environ.get("PROMPTLS_GUARD_FILE"):  # for parents that cannot pass a descriptor
    _FD = os.open(os.environ["PROMPTLS_GUARD_FILE"], os.O_WRONLY | os.O_CREAT | os.O_APPEND)
_LISTEN = os.environ.get("PROMPTLS_GUARD_LISTEN", "")


def record(event: str, allowed: bool = False, **detail: Any) -> None:
    """Write one event line to the test's pipe; refuse the call unless it is allowed."""
    line = json.dumps({"event": event, "allowed": allowed, **detail}, default=repr) + "\n"
    os.write(_FD, line.encode())
    if not allowed:
        raise PermissionError(f"blocked by the test guard: {event}")


def _refuse(name: str) -> Callable[..., Any]:
    """A stand-in that records the call and raises."""

    def guard(*args: Any, **kwargs: Any) -> Any:
        record(name, args=args[:3])

    return guard


def _listen_address() -> tuple[str, int] | None:
    """The permitted listener, if any."""
    if not _LISTEN:
        return None
    host, _, port = _LISTEN.rpartition(":")
    return host, int(port)


def install_guards() -> None:
    """Replace every program- and network-starting entry point before promptls loads."""
    import _posixsubprocess

    for name in dir(os):
        if name.startswith(("exec", "spawn", "posix_spawn", "fork")) or name in (
            "system",
            "popen",
        ):
            setattr(os, name, _refuse(f"os.{name}"))
    _posixsubprocess.fork_exec = _refuse("_posixsubprocess.fork_exec")

    def popen_init(self: Any, *args: Any, **kwargs: Any) -> None:
        record("subprocess.Popen", args=args[:1])

    subprocess.Popen.__init__ = popen_init  # type: ignore[method-assign]

    allowed = _listen_address()
    real_init = socket.socket.__init__

    def socket_init(self: socket.socket, family: Any = -1, *args: Any, **kwargs: Any) -> None:
        if family not in (socket.AF_UNIX, -1):
            record("socket", allowed=allowed is not None, family=int(family))
        real_init(self, family, *args, **kwargs)

    def address_guard(name: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def guard(self: socket.socket, address: Any, *args: Any) -> Any:
            ok = allowed is not None and name in ("bind", "listen") and _same(address, allowed)
            record(f"socket.{name}", allowed=ok, address=address, family=int(self.family))
            return real(self, address, *args)

        return guard

    real_listen = socket.socket.listen

    def listen(self: socket.socket, *args: Any) -> None:
        address = self.getsockname()
        ok = allowed is not None and _same(address, allowed)
        if ok:  # reported once listening, so the test may connect right away
            real_listen(self, *args)
        record("socket.listen", allowed=ok, address=address)

    socket.socket.__init__ = socket_init  # type: ignore[method-assign]
    for name in ("connect", "connect_ex", "bind"):
        setattr(socket.socket, name, address_guard(name, getattr(socket.socket, name)))
    socket.socket.listen = listen  # type: ignore[method-assign]
    socket.socket.sendto = _refuse("socket.sendto")  # type: ignore[method-assign]
    real_getaddrinfo = socket.getaddrinfo

    def getaddrinfo(host: Any, port: Any, *args: Any, **kwargs: Any) -> Any:
        ok = allowed is not None and (host, _port(port)) == allowed
        record("socket.getaddrinfo", allowed=ok, host=host, port=port)
        return real_getaddrinfo(host, port, *args, **kwargs)

    socket.getaddrinfo = getaddrinfo
    socket.create_connection = _refuse("socket.create_connection")  # type: ignore[assignment]


def _port(value: Any) -> Any:
    """Ports arrive as ints or strings."""
    return int(value) if isinstance(value, str) and value.isdigit() else value


def _same(address: Any, allowed: tuple[str, int]) -> bool:
    """An (host, port, ...) socket address equal to the permitted one."""
    return isinstance(address, tuple) and tuple(address[:2]) == allowed


def install_vanish(target: str) -> None:
    """Delete ``target`` right before promptls opens it, once."""
    real_open = os.open

    def vanishing_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if os.fspath(path) == target and os.path.lexists(target):
            os.unlink(target)
        return real_open(path, flags, *args, **kwargs)

    os.open = vanishing_open


def become_nobody() -> None:
    """Load every module a run may import lazily, then drop root for uid/gid 65534."""
    import importlib
    import pkgutil

    import promptls

    for info in pkgutil.walk_packages(promptls.__path__, "promptls."):
        if not info.name.endswith("__main__"):  # importing that one would run the CLI
            importlib.import_module(info.name)
    for name in ("difflib", "tempfile", "unicodedata", "tomllib", "json", "hashlib", "uuid"):
        importlib.import_module(name)
    os.setgroups([])
    os.setgid(65534)
    os.setuid(65534)


def install_kill_at_replace(nth: int) -> None:
    """SIGKILL this process at the ``nth`` ``os.replace`` (earlier ones go through)."""
    import signal

    real_replace = os.replace
    calls = [0]

    def replace(src: Any, dst: Any, **kwargs: Any) -> None:
        calls[0] += 1
        if calls[0] == nth:
            os.kill(os.getpid(), signal.SIGKILL)
        real_replace(src, dst, **kwargs)

    os.replace = replace


def main() -> int:
    """Install the requested hooks, then run the promptls CLI in this process."""
    if os.environ.get("PROMPTLS_TEST_AS_NOBODY") == "1" and os.geteuid() == 0:
        become_nobody()
    if _FD >= 0:
        install_guards()
    vanish = os.environ.get("PROMPTLS_TEST_VANISH")
    if vanish:
        install_vanish(vanish)
    kill_at = os.environ.get("PROMPTLS_TEST_KILL_AT_REPLACE")
    if kill_at:
        install_kill_at_replace(int(kill_at))
    from promptls.cli import main as promptls_main

    return promptls_main(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
