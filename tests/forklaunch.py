"""Stand-in for ``python -m promptls COMMAND`` that has the suite's fork server start it.

Run as ``python -I -S forklaunch.py SOCKET COMMAND``: it hands its standard streams, environment
and working folder to the fork server (``forkserver.py``) listening on SOCKET, which
forks a prepared server onto those streams; this process then stands for that server
until it exits: signals sent here are passed on, and its exit status (or the signal that
ended it) becomes this process's. When the fork server cannot take it (not running, or a
different environment), this process becomes ``python -m promptls COMMAND`` itself.

Standard library only, and little of it: this start is what every server test pays.
"""

import array
import json
import os
import signal
import socket
import sys


def _real_server() -> None:
    """Become the server a test would have started without the fork server."""
    os.execv(sys.executable, [sys.executable, "-m", "promptls", sys.argv[2]])


def _forward(pid: int) -> None:
    """Pass the signals a client or a test sends to the server on to it."""
    for number in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGQUIT):
        signal.signal(number, lambda got, _frame: os.kill(pid, got))


def main() -> None:
    """Connect, hand over, stand in."""
    link = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        link.connect(sys.argv[1])
    except OSError:
        _real_server()
    request = json.dumps({"env": dict(os.environ), "cwd": os.getcwd()}).encode()
    fds = array.array("i", [0, 1, 2])
    link.sendmsg([request + b"\n"], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, fds)])
    reader = link.makefile("rb")
    answer = reader.readline().split()
    if answer[:1] != [b"pid"]:
        _real_server()
    _forward(int(answer[1]))
    line = reader.readline().split()  # a forwarded signal does not interrupt it (PEP 475)
    if line[:1] == [b"signal"]:
        number = int(line[1])
        signal.signal(number, signal.SIG_DFL)
        os.kill(os.getpid(), number)
    os._exit(int(line[1]) if line[:1] == [b"exit"] else 1)


if __name__ == "__main__":
    main()
