"""``check --jobs``: a large run analysed by more than one process reports exactly what
one process reports, in the same order, and a child that fails costs time, not findings."""

from __future__ import annotations

import gc
import json
import subprocess
import sys
from pathlib import Path

import pytest

from promptls.commands import check
from promptls.commands._check_jobs import GC_FIRST_GENERATION, auto_jobs, can_fork
from tests import MARKER

from .conftest import run_cli, run_cli_process

pytestmark = pytest.mark.skipif(not can_fork(), reason="more processes only where fork is cheap")


def _tree(root: Path) -> None:
    """Repositories set up for different agents, each with findings some agents see,
    and a symlinked copy whose target sits in another slice of the file list."""
    for number in range(12):
        repo = root / f"repo-{number:02d}"
        (repo / "docs").mkdir(parents=True)
        if number % 2:
            (repo / ".claude").mkdir()
        text = f"# Repo {number}\n\nSee @docs/missing.md.\n\n{MARKER.lower()}\n\nzero\u200bwidth\n"
        (repo / "AGENTS.md").write_text(text, encoding="utf-8")
        (repo / "docs" / "CLAUDE.md").write_text(text + "More.\n", encoding="utf-8")
    (root / "repo-11" / "GEMINI.md").symlink_to(root / "repo-00" / "AGENTS.md")


@pytest.mark.parametrize("fmt", ["json", "text", "sarif", "github"])
def test_more_processes_report_what_one_does(tmp_path: Path, fake_home: Path, fmt: str) -> None:
    _tree(tmp_path)
    one = run_cli_process(
        "check", "--format", fmt, "--jobs", "1", tmp_path, home=fake_home, cwd=tmp_path
    )
    assert one.code == 1 and "PL002" in one.text and "[claude" in one.text, one
    for jobs in ("2", "3"):
        many = run_cli_process(
            "check", "--format", fmt, "--jobs", jobs, tmp_path, home=fake_home, cwd=tmp_path
        )
        assert many == one


FAILING_CHILD = """
import json, os
from promptls.commands._check_jobs import _one_thread, in_slices

assert _one_thread(), "a fresh interpreter runs one thread"
parent = os.getpid()

def work(item):
    if os.getpid() != parent and item == 7:
        os._exit(3)  # a child dies half-way through its slice
    return item * item, os.getpid() != parent

print(json.dumps({jobs: in_slices(list(range(10)), jobs, work) for jobs in (2, 4, 64)}))
"""
"""Slices run in a fresh interpreter: ``check`` forks only from a process running one
thread, and a test runner's process may run more (pytest's plugins may start them)."""


def test_a_failing_child_costs_time_not_results() -> None:
    done = subprocess.run(
        [sys.executable, "-c", FAILING_CHILD], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    by_jobs = json.loads(done.stdout)
    for jobs in (2, 4, 64):  # 64: more processes than items, one item a chunk
        results = by_jobs[str(jobs)]
        assert [square for square, _ in results] == [i * i for i in range(10)]
        # A child dies on 7: whichever chunk held it, the parent computed it again.
        assert results[7] == [49, False]


def test_small_runs_stay_in_one_process() -> None:
    assert auto_jobs(67) == 1
    assert 1 <= auto_jobs(100_000) <= 2


@pytest.mark.parametrize("value", ["0", "-1", "two"])
def test_jobs_must_be_auto_or_a_positive_number(
    tmp_path: Path, fake_home: Path, value: str
) -> None:
    result = run_cli_process("check", "--jobs", value, tmp_path, home=fake_home, cwd=tmp_path)
    assert result.code == 2 and "--jobs" in result.err and result.out == b""


def test_a_check_leaves_the_garbage_collector_as_it_found_it(
    tmp_path: Path, fake_home: Path
) -> None:
    """``check`` collects garbage rarely while it runs (``few_collections``); a caller
    that runs it in process (``diff``, an extension's tests) gets its own settings back,
    with nothing left frozen."""
    (tmp_path / "AGENTS.md").write_text(f"# A\n\n{MARKER.lower()}\n", encoding="utf-8")
    before = gc.get_threshold()
    seen: list[tuple[int, int]] = []
    with pytest.MonkeyPatch.context() as patch:  # what the run sees, from inside it
        patch.setattr(
            check, "_run", lambda args: seen.append((gc.get_threshold()[0], gc.get_freeze_count()))
        )
        run_cli("check", tmp_path, home=fake_home)
    assert seen and seen[0][0] == GC_FIRST_GENERATION and seen[0][1] > 0
    result = run_cli("check", tmp_path, home=fake_home)
    assert result.code == 1 and "PL002" in result.text
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0
