"""Help text wraps at the terminal's width, as argparse's own would."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from promptls.cli import terminal_columns

PROMPTLS = [sys.executable, "-m", "promptls"]


@pytest.mark.parametrize("columns", ["60", "132", "0", "-4", "wide", None])
def test_the_width_is_what_shutil_says(
    monkeypatch: pytest.MonkeyPatch, columns: str | None
) -> None:
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    monkeypatch.setenv("LINES", "40")
    assert terminal_columns() == shutil.get_terminal_size().columns


@pytest.mark.parametrize("columns", [50, 120])
def test_help_wraps_at_columns(columns: int) -> None:
    done = subprocess.run(
        [*PROMPTLS, "check", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "COLUMNS": str(columns)},
        check=True,
    )
    # The usage block keeps each option whole; the options' descriptions wrap.
    described = done.stdout.split("options:")[1]
    widths = [len(line) for line in described.splitlines()]
    assert max(widths) <= columns - 2
    assert max(widths) > columns - 20  # filled to the width, not wrapped at 80
