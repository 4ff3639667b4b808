"""Skill discovery: the name and description of every ``SKILL.md`` an agent would list.

A skill is a folder holding ``SKILL.md`` whose YAML front matter gives ``name`` and
``description``; the agent advertises those two before the skill is loaded. Folders per
profile (each agent's docs, checked 2025):

- ``or``: ``~/.or/skills/*/SKILL.md`` and ``<root>/.or/skills/*/SKILL.md``
- ``claude``: ``~/.claude/skills`` and ``<root>/.claude/skills`` (Claude Code skills docs)
- ``codex``: ``$CODEX_HOME/skills`` (default ``~/.codex/skills``), ``~/.agents/skills``,
  and ``.codex/skills`` and ``.agents/skills`` in every folder from the project root down
  (oracle, Codex CLI 0.171.0, 2026-12-06)
- ``gemini``: ``~/.gemini/skills`` and ``<root>/.gemini/skills`` (gemini-cli skills docs)

Decisions: one ``listdir`` per skills folder (at most 512 skills each), one bounded read
per ``SKILL.md`` (64 KiB: only the front matter matters). A skill without front matter
is listed under its folder name with an empty description. When two skills share a
name, the project one wins over the user one (more specific, as with instruction files).
The result is sorted by name, then path, so listings are byte-stable.
"""

# Plain str paths on purpose: cheap stats and comparable keys.
# ruff: noqa: PTH100, PTH112, PTH118, PTH119, PTH120, PTH208

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

from promptls.agents.registry import DEFAULT_PROFILE
from promptls.discovery.api import get_profile, resolve_home
from promptls.discovery.dirs import walk_directories
from promptls.discovery.never_loaded import SkillDepth
from promptls.record import Record
from promptls.text.fsread import decode, read_bounded

__all__ = [
    "SkillInfo",
    "SkillsDelta",
    "discover_skills",
    "parse_front_matter",
    "read_skill",
    "skill_folders",
    "skills_delta",
]

_SKILL_FILE = "SKILL.md"
_MAX_SKILLS_PER_DIR = 512
_MAX_SKILL_BYTES = 64 * 1024


class SkillInfo(Record):
    """What an agent advertises about a skill before loading it."""

    name: str
    description: str
    path: str


class SkillsDelta(Record):
    """What changed between two listings, keyed by skill name."""

    added: tuple[SkillInfo, ...] = ()
    removed: tuple[SkillInfo, ...] = ()
    changed: tuple[SkillInfo, ...] = ()

    def __bool__(self) -> bool:
        """True when anything changed, so callers can skip an empty update."""
        return bool(self.added or self.removed or self.changed)


def _unquote(value: str) -> str:
    """Undo YAML single or double quotes; plain scalars lose a trailing `` #comment``."""
    if len(value) >= 2 and value[0] == value[-1] == "'":
        return value[1:-1].replace("''", "'")
    if len(value) >= 2 and value[0] == value[-1] == '"':
        out: list[str] = []
        escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "/": "/"}
        i = 1
        body = value[:-1]
        while i < len(body):
            ch = body[i]
            if ch == "\\" and i + 1 < len(body):
                out.append(escapes.get(body[i + 1], body[i + 1]))
                i += 2
                continue
            out.append(ch)
            i += 1
        return "".join(out)
    cut = value.find(" #")
    return (value[:cut] if cut >= 0 else value).strip()


def _block(lines: Sequence[str], style: str) -> str:
    """Join an indented ``|`` (literal) or ``>`` (folded) block the way YAML does."""
    indents = [len(x) - len(x.lstrip(" ")) for x in lines if x.strip()]
    cut = min(indents) if indents else 0
    body = [x[cut:] if x.strip() else "" for x in lines]
    while body and not body[-1]:
        body.pop()
    if style.startswith("|"):
        return "\n".join(body)
    paragraphs: list[str] = []
    current: list[str] = []
    for line in body:
        if line:
            current.append(line.strip())
        else:
            paragraphs.append(" ".join(current))
            current = []
    paragraphs.append(" ".join(current))
    return "\n".join(p for p in paragraphs if p)


def parse_front_matter(text: str) -> dict[str, str] | None:
    """Top-level ``key: value`` pairs of a ``---`` front matter block; None without one.

    A small YAML subset: plain, single- and double-quoted scalars, ``|``/``>`` blocks;
    anything else (lists, nested maps) is ignored rather than misread.
    """
    lines = text.lstrip("\ufeff").splitlines()
    if not lines or lines[0].rstrip() != "---":
        return None
    end = next((i for i in range(1, len(lines)) if lines[i].rstrip() in ("---", "...")), None)
    if end is None:
        return None
    body = lines[1:end]
    result: dict[str, str] = {}
    i = 0
    while i < len(body):
        line = body[i]
        i += 1
        if not line.strip() or line.lstrip().startswith("#") or line[0] in " \t-":
            continue
        key, sep, raw = line.partition(":")
        if not sep or not key.strip():
            continue
        value = raw.strip()
        if value[:1] in ("|", ">"):
            block: list[str] = []
            while i < len(body) and (not body[i].strip() or body[i][:1] in " \t"):
                block.append(body[i].replace("\t", "    "))
                i += 1
            result[key.strip()] = _block(block, value)
        else:
            result[key.strip()] = _unquote(value)
    return result


def read_skill(path: str, *, named: bool = False) -> SkillInfo | None:
    """One ``SKILL.md`` as a SkillInfo; None when it cannot be read, or when ``named``
    and its front matter gives no ``name`` (else its folder names it)."""
    result = read_bounded(path, _MAX_SKILL_BYTES)
    if result.data is None:
        return None
    text, _ = decode(result.data)
    meta = parse_front_matter(text) or {}
    folder = os.path.basename(os.path.dirname(path))
    name = " ".join(meta.get("name", "").split())
    if not name and named:
        return None
    name = name or folder
    description = " ".join(meta.get("description", "").split())
    return SkillInfo(name, description, path)


def _scan(folder: str, depth: SkillDepth | None = None, named: bool = True) -> list[SkillInfo]:
    """Every ``<folder>/*/SKILL.md``, by folder name; a missing folder lists nothing.

    With the agent's ``depth`` (``Profile.skill_depth``), every ``SKILL.md`` from the
    folder itself down to ``depth.max_depth`` folders below it instead, dot folders left
    out where the agent skips them; then a skill needs a ``name`` in its front matter
    unless ``named`` (codex 0.171.0 lists neither a nameless one nor one seven folders
    deep: oracle, 2026-12-06)."""
    if depth is None:
        try:
            names = sorted(os.listdir(folder))
        except (OSError, ValueError):
            return []
        found = [
            read_skill(os.path.join(folder, n, _SKILL_FILE)) for n in names[:_MAX_SKILLS_PER_DIR]
        ]
        return [info for info in found if info is not None]
    skills: list[SkillInfo] = []
    level = [folder]
    for _ in range(depth.max_depth + 1):
        below: list[str] = []
        for current in level:
            info = read_skill(os.path.join(current, _SKILL_FILE), named=named)
            if info is not None and len(skills) < _MAX_SKILLS_PER_DIR:
                skills.append(info)
            try:
                names = sorted(os.listdir(current))
            except (OSError, ValueError):
                continue
            below += [
                os.path.join(current, n)
                for n in names
                if not (depth.skip_dot and n.startswith("."))
                and os.path.isdir(os.path.join(current, n))
            ]
        level = below[:_MAX_SKILLS_PER_DIR]
    return skills


def skill_folders(
    root: str | os.PathLike[str],
    profile: str = DEFAULT_PROFILE,
    *,
    home: str | os.PathLike[str] | None = None,
    environ: Mapping[str, str] | None = None,
) -> list[str]:
    """The folders a profile looks in, user first; also what a watcher should watch."""
    prof = get_profile(profile)
    env = os.environ if environ is None else environ
    home_path, _ = resolve_home(home, environ)
    user_dir: str | None = None
    override = env.get(prof.skills_dir_env) if prof.skills_dir_env else None
    if override:
        user_dir = os.path.abspath(override)
    elif home_path is not None:
        user_dir = os.path.join(home_path, prof.user_dir)
    folders = [os.path.join(user_dir, d) for d in prof.skill_dirs] if user_dir else []
    if home_path is not None:
        folders += [os.path.join(home_path, d) for d in prof.home_skill_dirs]
    base = os.path.abspath(os.fspath(root))
    walked = walk_directories(prof.walk, base).directories if prof.skills_follow_walk else [base]
    folders += [os.path.join(f, d) for f in walked for d in prof.project_skill_dirs]
    return folders


def discover_skills(
    root: str | os.PathLike[str],
    profile: str = DEFAULT_PROFILE,
    *,
    home: str | os.PathLike[str] | None = None,
    environ: Mapping[str, str] | None = None,
) -> list[SkillInfo]:
    """The skills a profile would list for ``root``, sorted by name; never raises on disk
    content (an unknown profile name is a KeyError)."""
    prof = get_profile(profile)
    depth = prof.skill_depth
    named = depth is not None and not (
        prof.skill_precedence is not None and prof.skill_precedence.name_from_folder
    )
    by_key: dict[str, SkillInfo] = {}
    for folder in skill_folders(root, profile, home=home, environ=environ):
        for info in _scan(folder, depth, named):
            by_key[info.path if prof.skills_by_path else info.name] = info
    return sorted(by_key.values(), key=lambda s: (s.name, s.path))


def skills_delta(before: Sequence[SkillInfo], after: Sequence[SkillInfo]) -> SkillsDelta:
    """Added, removed and changed (same name, new description or path) skills, by name."""
    old = {s.name: s for s in before}
    new = {s.name: s for s in after}
    added = tuple(sorted((new[n] for n in new.keys() - old.keys()), key=lambda s: s.name))
    removed = tuple(sorted((old[n] for n in old.keys() - new.keys()), key=lambda s: s.name))
    changed = tuple(
        sorted((new[n] for n in new.keys() & old.keys() if new[n] != old[n]), key=lambda s: s.name)
    )
    return SkillsDelta(added, removed, changed)
