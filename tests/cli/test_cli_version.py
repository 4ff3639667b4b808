"""``promptls --version``: what editors and scripts probe, answered without loading commands."""

from __future__ import annotations

import subprocess
import sys

import pytest

from promptls import __version__

PROMPTLS = [sys.executable, "-m", "promptls"]


@pytest.mark.parametrize("extra", [[], ["check"], ["--bogus"]])
def test_version_is_printed_whatever_follows(extra: list[str]) -> None:
    done = subprocess.run(
        [*PROMPTLS, "--version", *extra], capture_output=True, text=True, timeout=60
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, f"promptls {__version__}\n", "")


def test_version_loads_no_subcommand() -> None:
    code = (
        "import sys\nfrom promptls.cli import main\n"
        "try:\n    main(['--version'])\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m.startswith('promptls.commands.')), "
        "file=sys.stderr)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stderr.strip() == "[]"


def test_help_still_lists_every_command() -> None:
    done = subprocess.run([*PROMPTLS, "--help"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0
    for name in ("check", "render", "serve"):
        assert name in done.stdout
