"""Content rules run once per file, discovery rules once per agent: same findings.

``analyze_for_agents`` used to run the whole analysis per agent the repository is set
up for; now it runs the rules that declare ``needs_discovery=False`` once. These tests
hold it to the old answer, computed here the old way (one full ``analyze`` per agent,
merged, the file system asked afresh each time instead of through ``check``'s run
memo), over the real corpus laid out in repositories set up for several agents, with
problems injected so both kinds of finding (everyone's and one agent's) are present,
with and without user-level files.
"""

from __future__ import annotations

import csv
import os
from dataclasses import replace
from pathlib import Path

import pytest

from promptls.analysis import analyze
from promptls.analysis.agents import _merge, analyze_for_agents, holes_for
from promptls.analysis.engine import document_kind
from promptls.analysis.model import Analysis, DocumentKind
from promptls.analysis.rules import RULES
from promptls.analysis.settings import DEFAULT_SETTINGS, Settings
from promptls.discovery import Discovery, discover, owning_folder
from promptls.discovery.model import ContextScope
from promptls.discovery.setup import active_profiles
from promptls.text import runmemo
from tests import examples

from .conftest import MARKER

# Problems every agent sees (a near-miss marker, a zero-width space) and one only some
# agents see (an import only Claude and Gemini follow, broken). The coverage holes of
# the repositories set up for more agents than load their file, and the drifted copies
# of AGENTS.md added below, are per agent too.
_INJECTED = f"\n\nSee @docs/missing-guide.md for details.\n\n{MARKER.lower()}\n\nzero\u200bwidth\n"


def _lay_out(corpus: Path, root: Path) -> list[Path]:
    """The corpus at its real paths, each repository set up for Claude, Codex and
    Gemini, every file with the problems above appended."""
    paths = []
    with (corpus / "MANIFEST.tsv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    # The inner loop (scripts/test --quick) compares an evenly spaced sample of them.
    rows = rows[:: len(rows) // examples(len(rows))]
    for number, row in enumerate(rows):
        repo = root / row["repo"].replace("/", "__")
        target = repo / row["path"]
        target.parent.mkdir(parents=True, exist_ok=True)
        text = (corpus / row["file"]).read_bytes().decode("utf-8", "replace")
        target.write_text(text + _INJECTED, encoding="utf-8")
        for agent_folder in (".claude", ".codex", ".gemini")[: 1 + number % 3]:
            (repo / agent_folder).mkdir(exist_ok=True)
        paths.append(target)
        lines = text.splitlines()
        if target.name == "AGENTS.md" and len(lines) > 6:
            # Copies for Claude and Gemini, each edited a little: PL027 compares what
            # every agent's discovery reads, so its discoveries are shared too.
            lines[3] += " (changed here)"
            for name, copy in (("CLAUDE.md", "\n".join(lines)), ("GEMINI.md", text + "\nMore.")):
                (target.parent / name).write_text(copy + "\n", encoding="utf-8")
                paths.append(target.parent / name)
    return paths


def _memo() -> tuple[dict[tuple[str, str], Discovery | None], object]:
    cache: dict[tuple[str, str], Discovery | None] = {}

    def ask(folder: str, profile: str) -> Discovery | None:
        if (folder, profile) not in cache:
            cache[folder, profile] = discover(folder, profile)
        return cache[folder, profile]

    return cache, ask


def _one_analysis_per_agent(
    text: str, path: str, settings: Settings, folder: str, ask: object
) -> Analysis:
    """What ``analyze_for_agents`` answered before: the whole analysis per agent."""
    kind = document_kind(path, settings)
    agents = active_profiles(folder, settings.profile)
    holes = holes_for(folder, settings, ask)  # type: ignore[arg-type]
    runs = [
        analyze(
            text,
            path=path,
            settings=settings,
            discovery=ask(folder, agent),  # type: ignore[operator]
            kind=kind,
            coverage=tuple(h for h in holes if h.profile == agent),
        )
        for agent in agents
    ]
    if len(runs) == 1:
        return runs[0]
    merged = _merge(agents, [r.findings for r in runs])
    silenced = _merge(agents, [r.suppressed for r in runs])
    return replace(runs[0], findings=merged, suppressed=silenced)


def test_some_rules_run_once_and_new_rules_default_to_per_agent() -> None:
    once = {code for code, rule in RULES.items() if not rule.needs_discovery}
    assert {"PL002", "PL010", "PL018"} <= once
    assert not once & {"PL008", "PL011", "PL013", "PL014", "PL015", "PL017", "PL027", "PL028"}
    fields = {f.name: f for f in RULES["PL001"].__dataclass_fields__.values()}
    assert fields["needs_discovery"].default is True


def _user_files(home: Path) -> None:
    """A home every agent reads something from: user instruction files (one importing
    another), a user rule with and without paths:, settings that rename and exclude."""
    files = {
        ".claude/CLAUDE.md": "User rules.\n@~/.claude/extra.md\n",
        ".claude/extra.md": "Extra user rules.\n",
        ".claude/rules/py.md": '---\npaths: ["**/*.py"]\n---\nPython rule.\n',
        ".claude/rules/all.md": "Always on.\n",
        ".claude/settings.json": '{"claudeMdExcludes": ["**/docs/**"]}',
        ".codex/AGENTS.md": "Codex user file.\n",
        ".codex/config.toml": "project_doc_max_bytes = 20000\n",
        ".gemini/GEMINI.md": "Gemini user file.\n",
        ".gemini/settings.json": '{"context": {"fileName": ["GEMINI.md", "AGENTS.md"]}}',
        ".config/opencode/AGENTS.md": "opencode user file.\n",
    }
    for rel, text in files.items():
        (home / rel).parent.mkdir(parents=True, exist_ok=True)
        (home / rel).write_text(text, encoding="utf-8")


@pytest.mark.parametrize(
    ("profile", "user_files"),
    # Without user files, every agent's: the run with them covers it but for the home's
    # files, so the inner loop (scripts/test --quick) leaves it to the full run.
    [pytest.param(None, False, marks=pytest.mark.slow), ("claude", False), (None, True)],
)
def test_corpus_findings_are_those_of_one_analysis_per_agent(
    corpus: Path,
    tmp_path: Path,
    fake_home: Path,
    profile: str | None,
    user_files: bool,
) -> None:
    """As ``check`` runs it (its run memo shares stats, listings and reads across the
    discoveries) against the old way with the file system asked afresh every time."""
    if user_files:
        _user_files(fake_home)
    settings = Settings(profile=profile) if profile else DEFAULT_SETTINGS
    files = _lay_out(corpus, tmp_path / "repos")
    _, ask = _memo()
    before = [
        _one_analysis_per_agent(
            file.read_text(encoding="utf-8"), str(file), settings, owning_folder(str(file)), ask
        )
        for file in files
    ]
    tagged = shared = 0
    codes: set[str] = set()
    cache, ask = _memo()
    with runmemo.run_memo():
        for file, old in zip(files, before, strict=True):
            path = str(file)
            assert document_kind(path, settings) is DocumentKind.INSTRUCTION
            now = analyze_for_agents(
                file.read_text(encoding="utf-8"),
                path=path,
                settings=settings,
                folder=owning_folder(path),
                discover=ask,  # type: ignore[arg-type]
            )
            assert now == old, os.path.relpath(path, tmp_path)
            tagged += sum(1 for f in now.findings if f.agents)
            codes.update(f.code for f in now.findings)
            shared += sum(1 for f in now.findings if not f.agents)
    # The comparison covered both kinds of finding, drifted copies and coverage holes.
    assert shared > 0
    assert {"PL002", "PL010", "PL013", "PL027", "PL028"} <= codes
    assert tagged > 0 if profile is None else tagged == 0
    users = {f.path for d in cache.values() if d for f in d.files if f.scope is ContextScope.USER}
    assert len(users) >= 4 if user_files else not users
