"""The CLI must start fast and without the LSP stack (the import rules themselves are
``test_contract.py``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def test_cli_import_leaves_lsp_libraries_unloaded() -> None:
    code = (
        "import sys, promptls.cli as c; c.build_parser();"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pygls', 'lsprotocol')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


def test_usage_errors_are_one_line_without_usage_block() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "promptls", "context", "--profile", "or", "--all-profiles"],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1
    assert "not allowed with" in lines[0]


def test_check_and_context_run_without_dataclasses_inspect_or_platform(tmp_path: Path) -> None:
    """~11 ms of every command's start: records are made without ``dataclasses``
    (``promptls/record.py``), the rules found without ``pkgutil`` (which imports
    ``inspect``), the machine's name read without ``platform``."""
    (tmp_path / "AGENTS.md").write_text("# Rules\n\nUse tabs.\n", encoding="utf-8")
    (tmp_path / ".claude").mkdir()
    code = (
        "import sys\n"
        "from promptls.cli import main\n"
        "for argv in (['check', '.'], ['context', '.', '--all-profiles']):\n"
        "    sys.argv = ['promptls', *argv]\n"
        "    assert main() in (0, 1)\n"
        "print(sorted(m for m in ('dataclasses', 'inspect', 'platform') if m in sys.modules))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=tmp_path
    ).stdout
    assert out.strip().splitlines()[-1] == "[]"
