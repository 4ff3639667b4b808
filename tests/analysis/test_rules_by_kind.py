"""A kind's rules load without the others, and the findings do not change.

The language server's first diagnostics wait for every rule module the first analysis
imports, so an analysis imports only the rules that can report on its document's kind
(``rules.of_kind``, by the generated ``rules/index.py``). These tests hold it to the
answer of a process that had every rule loaded before its first analysis, over the
shared corpus (at its real paths, repositories set up for several agents, problems
injected) and every rule fixture, prompts first; and they fail if a prompt's analysis
imports an instruction-only rule again (an eager import of ``RULES`` on its path).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from promptls.analysis import rules
from promptls.analysis.engine import document_kind
from promptls.analysis.model import DocumentKind
from promptls.analysis.rules import RULES, code_of, module_names, of_kind
from promptls.analysis.rules.index import KINDS
from tests import examples

from .test_agents_once import _lay_out

FIXTURES = Path(__file__).resolve().parent / "testdata"

INSTRUCTION_ONLY = sorted(n for n in module_names() if KINDS[n] == {DocumentKind.INSTRUCTION})

# A fresh interpreter analyses the files given (prompts first), as the language server
# does (``analyze_for_agents`` with the file's config and discovery), with the rules
# loaded lazily or every one of them loaded first; it prints the findings and which
# rule modules the first analysis had imported.
_SCRIPT = """
import json, os, sys
mode, paths = sys.argv[1], json.loads(sys.argv[2])
if mode == "all":
    from promptls.analysis.rules import RULES
    assert len(RULES) > 30
from promptls.analysis.agents import analyze_for_agents
from promptls.analysis.settings import DEFAULT_SETTINGS
from promptls.config import load_config
from promptls.discovery import discover, owning_folder
rules = [m for m in sys.modules if m.startswith("promptls.analysis.rules.pl")]
first_loaded, out = None, {}
for path in paths:
    try:
        settings = load_config(os.path.dirname(path)).settings
    except Exception:
        settings = DEFAULT_SETTINGS
    text = open(path, "rb").read().decode("utf-8", "replace")
    analysis = analyze_for_agents(text, path=path, settings=settings, folder=owning_folder(path),
                                  discover=lambda folder, profile: discover(folder, profile))
    out[path] = [[f.code, f.start, f.end, f.severity.value, f.message, list(f.agents or ())]
                 for f in analysis.findings]
    if first_loaded is None:
        first_loaded = sorted(m.rsplit(".", 1)[1] for m in sys.modules
                              if m.startswith("promptls.analysis.rules.pl"))
print(json.dumps({"findings": out, "first_loaded": first_loaded}))
"""


Findings = dict[str, list[list[object]]]
"""Each file's findings: code, start, end, severity, message, agents."""


def _analyse_fresh(mode: str, paths: list[Path], home: Path) -> tuple[Findings, list[str]]:
    """The findings of a fresh interpreter, and the rule modules its first analysis had."""
    env = {**os.environ, "HOME": str(home), "PROMPTLS_HOME": str(home)}
    env.pop("CODEX_HOME", None)
    done = subprocess.run(
        [sys.executable, "-c", _SCRIPT, mode, json.dumps([str(p) for p in paths])],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    result = json.loads(done.stdout)
    return result["findings"], result["first_loaded"]


def _prompts_first(paths: list[Path]) -> list[Path]:
    """Prompts, then other text, then instruction files: each kind's first analysis
    comes while only the kinds before it have loaded their rules."""
    order = {DocumentKind.PROMPT: 0, DocumentKind.OTHER: 1, DocumentKind.INSTRUCTION: 2}
    return sorted(paths, key=lambda p: (order[document_kind(str(p))], str(p)))


def _fixture_cases(root: Path) -> list[Path]:
    """Every rule fixture (not its goldens), copied under ``root``: a case folder is a
    repository of its own there, as the fixture runner lays it out."""
    shutil.copytree(FIXTURES, root, dirs_exist_ok=True)
    return [
        p
        for p in root.rglob("*")
        if p.is_file() and p.suffix not in {".fixed", ".want"} and p.name != "README.md"
    ]


def test_lazily_loaded_rules_find_what_every_rule_loaded_finds(
    tmp_path: Path, fake_home: Path, corpus: Path
) -> None:
    # Every rule fixture, and the corpus whole in the full run (an evenly spaced tenth of
    # it in the inner loop: tests.examples; most of the two processes' time is its files).
    laid_out = _lay_out(corpus, tmp_path / "corpus")
    laid_out = laid_out[:: max(1, len(laid_out) // examples(len(laid_out)))]
    paths = _prompts_first(_fixture_cases(tmp_path / "fixtures") + laid_out)
    assert document_kind(str(paths[0])) is DocumentKind.PROMPT
    lazy, _ = _analyse_fresh("lazy", paths, fake_home)
    eager, _ = _analyse_fresh("all", paths, fake_home)
    assert lazy == eager
    found = {finding[0] for findings in eager.values() for finding in findings}
    assert len(found) > 25  # most rules had something to say: the comparison is not empty


def _first_loads(path: Path, text: str, home: Path) -> list[str]:
    """The rule modules a fresh interpreter has imported once it analysed ``path``."""
    path.parent.mkdir(parents=True)
    path.write_text(text, "utf-8")
    return _analyse_fresh("lazy", [path], home)[1]


def test_the_first_prompt_analysis_imports_no_instruction_only_rule(
    tmp_path: Path, fake_home: Path
) -> None:
    text = "Doctrine.\n\n__ZIDANE_SYSTEM_PROMPT_BOUNDARY__\n\nTurn.\n"
    loaded = _first_loads(tmp_path / "prompts" / "system.prompt.md", text, fake_home)
    assert loaded == [n for n in module_names() if DocumentKind.PROMPT in KINDS[n]]
    assert not set(INSTRUCTION_ONLY) & set(loaded)
    assert "pl011_size_budget" in INSTRUCTION_ONLY


def test_an_instruction_file_still_gets_every_rule_of_its_kind(
    tmp_path: Path, fake_home: Path
) -> None:
    loaded = _first_loads(tmp_path / "repo" / "AGENTS.md", "# Agents\n\nRun tests.\n", fake_home)
    assert loaded == [n for n in module_names() if DocumentKind.INSTRUCTION in KINDS[n]]


def test_the_index_says_what_each_rule_module_declares() -> None:
    # scripts/gen-api writes the index from the modules; a rule whose kinds changed
    # without it (or a module it does not list) fails here, and in the drift test.
    assert list(KINDS) == list(module_names())
    assert {code_of(n): kinds for n, kinds in KINDS.items()} == {
        code: rule.kinds for code, rule in RULES.items()
    }


@pytest.mark.parametrize("kind", list(DocumentKind))
def test_a_kinds_rules_are_every_rule_that_reports_on_it_in_code_order(
    kind: DocumentKind,
) -> None:
    assert list(of_kind(kind).items()) == [(c, r) for c, r in RULES.items() if kind in r.kinds]


def test_a_rule_the_index_does_not_know_yet_is_loaded_for_every_kind(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(rules, "KINDS", {})
    assert all(rules.may_report_on("pl011_size_budget", kind) for kind in DocumentKind)


def test_a_rule_whose_kinds_left_the_index_behind_fails_loudly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(rules, "KINDS", {"pl011_size_budget": frozenset(DocumentKind)})
    with pytest.raises(TypeError, match=r"pl011_size_budget: its kinds are not the index's"):
        rules.load("pl011_size_budget")
