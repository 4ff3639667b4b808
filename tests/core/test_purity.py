"""The pure core must stay usable without the LSP stack, and the CLI must start fast."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "server" / "promptls"
FORBIDDEN = ("pygls", "lsprotocol")


def _core_modules() -> list[Path]:
    return [
        p
        for p in PACKAGE.rglob("*.py")
        if "lsp" not in p.relative_to(PACKAGE).parts and p.name != "cli.py"
    ]


def test_core_imports_no_lsp_library() -> None:
    offenders = []
    for path in _core_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            offenders += [f"{path}: {n}" for n in names if n.split(".")[0] in FORBIDDEN]
    assert _core_modules(), "no core modules found"
    assert offenders == []


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
