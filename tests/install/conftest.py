"""Build promptls once per session (sdist and wheel, with ``python -m build``) and install
the wheel the way CI users get it: through the GitHub Action's install step
(``scripts/action-run.sh install``) into a fresh venv, not editable.

The build is cached under ``~/.cache/promptls/dist/<hash of its inputs>``, so a warm run
with unchanged sources reuses it; the install into a fresh venv happens every run.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ACTION_RUN = ROOT / "scripts" / "action-run.sh"
# Everything the sdist is built from (pyproject.toml's sdist include list).
BUILD_INPUTS = (
    "pyproject.toml",
    "hatch_build.py",
    "README.md",
    "LICENSE",
    "server/promptls",
    "docs",
)


@dataclass(frozen=True)
class Dist:
    """The built distributions."""

    sdist: Path
    wheel: Path


@dataclass(frozen=True)
class Installed:
    """A fresh venv holding the wheel, and what the action's install step reported."""

    venv: Path
    github_path: str
    outputs: str

    @property
    def promptls(self) -> Path:
        """The installed console script."""
        return self.venv / "bin" / "promptls"


def _inputs_hash() -> str:
    """A hash of every build input's path and bytes."""
    digest = hashlib.sha256()
    for name in BUILD_INPUTS:
        base = ROOT / name
        files = sorted(p for p in base.rglob("*") if p.is_file()) if base.is_dir() else [base]
        for path in files:
            if "__pycache__" in path.parts or path.suffix in (".so", ".pyd"):
                continue  # byte code, and the speedup an editable install built in place
            digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def _cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "promptls" / "dist"


def _prune(keep: Path) -> None:
    """Drop builds of other sources not used for a week (other checkouts may need recent ones)."""
    week_ago = time.time() - 7 * 24 * 3600
    for other in keep.parent.iterdir():
        if other != keep and other.is_dir() and other.stat().st_mtime < week_ago:
            shutil.rmtree(other, ignore_errors=True)


@pytest.fixture(scope="session")
def dist() -> Dist:
    """sdist and wheel of the current sources (``python -m build``, cached by input hash)."""
    out = _cache_dir() / _inputs_hash()
    if not (out / ".done").exists():
        shutil.rmtree(out, ignore_errors=True)
        out.mkdir(parents=True)
        run = subprocess.run(
            [sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
        (out / ".done").touch()
        _prune(out)
    (sdist,) = out.glob("promptls-*.tar.gz")
    (wheel,) = out.glob("promptls-*.whl")
    return Dist(sdist, wheel)


@pytest.fixture(scope="session")
def installed(dist: Dist, tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """The wheel installed by the action's install step into a fresh venv."""
    runner_temp = tmp_path_factory.mktemp("runner")
    github_path = runner_temp / "github_path"
    github_output = runner_temp / "github_output"
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": os.environ.get("HOME", str(runner_temp)),
        "RUNNER_TEMP": str(runner_temp),
        "GITHUB_PATH": str(github_path),
        "GITHUB_OUTPUT": str(github_output),
        "PROMPTLS_SOURCE": str(dist.wheel),
        "PROMPTLS_PYTHON": sys.executable,
    }
    for passthrough in ("PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "PIP_CACHE_DIR", "XDG_CACHE_HOME"):
        if passthrough in os.environ:
            env[passthrough] = os.environ[passthrough]
    run = subprocess.run(
        ["bash", str(ACTION_RUN), "install"],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    return Installed(
        runner_temp / "promptls-venv", github_path.read_text(), github_output.read_text()
    )
