"""No data lost: ``promptls check --fix`` is atomic per file, even when killed.

Already covered in ``tests/analysis/test_check_cli.py``: a failing ``os.replace`` leaves
the original and no temporary file; a file changed on disk between read and write is
not overwritten. Added here: SIGKILL between write and rename (a real process death,
not an exception), a kill on the second of two files (the first stays fixed, the second
intact), a failing fsync, a file deleted before the rename (not resurrected), and file
modes kept across a fix.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from promptls.cli import main

from .conftest import MARKER
from .rawlsp import ROOT

LAUNCHER = [sys.executable, str(Path(__file__).with_name("launcher.py"))]
BROKEN = "Doctrine 🎉.\n\n__ZIDANE_SYSTEM_PROMPT_BOUNDRY__\nTurn.\n"
FIXED = f"Doctrine 🎉.\n\n{MARKER}\n\nTurn.\n"
FIX_ARGS = ["check", "--fix", "--select", "PL002,PL006"]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """Two prompt files that each need a fix."""
    for name in ("a.prompt", "b.prompt"):
        (tmp_path / name).write_text(BROKEN, encoding="utf-8")
    return tmp_path


def run_fix(project: Path, *files: str, kill_at: int | None = None) -> int:
    """``promptls check --fix FILES`` in a child process; its exit status (or -signal)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "server"), "HOME": str(project)}
    if kill_at is not None:
        env["PROMPTLS_TEST_KILL_AT_REPLACE"] = str(kill_at)
    done = subprocess.run(
        [*LAUNCHER, *FIX_ARGS, *files], cwd=project, env=env, capture_output=True, timeout=120
    )
    return done.returncode


def leftovers(project: Path) -> list[str]:
    """Temporary files a killed fix could not remove."""
    return sorted(p.name for p in project.iterdir() if p.name.endswith(".promptls"))


def test_killed_between_write_and_rename_leaves_the_original(project: Path) -> None:
    before = (project / "a.prompt").read_bytes()
    assert run_fix(project, "a.prompt", kill_at=1) == -signal.SIGKILL
    assert (project / "a.prompt").read_bytes() == before
    (stale,) = leftovers(project)  # the new text was fully written next to it
    assert (project / stale).read_text(encoding="utf-8") == FIXED
    # the next run fixes what the killed one did not
    assert run_fix(project, "a.prompt", "b.prompt") == 0
    assert (project / "a.prompt").read_text(encoding="utf-8") == FIXED
    assert (project / "b.prompt").read_text(encoding="utf-8") == FIXED


def test_killed_on_the_second_file_keeps_the_first_fixed(project: Path) -> None:
    assert run_fix(project, "a.prompt", "b.prompt", kill_at=2) == -signal.SIGKILL
    assert (project / "a.prompt").read_text(encoding="utf-8") == FIXED
    assert (project / "b.prompt").read_text(encoding="utf-8") == BROKEN


def test_fsync_failure_leaves_the_original_and_no_temporary(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from promptls.commands import _check_fix

    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.chdir(project)
    monkeypatch.setattr(_check_fix.os, "fsync", disk_full)
    assert main([*FIX_ARGS, "a.prompt"]) == 1
    assert "No space left on device" in capsys.readouterr().err
    assert (project / "a.prompt").read_text(encoding="utf-8") == BROKEN
    assert leftovers(project) == []


def test_file_deleted_before_the_rename_is_not_resurrected(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from promptls.commands import _check_fix

    real_fsync = os.fsync

    def delete_meanwhile(fd: int) -> None:
        real_fsync(fd)
        (project / "a.prompt").unlink()

    monkeypatch.chdir(project)
    monkeypatch.setattr(_check_fix.os, "fsync", delete_meanwhile)
    assert main([*FIX_ARGS, "a.prompt"]) == 1
    assert "a.prompt" in capsys.readouterr().err
    assert not (project / "a.prompt").exists()
    assert leftovers(project) == []


def test_fix_keeps_the_file_mode(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (project / "a.prompt").chmod(0o640)
    monkeypatch.chdir(project)
    assert main([*FIX_ARGS, "a.prompt"]) == 0
    assert (project / "a.prompt").stat().st_mode & 0o777 == 0o640
    assert (project / "a.prompt").read_text(encoding="utf-8") == FIXED
