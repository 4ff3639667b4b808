"""Fixtures for CLI tests: a temporary copy of the demo workspace and a fake home, and two
runners with a pinned date: :func:`run_cli` calls the CLI's ``main`` in this process (what
a command prints and returns), :func:`run_cli_process` runs ``python -m promptls`` (what
only a real process shows: start-up, stdin, forked workers)."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from promptls import cli

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
TODAY = "2026-01-15"


@dataclass(frozen=True)
class Demo:
    """Paths of one temporary demo set-up."""

    base: Path
    ws: Path
    home: Path

    @property
    def core(self) -> Path:
        """The nested package folder the demo runs on."""
        return self.ws / "packages" / "core"


@dataclass(frozen=True)
class Result:
    """What a CLI run printed and returned."""

    code: int
    out: bytes
    err: str

    @property
    def text(self) -> str:
        """stdout decoded as the CLI writes it (UTF-8)."""
        return self.out.decode("utf-8")


@pytest.fixture(autouse=True)
def _home(fake_home: Path) -> Path:
    """In-process runs read user-level files too: point them at an empty fake home."""
    return fake_home


def make_demo(folder: Path) -> Demo:
    """The demo workspace copied into ``folder`` with its ``dot-git`` renamed to ``.git``,
    and the fake home beside it."""
    ws = folder / "acme-widgets"
    shutil.copytree(FIXTURES / "demo-workspace", ws)
    (ws / "dot-git").rename(ws / ".git")
    home = folder / "home"
    shutil.copytree(FIXTURES / "demo-home", home)
    trust_for_codex(home, ws)
    return Demo(folder, ws, home)


@pytest.fixture
def demo(tmp_path: Path) -> Demo:
    """The demo workspace with its ``dot-git`` renamed to ``.git``, and the fake home."""
    return make_demo(tmp_path)


def trust_for_codex(home: Path, project: Path) -> None:
    """Mark ``project`` trusted in the fake home's codex config, as a codex user does on
    first run: codex applies a project's ``.codex/config.toml`` only then."""
    config = home / ".codex" / "config.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    with config.open("a", encoding="utf-8") as out:
        out.write(f'\n[projects."{project}"]\ntrust_level = "trusted"\n')


def _environment(
    home: Path | None, env: dict[str, str] | None
) -> tuple[tuple[str, ...], dict[str, str]]:
    """What a run unsets and sets: no codex or promptls home of the caller's, the pinned
    date, the fake home when given, then the test's own variables."""
    environ = {"PROMPTLS_TODAY": TODAY}
    if home is not None:
        environ["HOME"] = str(home)
        environ["PROMPTLS_HOME"] = str(home)
    environ.update(env or {})
    return ("CODEX_HOME", "PROMPTLS_HOME"), environ


class _Kept(io.BytesIO):
    """A byte buffer that outlives ``close()``: the CLI closes stderr on a broken pipe."""

    def close(self) -> None:
        """Keep the bytes readable after the CLI closed its stream."""


def run_cli(
    *args: str | os.PathLike[str],
    home: Path | None,
    cwd: Path | None = None,
    stdin: bytes | None = None,
    env: dict[str, str] | None = None,
) -> Result:
    """Run the CLI's ``main`` in this process as ``python -m promptls`` would run: the same
    environment, working folder and exit status as :func:`run_cli_process`, stdout and
    stderr as the bytes a pipe would carry (unbuffered, as PYTHONUNBUFFERED makes them)."""
    unset, environ = _environment(home, env)
    out, err = _Kept(), _Kept()
    with pytest.MonkeyPatch.context() as patch:
        for name in unset:
            patch.delenv(name, raising=False)
        for name, value in environ.items():
            patch.setenv(name, value)
        if cwd is not None:
            patch.chdir(cwd)
        patch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin or b""), encoding="utf-8"))
        patch.setattr(sys, "stdout", io.TextIOWrapper(out, encoding="utf-8", write_through=True))
        patch.setattr(
            sys,
            "stderr",
            io.TextIOWrapper(err, encoding="utf-8", errors="backslashreplace", write_through=True),
        )
        try:
            code = cli.main([str(arg) for arg in args])
        except SystemExit as exc:  # argparse's --help, --version and usage errors
            code = cli._exit_status(exc.code)
        for stream in (sys.stdout, sys.stderr):
            if not stream.closed:
                stream.flush()
    return Result(code, out.getvalue(), err.getvalue().decode("utf-8", "replace"))


def run_cli_process(
    *args: str | os.PathLike[str],
    home: Path | None,
    cwd: Path | None = None,
    stdin: bytes | None = None,
    env: dict[str, str] | None = None,
) -> Result:
    """Run ``python -m promptls`` with a fake HOME and a pinned date; never the real home."""
    unset, extra = _environment(home, env)
    environ = {k: v for k, v in os.environ.items() if k not in unset}
    environ.update(extra)
    proc = subprocess.run(
        [sys.executable, "-m", "promptls", *map(str, args)],
        input=stdin,
        capture_output=True,
        cwd=cwd,
        env=environ,
        timeout=60,
        check=False,
    )
    return Result(proc.returncode, proc.stdout, proc.stderr.decode("utf-8", "replace"))


def assert_usage_error(result: Result, *fragments: str) -> None:
    """Exit 2, exactly one line on stderr naming the problem, nothing on stdout."""
    assert result.code == 2, result
    lines = result.err.splitlines()
    assert len(lines) == 1, result.err
    assert "Traceback" not in result.err
    assert lines[0].startswith("promptls: error: ")
    for fragment in fragments:
        assert fragment in lines[0]
    assert result.out == b""
