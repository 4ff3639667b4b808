"""PL031: a file on disk that no agent the repository is set up for will ever load.

Four ways a file can sit where an author expects an agent to read it and still be dead
text: a skill another folder's skill of the same name hides, a ``SKILL.md`` deeper than
the agent looks, a Claude Code command a skill of the same name hides, and a legacy or
misspelt instruction file name (``AGENT.md``). Each behaviour is dated data with its
source in its agent's profile (``Profile.skill_depth``, ``skill_precedence``,
``command_shadowing``; ``LEGACY_NAMES`` in ``discovery/never_loaded.py``); the agents asked are the repository's set-up
agents (or the configured profile), as for PL028, so every per-agent run of
``analyze_for_agents`` computes the same finding and it is reported once, naming the
agents that miss the file.
"""

# Plain str paths on purpose: the path is the one the caller gave.
# ruff: noqa: PTH113, PTH118, PTH119, PTH120, PTH206, PTH208

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

from promptls.agents.registry import PROFILES
from promptls.analysis.document import Document
from promptls.analysis.model import Finding, Related, Severity
from promptls.analysis.rules.base import ALL_KINDS, Rule
from promptls.analysis.rules.discovered import (
    READ_STATUSES,
    first_line_span,
    relative_to,
)
from promptls.discovery.api import discover, owning_folder, resolve_home
from promptls.discovery.git import find_git_dir
from promptls.discovery.never_loaded import LEGACY_NAMES, SkillDepth, SkillPrecedence
from promptls.discovery.setup import active_profiles, detect_setups
from promptls.discovery.skills import parse_front_matter
from promptls.text import runmemo
from promptls.text.fsread import decode, read_bounded
from promptls.text.lazyre import lazy
from promptls.text.paths import same_path

_SKILL = "SKILL.md"
_MAX_LISTED = 512
_MAX_SKILL_BYTES = 64 * 1024
_GEMINI_UNSAFE = lazy(r'[:\\/<>*?"|]')

Found = tuple[str, tuple[Related, ...]] | None
Case = Callable[[Document, tuple[str, ...], tuple[str, ...], str | None], Found]


def check(doc: Document) -> Iterator[Finding]:
    """At most one finding, on the first line, for the first case that applies. Only a
    file that can be one of the cases asks which agents are set up (a few stats)."""
    if doc.path is None:
        return
    path = runmemo.abspath(doc.path)
    parts = tuple(path.split(os.sep))
    cases: tuple[Case, ...]
    if parts[-1] == _SKILL:
        cases = (_too_deep, _shadowed_skill)
    elif parts[-1] in LEGACY_NAMES:
        cases = (_legacy,)
    elif parts[-1].endswith(".md") and "commands" in parts[:-1]:
        cases = (_shadowed_command,)
    else:
        return
    agents = active_profiles(owning_folder(path), doc.settings.profile)
    home = _home(doc)
    for case in cases:
        found = case(doc, parts, agents, home)
        if found is not None:
            message, related = found
            start, end = first_line_span(doc.text)
            yield RULE.finding(message, start, end, related=related)
            return


def _home(doc: Document) -> str | None:
    """The home the discovery used (so user skills match what discovery saw), else the
    user's."""
    if doc.discovery is not None:
        return doc.discovery.home
    return resolve_home(None, None)[0]


def _find(parts: tuple[str, ...], folder: str) -> int | None:
    """Index just past the last occurrence of ``folder`` (``a/b``) among the folders of
    ``parts`` (the file name excluded); None when absent."""
    want = tuple(folder.split("/"))
    size = len(want)
    for i in range(len(parts) - 1 - size, -1, -1):
        if parts[i : i + size] == want:
            return i + size
    return None


def _legacy(
    doc: Document, parts: tuple[str, ...], agents: tuple[str, ...], home: str | None
) -> Found:
    """``AGENT.md`` as a repository's only instructions, with an agent set up (or a
    profile configured) that does not read it. Each agent's discovery decides, so a
    setting that names the file keeps the rule quiet."""
    legacy = LEGACY_NAMES[parts[-1]]
    path = os.sep.join(parts)
    folder = os.path.dirname(path)
    if not _sole_instructions(folder, legacy.name):
        return None
    if doc.settings.profile is None and not detect_setups(folder):
        return None  # no agent named: one that reads AGENT.md (Amp did) may be the one used
    missed: list[str] = []
    for agent in agents:
        entries = discover(folder, agent, home=home).entries
        if any(e.status in READ_STATUSES and same_path(e.path, path) for e in entries):
            return None
        prof = PROFILES[agent]
        names = ", ".join(dict.fromkeys((*prof.project_files, *prof.fallback_files)))
        missed.append(f"{prof.title} reads {names} ({prof.sources[0]})")
    return (
        f"no agent this repository is set up for loads {legacy.name} ({legacy.reason}): "
        + "; ".join(missed)
        + f". Rename it to {legacy.instead}",
        (),
    )


def _sole_instructions(folder: str, legacy: str) -> bool:
    """The repository root (or a folder outside Git) holding no other file any agent
    reads by name: then the legacy file is meant as the instructions. Beside an
    AGENTS.md or a CLAUDE.md it is something else (an application's own prompt, often).
    The legacy name itself does not count, though an agent may read it (the Continue
    CLI reads AGENT.md): whether a set-up agent does is asked of its discovery."""
    repo = find_git_dir(folder)
    if repo is not None and os.path.normcase(repo.worktree) != os.path.normcase(folder):
        return False
    names = {n for p in PROFILES.values() for n in (*p.project_files, *p.legacy_files)}
    names.discard(legacy)
    return not any(os.path.isfile(os.path.join(folder, n)) for n in sorted(names))


def _reads(agent: str, folder: str) -> bool:
    """Whether ``agent`` lists skills from a project folder named ``folder``."""
    depth = PROFILES[agent].skill_depth
    return folder in PROFILES[agent].project_skill_dirs or (
        depth is not None and folder in depth.folders
    )


def _skills_folder(parts: tuple[str, ...]) -> tuple[int, str] | None:
    """The innermost skills folder whose depth an agent limits: (index past it, name)."""
    found = [
        (index, folder)
        for folder in sorted({f for d in _depths() for f in d.folders})
        if (index := _find(parts, folder)) is not None
    ]
    return max(found) if found else None


def _too_deep(
    doc: Document, parts: tuple[str, ...], agents: tuple[str, ...], home: str | None
) -> Found:
    """A ``SKILL.md`` below a skills folder deeper than every agent reading it scans."""
    del doc, home
    found = _skills_folder(parts)
    if found is None:
        return None
    cut, folder = found
    between = parts[cut:-1]
    if _inside_other_skill(parts[:cut], between):
        return None
    missed: list[str] = []
    for agent in (a for a in agents if _reads(a, folder)):
        depth = PROFILES[agent].skill_depth
        if depth is None:
            return None  # an agent whose depth is not sourced may well list it
        dotted = depth.skip_dot and any(p.startswith(".") for p in between)
        if len(between) <= depth.max_depth and not dotted:
            return None
        why = "inside a folder starting with '.'" if dotted else f"{len(between)} folders deep"
        missed.append(
            f"{PROFILES[agent].title} looks at most {depth.max_depth} folder(s) below "
            f"{folder} and this one is {why} ({depth.source})"
        )
    if not missed:
        return None
    return "this SKILL.md is never listed: " + "; ".join(missed), ()


def _inside_other_skill(base: tuple[str, ...], between: tuple[str, ...]) -> bool:
    """A SKILL.md inside another skill's bundle is that skill's resource (a template),
    not a skill of its own."""
    for i in range(1, len(between)):
        folder = os.sep.join((*base, *between[:i]))
        if os.path.isfile(os.path.join(folder, _SKILL)):
            return True
    return False


def _skill_name(text: str, folder: str, from_folder: bool) -> str | None:
    """The name the agent lists a skill under: its front matter ``name`` (Gemini CLI
    replaces ``:\\/<>*?"|`` with ``-``), else its folder's name where the agent falls back
    to it, else none (the agent does not list it)."""
    meta = parse_front_matter(text) or {}
    name = " ".join(meta.get("name", "").split())
    if name:
        return name if from_folder else _GEMINI_UNSAFE.sub("-", name)
    return os.path.basename(folder) if from_folder else None


def _listed(folder: str, from_folder: bool) -> Iterator[tuple[str, str]]:
    """``(name, path)`` of every ``<folder>/*/SKILL.md``, bounded, never raising."""
    try:
        entries = sorted(os.listdir(folder))[:_MAX_LISTED]
    except (OSError, ValueError):
        return
    for entry in entries:
        path = os.path.join(folder, entry, _SKILL)
        data = read_bounded(path, _MAX_SKILL_BYTES).data
        if data is None:
            continue
        name = _skill_name(decode(data)[0], os.path.dirname(path), from_folder)
        if name:
            yield name, path


def _shadowed_skill(
    doc: Document, parts: tuple[str, ...], agents: tuple[str, ...], home: str | None
) -> Found:
    """A skill whose name a skill in a folder the agent prefers also has, for every
    agent that reads its folder."""
    path = os.sep.join(parts)
    skills_dir = "/".join(parts[:-2])
    missed: list[str] = []
    related: list[Related] = []
    for agent in agents:
        order = PROFILES[agent].skill_precedence
        slot = None if order is None else _own_slot(order.folders, skills_dir, home)
        if order is None or slot is None:
            if any(_reads(agent, f) and skills_dir.endswith("/" + f) for f in _all_folders()):
                return None  # this agent reads the folder and keeps every name
            continue
        index, base = slot
        name = _skill_name(doc.text, os.path.dirname(path), order.name_from_folder)
        winner = None if name is None else _winner(order, index, name, base, home)
        if winner is None:
            return None
        title = PROFILES[agent].title
        shown = relative_to(winner, os.path.dirname(path))
        missed.append(
            f"{title} lists only the `{name}` of {shown}, which it prefers ({order.source})"
        )
        related.append(Related(0, 0, f"the `{name}` {title} lists", winner))
    if not missed:
        return None
    return "this skill is never listed: " + "; ".join(missed), tuple(related)


def _all_folders() -> tuple[str, ...]:
    """Every project skills folder any profile or behaviour names."""
    known = {f for p in PROFILES.values() for f in p.project_skill_dirs}
    known |= {f for d in _depths() for f in d.folders}
    return tuple(sorted(known))


def _depths() -> list[SkillDepth]:
    """The skill depths the agents' homes give (``Profile.skill_depth``)."""
    return [p.skill_depth for p in PROFILES.values() if p.skill_depth is not None]


def _own_slot(
    folders: tuple[tuple[str, str], ...], skills_dir: str, home: str | None
) -> tuple[int, str] | None:
    """Which of the agent's folders holds this skill, and the folder it is relative to."""
    for index, (scope, folder) in enumerate(folders):
        if not skills_dir.endswith("/" + folder):
            continue
        base = skills_dir[: -len(folder) - 1]
        at_home = home is not None and os.path.normcase(base) == os.path.normcase(home)
        if (scope == "user") == at_home:
            return index, base
    return None


def _winner(
    order: SkillPrecedence, index: int, name: str, base: str, home: str | None
) -> str | None:
    """The first skill named ``name`` in a folder the agent prefers to slot ``index``
    (user folders only when there is a home)."""
    for scope, folder in order.folders[:index]:
        if scope == "project":
            root = os.path.join(base, folder)
        elif home:
            root = os.path.join(home, folder)
        else:
            continue
        for other, where in _listed(root, order.name_from_folder):
            if other == name:
                return where
    return None


def _shadowed_command(
    doc: Document, parts: tuple[str, ...], agents: tuple[str, ...], home: str | None
) -> Found:
    """A Claude Code command in ``.claude/commands`` (directly or in a subfolder, which
    does not change its name) that a skill of the same name (the project's or the
    user's) hides."""
    del doc
    folder = "/".join(parts[:-1])
    for agent in agents:
        shadowing = PROFILES[agent].command_shadowing
        if shadowing is None:
            continue
        commands, skills, source = shadowing.commands, shadowing.skills, shadowing.source
        at = _find(parts, commands)
        if at is None or not parts[-1].endswith(".md"):
            continue
        base = "/".join(parts[: at - len(commands.split("/"))])
        name = parts[-1][: -len(".md")]
        roots = [os.path.join(base, skills)] + ([os.path.join(home, skills)] if home else [])
        for root in roots:
            for other, where in _listed(root, from_folder=True):
                if other == name:
                    return (
                        f"{PROFILES[agent].title} never runs this command: the skill "
                        f"`{name}` ({relative_to(where, folder)}) has its name, and a skill "
                        f"wins over a command ({source})",
                        (Related(0, 0, f"the skill `/{name}` runs instead", where),),
                    )
    return None


DETAILS = """\
The behaviours are data with their sources, in each agent's profile
(`server/promptls/agents/<agent>/__init__.py`):

| agent | behaviour | source (read 2026-12-01) |
|---|---|---|
| Claude Code | a skill named like one in `~/.claude/skills` is not listed from `.claude/skills` (enterprise > personal > project); a skill wins over a command of the same name | code.claude.com/docs/en/skills ("Where skills live"), as quoted by public notes |
| Claude Code | a command in a subfolder of `.claude/commands` keeps its bare name (`frontend/component.md` is `/component`, "(project:frontend)"), so a skill of that name hides it too | Claude Code's slash-command docs, "Namespacing", as quoted by public repositories' notes (read 2026-12-06) |
| Gemini CLI | precedence workspace `.agents/skills` > workspace `.gemini/skills` > user `~/.agents/skills` > user `~/.gemini/skills` (the later wins a name, with a "Skill conflict detected" warning); a skill needs `name` in its front matter | google-gemini/gemini-cli `packages/core/src/skills/skillManager.ts`, `skillManagerAlias.test.ts` @ 5411f113 (2026-08-21) |
| Gemini CLI | only `SKILL.md` and `*/SKILL.md` below a skills folder | `packages/core/src/skills/skillLoader.ts` (`loadSkillsFromDir`) @ 5411f113 |
| codex | skills folders scanned six folders deep (`MAX_SCAN_DEPTH`), names starting with `.` skipped; two skills with one name are both listed (deduplicated by path only), so codex never hides one | openai/codex `codex-rs/core-skills/src/loader.rs` @ c9d127cf |

Which agents count: the configured profile, else every agent the repository is set up
for (`discovery/setup.py`, as for PL028). A file is reported only when every set-up agent
that reads its folder misses it; an agent that reads the folder but whose behaviour is
not sourced (Copilot reads `.claude/skills` and `.agents/skills`) keeps it quiet, and so
does codex for a name clash. Not reported, for want of a source: reserved skill names,
Claude Code's depth below `.claude/skills`, and `.cursorrules` (Cursor's docs still load
it, deprecated; PL031 says nothing about it). `AGENT.md` is asked of each agent's
discovery, so a setting that names it (codex `project_doc_fallback_filenames`, Gemini
`context.fileName`) keeps it quiet for that agent, and so does the Continue CLI, which
reads it in its working folder. It is reported only as the repository
root's sole instruction file with an agent set up (or a profile configured): beside an
AGENTS.md or CLAUDE.md it is usually something else (an application's own agent prompt),
in a subfolder documentation (`src/agent/AGENT.md`), and with no agent set up the team
may use one that reads it (Amp did).
"""


RULE = Rule(
    code="PL031",
    name="never-loaded",
    severity=Severity.WARNING,
    summary="A skill, command or instruction file that no set-up agent will ever load.",
    explanation=(
        "A file can sit where its author expects an agent to read it and still never "
        "reach the model. Four sourced cases, each asked of the agents the repository is "
        "set up for (or the configured profile): a skill another skill of the same name "
        "hides (Claude Code prefers ~/.claude/skills over the project's; Gemini CLI "
        "prefers .agents/skills over .gemini/skills, and the workspace over the user); a "
        "SKILL.md deeper than the agent scans (Gemini CLI: one folder below the skills "
        "folder; codex: six, never entering a folder starting with '.'); a Claude Code "
        "command in .claude/commands, or in a subfolder of it (the folder shows in its "
        "description, not its name), that a skill of the same name replaces; and a legacy"
        " name (AGENT.md for AGENTS.md) that no set-up agent reads, as the repository "
        "root's only instruction file. The message names each agent and the "
        "upstream file, test or doc the behaviour comes from, with its date. A SKILL.md "
        "inside another skill's folder is that skill's resource and stays quiet. No fix: "
        "the cure is a rename or a move, which the message names."
    ),
    bad_example="(.gemini/skills/tools/lint/SKILL.md, with Gemini CLI set up)",
    good_example="(.gemini/skills/lint/SKILL.md)",
    fixable=False,
    kinds=ALL_KINDS,
    check=check,
    applies_to="every file checked (`AGENT.md` is not an instruction file by name)",
    details=DETAILS,
)
