"""How the ``promptls`` program ends: it skips the interpreter's teardown, so these pin
that nothing it printed is lost on the way out and that its exit status is unchanged."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from promptls.cli import _exit_status, main
from tests import MARKER


def _program(*args: str, cwd: Path, stdout: int = subprocess.PIPE) -> subprocess.Popen[bytes]:
    """``python -m promptls`` with block-buffered output (no PYTHONUNBUFFERED), as in CI."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    env["HOME"] = env["PROMPTLS_HOME"] = str(cwd)
    return subprocess.Popen(
        [sys.executable, "-m", "promptls", *args],
        cwd=cwd,
        env=env,
        stdout=stdout,
        stderr=subprocess.PIPE,
    )


def _tree(root: Path, repos: int = 40, lines: int = 30) -> None:
    """By default a report far larger than an output buffer."""
    for number in range(repos):
        folder = root / f"repo-{number:02d}"
        folder.mkdir()
        (folder / "AGENTS.md").write_text(
            "".join(f"Step {i}: zero\u200bwidth {MARKER.lower()}\n" for i in range(lines)),
            encoding="utf-8",
        )


@pytest.mark.parametrize("repos", [1, 40])
def test_the_whole_report_reaches_a_pipe(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, repos: int
) -> None:
    _tree(tmp_path, repos, lines=1 if repos == 1 else 30)
    proc = _program("check", "--format", "json", ".", cwd=tmp_path)
    out, err = proc.communicate(timeout=60)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("PROMPTLS_HOME", str(tmp_path))
    assert main(["check", "--format", "json", "."]) == 1
    expected = capsys.readouterr().out
    assert len(expected) > (64 * 1024 if repos > 1 else 0)
    assert proc.returncode == 1, err
    assert out.decode("utf-8") == expected


@pytest.mark.parametrize(
    ("args", "status", "stdout", "stderr"),
    [
        (("--version",), 0, "promptls ", ""),
        (("check", "missing-folder"), 2, "", "no such file or directory"),
        (("no-such-command",), 2, "", "invalid choice"),
    ],
)
def test_exit_status_and_messages(
    tmp_path: Path, args: tuple[str, ...], status: int, stdout: str, stderr: str
) -> None:
    proc = _program(*args, cwd=tmp_path)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == status
    assert out.decode().startswith(stdout)
    assert stderr in err.decode()


def test_a_reader_that_stops_early_gets_no_traceback(tmp_path: Path) -> None:
    _tree(tmp_path)
    proc = _program("check", ".", cwd=tmp_path)
    assert proc.stdout is not None
    first = proc.stdout.read(100)
    proc.stdout.close()  # as `| head -c 100` does
    _, err = proc.communicate(timeout=60)
    assert first
    assert b"Traceback" not in err and b"Exception ignored" not in err, err


def test_exit_codes_follow_sys_exit() -> None:
    assert _exit_status(None) == 0
    assert _exit_status(2) == 2
    assert _exit_status(256 + 3) == 3
