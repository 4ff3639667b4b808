"""A new editor session's first file loads only the analysis it needs.

The server's first diagnostics wait for every module the first analysis imports, so the
libraries only some documents need (YAML, globs, Git's ignore rules, TOML, shell words)
are start-up seams loaded after the first diagnostics (``promptls.later``). This holds
the line: a plain AGENTS.md (no front matter, no copies, no agent set up, no marker) is
analysed in a fresh interpreter without them, and a document that needs them still gets
them.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from promptls.later import SEAMS, When, names

DEFERRED = tuple(SEAMS[name].module for name in names(When.AFTER_DIAGNOSTICS))

_SCRIPT = """
import json, sys
from promptls.analysis.agents import analyze_for_agents
from promptls.analysis.settings import DEFAULT_SETTINGS
from promptls.discovery import discover, owning_folder
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
analysis = analyze_for_agents(
    text, path=path, settings=DEFAULT_SETTINGS, folder=owning_folder(path),
    discover=lambda folder, profile: discover(folder, profile),
)
print(json.dumps({"codes": [f.code for f in analysis.findings],
                  "loaded": sorted(m for m in json.loads(sys.argv[2]) if m in sys.modules)}))
"""


def _analyse_fresh(path: Path, home: Path) -> dict[str, list[str]]:
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin"}
    out = subprocess.run(
        [sys.executable, "-c", _SCRIPT, str(path), json.dumps(DEFERRED)],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    ).stdout
    return dict(json.loads(out))


def test_a_plain_agents_md_loads_none_of_the_deferred_helpers(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    path = tmp_path / "repo" / "AGENTS.md"
    path.parent.mkdir()
    path.write_text("# Agents 🚀\n\nRun the tests before you push.\n", encoding="utf-8")
    assert _analyse_fresh(path, home)["loaded"] == []


def test_a_document_that_needs_them_still_gets_their_findings(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    rules = tmp_path / "repo" / ".claude" / "rules"
    rules.mkdir(parents=True)
    path = rules / "style.md"
    path.write_text("---\npaths: [1, 2\n---\n\nUse tabs.\n", encoding="utf-8")
    result = _analyse_fresh(path, home)
    assert {"PL018", "PL019", "PL020", "PL021", "PL022"} & set(result["codes"])
    assert "yaml" in result["loaded"]
