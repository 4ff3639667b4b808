"""One analysis for several agents: the default when no profile is configured.

A repository set up for Claude and Codex gets the findings of both discoveries, each
file once: the text is analysed per agent, a finding every agent sees is reported once
as it is, and one only some agents see carries their names (``Finding.agents``, and a
``[codex]`` prefix on the message so every output shows it). The CLI and the language
server both call ``analyze_for_agents``, so they agree.
"""

# Plain str paths on purpose: discovery's paths are str, compared as they are.
# ruff: noqa: PTH119

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING

from promptls.agents.registry import PROFILES
from promptls.analysis.coverage import coverage_holes
from promptls.analysis.engine import analyze, document_kind, finish, prepare, run_rules
from promptls.analysis.model import Analysis, DocumentKind, Finding
from promptls.analysis.settings import Settings
from promptls.discovery.model import Discovery
from promptls.discovery.setup import Setup, active_profiles, detect_setups
from promptls.record import replace

if TYPE_CHECKING:
    from promptls.analysis.coverage import Hole

__all__ = ["Discover", "Setups", "analyze_for_agents", "holes_for"]

Discover = Callable[[str, str], "Discovery | None"]
"""``(folder, profile) -> Discovery`` (memoised by the caller; None when it failed)."""
Setups = Callable[[str], tuple[Setup, ...]]
"""``folder -> `` its set-up markers (``detect_setups``, or the caller's memo of it)."""

_CODE = "PL028"


def holes_for(
    folder: str, settings: Settings, discover: Discover, setups: Setups = detect_setups
) -> tuple[Hole, ...]:
    """The coverage holes of ``folder``; nothing when PL028 is off or nothing is set up."""
    if not settings.enabled(_CODE):
        return ()
    setups_here = tuple(s for s in setups(folder) if not _own_file(s))
    if not setups_here:
        return ()

    return coverage_holes(folder, setups_here, _Asked(folder, discover))


class _Asked(Mapping[str, "Discovery | None"]):
    """Every profile's discovery of one folder, each asked for only when read: coverage
    needs the others' only where a set-up agent loads nothing."""

    def __init__(self, folder: str, discover: Discover) -> None:
        """Ask ``discover`` about ``folder``, later."""
        self.folder = folder
        self.discover = discover

    def __getitem__(self, profile: str) -> Discovery | None:
        """The profile's discovery of the folder (KeyError: not a profile)."""
        if profile not in PROFILES:
            raise KeyError(profile)
        return self.discover(self.folder, profile)

    def __contains__(self, profile: object) -> bool:
        """Whether ``profile`` is a profile: asked without discovering anything."""
        return profile in PROFILES

    def __iter__(self) -> Iterator[str]:
        """The profiles, in table order."""
        return iter(PROFILES)

    def __len__(self) -> int:
        """How many profiles there are."""
        return len(PROFILES)


def _own_file(setup: Setup) -> bool:
    """A marker that is the agent's own instruction file (or the reference agent's
    folder): whether the agent loads it is PL014/PL015's business, not coverage's."""
    prof = PROFILES[setup.profile]
    own = (*prof.project_files, *prof.local_files, *prof.legacy_files)
    return prof.reference or os.path.basename(setup.path) in own


def analyze_for_agents(
    text: str,
    *,
    path: str | None,
    settings: Settings,
    folder: str | None,
    discover: Discover,
    kind: DocumentKind | None = None,
    setups: Setups = detect_setups,
) -> Analysis:
    """Analyse ``text`` for every active agent of ``folder`` and merge the findings.

    ``folder`` is the one whose discovery decides about the file (None: no discovery,
    one plain analysis). The configured profile narrows to one agent. The text is
    scanned once and the rules that do not read the discovery (``Rule.needs_discovery``)
    run once; only the others run per agent, so the findings are those of one full
    analysis per agent, at the cost of one plus the discovery-dependent rules.
    ``setups`` lets a caller that analyses many files memoise the set-up markers.
    """
    kind = kind or document_kind(path, settings)
    if folder is None or kind is not DocumentKind.INSTRUCTION:
        return analyze(text, path=path, settings=settings, kind=kind)
    agents = active_profiles(folder, settings.profile, setups)
    holes = holes_for(folder, settings, discover, setups)
    doc = prepare(text, path, settings, kind)
    doc.discover = discover
    shared = run_rules(doc, needs_discovery=False)
    runs: list[Analysis] = []
    for agent in agents:
        doc.discovery = discover(folder, agent)
        doc.coverage = tuple(h for h in holes if h.profile == agent)
        found = shared + run_rules(doc, needs_discovery=True)
        found.sort(key=lambda f: f.code)  # code order, as one analysis yields them
        runs.append(finish(doc, found))
    if len(runs) == 1:
        return runs[0]
    return replace(
        runs[0],
        findings=_merge(agents, [r.findings for r in runs]),
        suppressed=_merge(agents, [r.suppressed for r in runs]),
    )


def _merge(agents: tuple[str, ...], per_agent: list[tuple[Finding, ...]]) -> tuple[Finding, ...]:
    """Each distinct finding once, named after the agents that see it unless all do."""
    seen: dict[Finding, list[str]] = {}
    for agent, findings in zip(agents, per_agent, strict=True):
        for finding in findings:
            names = seen.setdefault(finding, [])
            if agent not in names:
                names.append(agent)
    merged = [
        f if len(names) == len(agents) else _tagged(f, tuple(names)) for f, names in seen.items()
    ]
    merged.sort(key=lambda f: (f.start, f.code, f.end))
    return tuple(merged)


def _tagged(finding: Finding, agents: tuple[str, ...]) -> Finding:
    """The finding with its agents named, in the message and as data."""
    return replace(finding, agents=agents, message=f"[{', '.join(agents)}] {finding.message}")
