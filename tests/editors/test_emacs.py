"""Emacs 28 + eglot, in batch mode, against the real server.

``scripts/setup-emacs`` installs Debian's ``emacs-nox`` and ``elpa-eglot``. The Lisp side
(``tests/editors/emacs/test.el``) connects eglot, waits (bounded) for flymake to show the
diagnostics, asks for a hover and applies ``source.fixAll.promptls``; the assertions live
here. Eglot 1.9 does not offer ``positionEncodings``, so the server must speak UTF-16 and
eglot's conversion must land on the right character after emoji and CJK text.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.editors.helpers import (
    DYNAMIC,
    EMOJI_LINE,
    MARKER,
    SERVER,
    STATIC,
    dup_position,
    run_scenario,
    workspace,
)

pytestmark = pytest.mark.editor

HERE = Path(__file__).resolve().parent / "emacs"
CONFIG = Path(__file__).resolve().parents[2] / "editors" / "emacs" / "promptls-eglot.el"
EMACS_TIMEOUT_S = 150
STEP_TIMEOUT_MS = 20000


@pytest.fixture(scope="module")
def emacs_run(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Run the eglot scenario once; the tests read the JSON Emacs wrote."""
    emacs = shutil.which("emacs")
    if emacs is None:
        pytest.skip("emacs is not installed: run scripts/setup-emacs (scripts/test does, as root)")
    if not SERVER.exists():
        pytest.skip(f"{SERVER} is missing: run scripts/test to install the project")
    tmp_path = tmp_path_factory.mktemp("emacs")
    home, proj, prompt = workspace(tmp_path)
    out = tmp_path / "result.json"
    # The documented config starts `promptls` from PATH: put the project's own first.
    path = os.pathsep.join([str(SERVER.parent), os.environ.get("PATH", "/usr/bin:/bin")])
    env = {
        "PATH": path,
        "LANG": "C.UTF-8",
        "HOME": str(home),
        "PROMPTLS_EMACS_CONFIG": str(CONFIG),
        "PROMPTLS_TEST_OUT": str(out),
        "PROMPTLS_TEST_FILE": str(prompt),
        "PROMPTLS_TEST_TIMEOUT_MS": str(STEP_TIMEOUT_MS),
    }
    cmd = [emacs, "--batch", "-l", str(HERE / "test.el")]
    return run_scenario("emacs", cmd, cwd=proj, env=env, out=out, timeout_s=EMACS_TIMEOUT_S)


def test_eglot_shows_duplicate_marker_at_the_right_character(emacs_run: dict[str, Any]) -> None:
    """Flymake underlines exactly the second marker, after emoji and CJK text."""
    line, column, _, utf16 = dup_position()  # Emacs counts characters (code points)
    assert column != utf16, "fixture too weak"
    dups = [d for d in emacs_run["diagnostics"] if "PL001" in d["text"]]
    assert len(dups) == 1, emacs_run["diagnostics"]
    assert (dups[0]["line"], dups[0]["column"], dups[0]["length"]) == (line, column, len(MARKER))
    assert dups[0]["text"].startswith("promptls [PL001]")


def test_eglot_hover_on_marker_shows_the_halves(emacs_run: dict[str, Any]) -> None:
    """A hover request from eglot on the first marker returns the wire preview."""
    hover = emacs_run["hover"]
    assert STATIC in hover
    assert DYNAMIC in hover
    assert EMOJI_LINE in hover


def test_eglot_fix_all_removes_the_duplicate(emacs_run: dict[str, Any]) -> None:
    """source.fixAll.promptls through eglot leaves one marker and clears PL001."""
    assert emacs_run["fix_all_actions"] == 1
    text = emacs_run["text_after_fix_all"]
    assert text.count(MARKER) == 1, text
    assert EMOJI_LINE in text.split("\n")
    assert STATIC in text
    assert all("PL001" not in d["text"] for d in emacs_run["diagnostics_after_fix"])
