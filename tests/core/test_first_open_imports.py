"""A new editor session's first file loads only the analysis it needs.

The server's first diagnostics wait for every module the first analysis imports, so the
libraries only some documents need (YAML, globs, Git's ignore rules, TOML, shell words)
are start-up seams loaded after the first diagnostics (``promptls.later``), and the
agents' discovery hooks (their walks and settings readers) load when a discovery first
runs (``Profile.hooks``). This holds the line: a plain AGENTS.md (no front matter, no
copies, no agent set up, no marker) is analysed in a fresh interpreter without the
libraries, a prompt without any agent's hooks, and a document that needs them still
gets them.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

from promptls.agents.registry import PROFILES
from promptls.later import SEAMS, When, names

WALKER = SEAMS["discovery_walk"].module
"""The walker: loaded after the first diagnostics too, but an instruction file's first
analysis runs discovery, so it imports the walker itself; a prompt's never does."""

DEFERRED = tuple(
    module
    for module in (SEAMS[name].module for name in names(When.AFTER_DIAGNOSTICS))
    if module != WALKER
)

AGENTS = Path(__file__).resolve().parents[2] / "server" / "promptls" / "agents"


def _defines_hooks(path: Path) -> bool:
    """Whether the module assigns ``HOOKS`` at its top level (an agent's hooks)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(
        isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "HOOKS" for t in node.targets)
        for node in tree.body
    )


HOOKS_MODULES = tuple(
    f"promptls.agents.{path.parent.name}.{path.stem}"
    for path in sorted(AGENTS.glob("*/*.py"))
    if _defines_hooks(path)
)
"""Every agent home's hooks module, found in the files (not in the profiles, so a home
that imports its hooks eagerly again is still caught)."""

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


def _analyse_fresh(
    path: Path, home: Path, watched: tuple[str, ...] = DEFERRED
) -> dict[str, list[str]]:
    """The codes a fresh interpreter finds in ``path`` and which of ``watched`` it
    imported for that first analysis."""
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin"}
    out = subprocess.run(
        [sys.executable, "-c", _SCRIPT, str(path), json.dumps(watched)],
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


def test_a_prompt_loads_no_agents_discovery_hooks(tmp_path: Path) -> None:
    """A prompt is analysed without discovery, so neither the walker nor any agent's
    walk or settings reader loads, in a repository set up for several agents too."""
    home = tmp_path / "home"
    home.mkdir()
    repo = tmp_path / "repo"
    (repo / ".claude").mkdir(parents=True)
    (repo / ".codex").mkdir()
    (repo / "AGENTS.md").write_text("# Agents\n", encoding="utf-8")
    path = repo / "prompts" / "system.prompt.md"
    path.parent.mkdir()
    marker = "__ZIDANE_SYSTEM_PROMPT_BOUNDARY__"
    path.write_text(f"Static 🚀.\n\n{marker}\n\nDynamic.\n\n{marker}\n", encoding="utf-8")
    result = _analyse_fresh(path, home, (*HOOKS_MODULES, WALKER))
    assert "PL001" in result["codes"]
    assert result["loaded"] == []


def test_an_instruction_files_discovery_loads_the_hooks_of_its_agents(tmp_path: Path) -> None:
    """Where discovery runs, the agents' own hooks still do: codex's settings reader cuts
    the file at the budget ``~/.codex/config.toml`` sets (PL014); Claude's load too."""
    home = tmp_path / "home"
    home.mkdir()
    repo = tmp_path / "repo"
    (home / ".codex").mkdir()
    (home / ".codex" / "config.toml").write_text("project_doc_max_bytes = 40\n")
    (repo / ".codex").mkdir(parents=True)
    (repo / ".claude").mkdir()
    path = repo / "AGENTS.md"
    path.write_text("# Agents\n\n" + "Run the tests before you push.\n" * 4, encoding="utf-8")
    result = _analyse_fresh(path, home, HOOKS_MODULES)
    assert "PL014" in result["codes"]
    assert "promptls.agents.codex.discovery" in result["loaded"]
    assert "promptls.agents.claude.discovery" in result["loaded"]


def test_every_profile_names_its_homes_hooks_module() -> None:
    """``Profile.hooks`` and the modules that hold hooks agree: each hooks module is
    some profile's, and each profile's lies in its own home or the home it forks."""
    named = {p.hooks for p in PROFILES.values() if p.hooks}
    assert len(HOOKS_MODULES) >= 10
    assert named == set(HOOKS_MODULES)
    for profile in PROFILES.values():
        if profile.hooks:
            assert type(profile.discovery).__module__.startswith("promptls.agents.")
