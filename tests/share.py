"""Two pytest processes share one run: each claims whole test modules from a shared folder.

``scripts/test --quick`` runs the suite on the machine's two cores this way, without a
controller process: both processes collect the same tests, then each takes the next
module no one has claimed yet (an ``mkdir`` in the folder, which one process wins) and
runs it whole, so a module's module-scoped servers start once. The second process walks
the modules from the top of a list that begins with the folders whose servers are forked
(``FORKED``), the first from its bottom, so they meet somewhere in the rest and finish
within about one module of each other, and only the second starts fork servers. A
process that stops early (``-x``, ``--maxfail``, Ctrl-C) leaves a ``stop`` file: the
other claims nothing more. Each ends without tearing its interpreter down once
everything else registered to run at exit (pytest's, the fork servers') has run:
freeing the objects of a whole run one by one took ~0.5 s of each.

Not pytest-xdist: its controller process receives every test's report from its
workers, which on two cores cost ~7 s of CPU a run, ~10 % of the inner loop's time
(side by side, four runs each: 55–62 s here against 60–68 s with xdist's
``--dist loadfile``).

    PROMPTLS_TEST_SHARE=FOLDER PROMPTLS_TEST_SHARE_INDEX=0|1 pytest -p tests.share ...
"""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import itertools
import logging
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

FOLDER = "PROMPTLS_TEST_SHARE"
"""The environment variable naming the folder both processes claim modules in."""
INDEX = "PROMPTLS_TEST_SHARE_INDEX"
"""``1`` for the process that walks the modules from the top, ``0`` from the bottom."""

FORKED = ("tests/lsp/", "tests/mcp_server/")
"""The folders whose tests start their servers through a fork server per process and
command (``tests/forkserver.py``, ~1.5 s of CPU to prepare each): one process runs
them, so one prepares them. A folder missing here costs time, not results."""


def _modules(items: list[pytest.Item]) -> dict[str, list[pytest.Item]]:
    """The collected tests by module: the ``FORKED`` folders' first, each part in
    collection order."""
    modules: dict[str, list[pytest.Item]] = {}
    for item in sorted(items, key=lambda item: not item.nodeid.startswith(FORKED)):
        modules.setdefault(item.nodeid.split("::", 1)[0], []).append(item)
    return modules


class _Claims:
    """The modules this process runs, claimed one at a time from the shared folder."""

    def __init__(self, folder: Path, modules: dict[str, list[pytest.Item]], from_top: bool):
        self.folder = folder
        self.modules = modules
        self.order = list(modules) if from_top else list(reversed(modules))

    def stop(self) -> None:
        """Tell the other process to claim nothing more."""
        (self.folder / "stop").touch()

    def _claim(self, module: str) -> bool:
        if (self.folder / "stop").exists():
            return False
        try:
            (self.folder / hashlib.sha256(module.encode()).hexdigest()[:32]).mkdir()
        except FileExistsError:
            return False
        return True

    def next(self) -> list[pytest.Item] | None:
        """The tests of the next module this process won, or None when none is left."""
        while self.order:
            module = self.order.pop(0)
            if self._claim(module):
                return self.modules[module]
        return None

    def items(self) -> Iterator[tuple[pytest.Item, pytest.Item | None]]:
        """Each test this process runs with the one it runs next (pytest tears fixtures
        down by it), claiming the next module before the last test of each."""
        current = self.next()
        while current is not None:
            yield from itertools.pairwise(current)
            upcoming = self.next()
            yield current[-1], upcoming[0] if upcoming else None
            current = upcoming


_status: list[int] = []
"""The run's exit status, once pytest has it."""


def _leave() -> None:
    """Exit with the run's status without freeing what the run made, the streams flushed
    (registered first, so it runs after every other handler)."""
    if not _status:
        return
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(_status[0])


if os.environ.get(FOLDER):
    atexit.register(_leave)


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(exitstatus: int) -> None:
    _status[:] = [int(exitstatus)]


@pytest.hookimpl(tryfirst=True)
def pytest_runtestloop(session: pytest.Session) -> bool | None:
    """Run the claimed modules; pytest's own loop runs when sharing is off, and for
    collection errors and ``--collect-only``."""
    folder = os.environ.get(FOLDER)
    if not folder or session.testsfailed or session.config.option.collectonly:
        return None
    claims = _Claims(Path(folder), _modules(session.items), os.environ.get(INDEX) == "1")
    try:
        for item, following in claims.items():
            item.config.hook.pytest_runtest_protocol(item=item, nextitem=following)
            if session.shouldfail:
                raise session.Failed(session.shouldfail)
            if session.shouldstop:
                raise session.Interrupted(session.shouldstop)
    except BaseException:
        claims.stop()
        raise
    return True
