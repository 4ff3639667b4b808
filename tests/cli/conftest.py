"""Fixtures for CLI tests: a temporary copy of the demo workspace and a fake home, and a
runner that calls ``python -m promptls`` in a subprocess with a pinned date."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

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


@pytest.fixture
def demo(tmp_path: Path) -> Demo:
    """The demo workspace with its ``dot-git`` renamed to ``.git``, and the fake home."""
    ws = tmp_path / "acme-widgets"
    shutil.copytree(FIXTURES / "demo-workspace", ws)
    (ws / "dot-git").rename(ws / ".git")
    home = tmp_path / "home"
    shutil.copytree(FIXTURES / "demo-home", home)
    trust_for_codex(home, ws)
    return Demo(tmp_path, ws, home)


def trust_for_codex(home: Path, project: Path) -> None:
    """Mark ``project`` trusted in the fake home's codex config, as a codex user does on
    first run: codex applies a project's ``.codex/config.toml`` only then."""
    config = home / ".codex" / "config.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    with config.open("a", encoding="utf-8") as out:
        out.write(f'\n[projects."{project}"]\ntrust_level = "trusted"\n')


def run_cli(
    *args: str | os.PathLike[str],
    home: Path | None,
    cwd: Path | None = None,
    stdin: bytes | None = None,
    env: dict[str, str] | None = None,
) -> Result:
    """Run ``python -m promptls`` with a fake HOME and a pinned date; never the real home."""
    environ = {k: v for k, v in os.environ.items() if k not in ("CODEX_HOME", "PROMPTLS_HOME")}
    environ["PROMPTLS_TODAY"] = TODAY
    if home is not None:
        environ["HOME"] = str(home)
        environ["PROMPTLS_HOME"] = str(home)
    environ.update(env or {})
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
