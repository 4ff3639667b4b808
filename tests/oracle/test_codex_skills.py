"""Codex CLI's skill listing, observed: the pinned release lists its skills in a
``<skills_instructions>`` developer message (a roots table, then ``- NAME: DESCRIPTION
(file: rN/PATH)`` per skill); the files it lists must be the ones ``discover_skills``
finds for the codex profile, besides codex's own ``.system`` skills.

Scenario "codex: skills from every skills folder" (Codex CLI 0.171.0, 2026-12-06):
``$CODEX_HOME/skills``, ``~/.agents/skills`` (which ``CODEX_HOME`` does not move),
``.codex/skills`` and ``.agents/skills`` of every folder from the project root down,
six folders deep, dot folders skipped, nameless skills left out, skills of one name
both listed. docs/profiles.md cites it.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from promptls.discovery.skills import discover_skills
from promptls.oracle.agents import ADAPTERS
from promptls.oracle.runner import run
from tests.oracle.harness import Scenario, agent_program

pytestmark = pytest.mark.oracle

ROOT_LINE = re.compile(r"^- `(r\d+)` = `(/[^`]*)`$", re.MULTILINE)
SKILL_LINE = re.compile(r"^- [^\n]*\(file: (r\d+)/([^)\n]*)\)$", re.MULTILINE)


def _front(name: str) -> str:
    return f"---\nname: {name}\ndescription: the {name} skill\n---\nbody\n"


SCENARIO = Scenario(
    files={
        "home/.agents/skills/useragent/SKILL.md": _front("useragent"),
        "home/.agents/skills/deep/a/b/c/SKILL.md": _front("deepuser"),
        "home/.agents/skills/dup/SKILL.md": _front("dup"),
        "home/cx/skills/moved/SKILL.md": _front("moved"),
        "home/.codex/skills/unmoved/SKILL.md": _front("unmoved"),
        ".agents/skills/above/SKILL.md": _front("above"),
        "ws/AGENTS.md": "root\n",
        "ws/.agents/skills/SKILL.md": _front("atroot"),
        "ws/.agents/skills/dup/SKILL.md": _front("dup"),
        "ws/.agents/skills/nameless/SKILL.md": "no front matter\n",
        "ws/.codex/skills/rootcodex/SKILL.md": _front("rootcodex"),
        "ws/a/.codex/skills/cwdcodex/SKILL.md": _front("cwdcodex"),
        "ws/a/.agents/skills/deep/1/2/3/4/5/SKILL.md": _front("six"),
        "ws/a/.agents/skills/deep/1/2/3/4/5/6/SKILL.md": _front("seven"),
        "ws/a/.agents/skills/.hidden/SKILL.md": _front("hidden"),
        "ws/a/b/.agents/skills/below/SKILL.md": _front("below"),
    },
    work="ws/a",
)


def _listed(text: str) -> set[str]:
    """The absolute paths of the listed skills, codex's own ``.system`` ones left out."""
    roots = dict(ROOT_LINE.findall(text))
    paths = {os.path.join(roots[r], rel) for r, rel in SKILL_LINE.findall(text)}
    return {p for p in paths if f"{os.sep}.system{os.sep}" not in p}


def test_codex_lists_the_skills_promptls_finds(tmp_path: Path) -> None:
    work, home = SCENARIO.build(tmp_path)
    environ = {"CODEX_HOME": str(home / "cx")}
    capture = run(
        ADAPTERS["codex"],
        agent_program("codex"),
        work,
        home,
        tmp_path / "agent-scratch",
        extra_env=environ,
    )
    assert capture.main is not None, capture.output
    body = capture.main.body if isinstance(capture.main.body, dict) else {}
    texts = [
        part.get("text", "")
        for item in body.get("input") or []
        if isinstance(item, dict)
        for part in item.get("content") or []
        if isinstance(part, dict)
    ]
    [listing] = [t for t in texts if "<skills_instructions>" in t]
    found = discover_skills(work, "codex", home=home, environ=environ)
    assert _listed(listing) == {s.path for s in found}
    assert len(found) == 9
