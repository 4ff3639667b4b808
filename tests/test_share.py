"""Two pytest processes sharing a run (``tests/share.py``) run every test exactly once,
each module whole in one process, tear each module's fixtures down where it ends, and
stop together when one stops at a failure."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

from tests import share

ROOT = Path(__file__).resolve().parents[1]

_CONFTEST = """
import json, os, pytest

def log(event):
    with open({log!r}, "a") as handle:
        handle.write(json.dumps([os.environ["PROMPTLS_TEST_SHARE_INDEX"], event]) + "\\n")

@pytest.fixture(scope="session")
def run():
    log("open run")
    yield
    log("close run")
"""

_MODULE = """
import pytest
from conftest import log as _log

@pytest.fixture(scope="module")
def server(run):
    _log("start {name}")
    yield
    _log("stop {name}")

@pytest.mark.parametrize("n", range({count}))
def test_one(server, n):
    _log("{name}::" + str(n))
    {body}
"""


def _suite(folder: Path, log: Path, failing: str | None = None) -> list[str]:
    """Eight test modules of different sizes; the names of their tests. With ``failing``,
    that module's second test fails and every other test takes 0.2 s."""
    (folder / "conftest.py").write_text(_CONFTEST.format(log=str(log)), encoding="utf-8")
    names = []
    for number in range(8):
        name = f"test_m{number}"
        body = "pass" if failing is None else "__import__('time').sleep(0.2)"
        if name == failing:
            body = "assert n != 1"
        count = 2 + number % 3
        source = _MODULE.format(name=name, count=count, body=body)
        (folder / f"{name}.py").write_text(source, encoding="utf-8")
        names += [f"{name}::{n}" for n in range(count)]
    return names


def _run_shared(folder: Path, *args: str) -> list[subprocess.CompletedProcess[str]]:
    """Both processes of a shared run over ``folder``, started together."""
    claims = folder / "claims"
    claims.mkdir()
    # Only pytest and the plugin under test: none of the suite's plugins (pytest-lsp,
    # Hypothesis, asyncio) is needed to run these modules.
    env = {
        **os.environ,
        share.FOLDER: str(claims),
        "PYTHONPATH": str(ROOT),
        "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1",
    }
    env.pop("PYTEST_ADDOPTS", None)
    command = [sys.executable, "-m", "pytest", "-p", "tests.share", "-p", "no:cacheprovider"]
    processes = [
        subprocess.Popen(
            [*command, "-q", *args, str(folder)],
            env={**env, share.INDEX: str(index)},
            cwd=folder,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for index in (0, 1)
    ]
    results = []
    for process in processes:
        out, _ = process.communicate(timeout=120)
        results.append(subprocess.CompletedProcess(process.args, process.returncode, out))
    return results


def _events(log: Path) -> list[tuple[str, str]]:
    return [tuple(json.loads(line)) for line in log.read_text(encoding="utf-8").splitlines()]


def test_every_test_runs_once_and_each_module_whole_in_one_process(tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    suite.mkdir()
    log = tmp_path / "log"
    names = _suite(suite, log)
    results = _run_shared(suite)
    assert [r.returncode for r in results] == [0, 0], [r.stdout for r in results]
    events = _events(log)
    ran = [event for _, event in events if "::" in event]
    assert sorted(ran) == sorted(names)
    by_module: dict[str, set[str]] = {}
    for index, event in events:
        if event.endswith(" run"):  # the session's own fixture, in each process
            continue
        by_module.setdefault(event.split("::")[0].split()[-1], set()).add(index)
    assert all(len(indexes) == 1 for indexes in by_module.values()), by_module
    # Each process opened its run once, started each of its modules' servers once, and
    # stopped it before the next module's started.
    for index in ("0", "1"):
        mine = [event.split() for i, event in events if i == index and "::" not in event]
        if not mine:  # the other process was quicker to every module
            continue
        assert mine[0] == ["open", "run"]
        assert mine[-1] == ["close", "run"]
        mine = mine[1:-1]
        assert [verb for verb, _ in mine] == ["start", "stop"] * (len(mine) // 2)
        assert all(start[1] == stop[1] for start, stop in zip(mine[::2], mine[1::2], strict=True))


def test_a_process_that_stops_at_a_failure_stops_the_other(tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    suite.mkdir()
    log = tmp_path / "log"
    _suite(suite, log, failing="test_m0")
    results = _run_shared(suite, "-x")
    # The second process walks from the top: it claims test_m0 first and stops at its
    # second test. The first walks from the bottom one module of 0.4-0.8 s at a time and
    # sees the stop long before it could reach test_m4 (without it, it would run them all).
    assert results[1].returncode == 1, results[1].stdout
    assert "test_m0.py::test_one[1]" in results[1].stdout
    assert results[0].returncode == 0, results[0].stdout
    ran = {event.split("::")[0] for _, event in _events(log) if "::" in event}
    assert "test_m0" in ran
    assert not ran & {"test_m1", "test_m2", "test_m3", "test_m4"}, ran


def test_the_forked_servers_folders_come_first_and_each_part_keeps_its_order() -> None:
    ids = [
        "tests/analysis/test_a.py::x",
        "tests/lsp/test_b.py::x",
        "tests/analysis/test_a.py::y",
        "tests/mcp_server/test_c.py::x",
        "tests/text/test_d.py::x",
        "tests/lsp/test_b.py::y",
    ]
    items = [SimpleNamespace(nodeid=nodeid) for nodeid in ids]
    modules = share._modules(items)  # type: ignore[arg-type]
    assert list(modules) == [
        "tests/lsp/test_b.py",
        "tests/mcp_server/test_c.py",
        "tests/analysis/test_a.py",
        "tests/text/test_d.py",
    ]
    assert [item.nodeid for item in modules["tests/lsp/test_b.py"]] == [ids[1], ids[5]]
