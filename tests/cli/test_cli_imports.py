"""A command loads only what its run uses: what a CI step or an editor waits for at
every start (``docs/performance.md``: the corpus ``check`` is start-up bound)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

_PROBE = """
import sys
never = set(sys.argv.pop(1).split(","))
from promptls.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(sorted(never & set(sys.modules)), file=sys.stderr)
"""

_NEVER = "shutil,hashlib,_hashlib,subprocess,tarfile,difflib,tempfile"
"""argparse's width (shutil), OpenSSL's bindings, git for --since, diff and --fix."""

_CONTEXT_NEVER = (
    f"{_NEVER},pathlib,urllib.parse,datetime,promptls.config,promptls.analysis,"
    "promptls.views.shapes,promptls.assembly.assemble"
)
"""And for ``context`` of a folder for all agents: pathlib (with urllib.parse, ~5 ms) and
datetime, which only odd paths, %-escaped import targets and ``$PROMPTLS_TODAY`` need,
the config reader (with the analysis's settings), which only the agents' default choice
reads, and the JSON shapes (with the prompt assembly), which only ``--json`` prints."""


@pytest.mark.parametrize(
    ("argv", "never"),
    [
        (["check", "."], _NEVER),
        (["check", ".", "--format", "json"], _NEVER),
        (["context", ".", "--all-profiles"], _CONTEXT_NEVER),
        (["context", "--all-profiles"], _CONTEXT_NEVER),
        (["--version"], _NEVER),
    ],
    ids=["check", "check json", "context", "context of the working folder", "--version"],
)
def test_a_command_loads_nothing_it_does_not_run(
    tmp_path: Path, argv: list[str], never: str
) -> None:
    (tmp_path / "AGENTS.md").write_text("# Rules\n\nUse `uv`.\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, never, *argv],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    assert done.stderr.strip().splitlines()[-1] == "[]"
